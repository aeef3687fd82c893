package com.courtrush.infra.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.CourtRushServer;
import com.courtrush.infra.config.api.SettingProblem;
import com.courtrush.setting.desk.SettingsDesk;
import com.courtrush.support.TestProperties;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.mock.env.MockEnvironment;

/**
 * Start-up settings cannot lock the staff out (issue 19, item 1): a value the engine could not
 * start with is refused when saved, and one that got into the file anyway stops the start with its
 * name and the file, and can be reset.
 */
class LocalSettingsTest {

    @Test
    void valuesTheEngineCouldNotStartWithAreRefused() {
        assertThat(SettingRules.check("server.port", "abc")).contains(SettingProblem.NOT_A_WHOLE_NUMBER);
        assertThat(SettingRules.check("server.port", "70000")).contains(SettingProblem.OUT_OF_RANGE);
        assertThat(SettingRules.check("courtrush.limits.per-ip-enabled", "maybe"))
                .contains(SettingProblem.NOT_ONE_OF_THE_CHOICES);
        assertThat(SettingRules.check("courtrush.limits.per-ip-per-second", "0"))
                .contains(SettingProblem.OUT_OF_RANGE);
        assertThat(SettingRules.check("courtrush.infra.mode", "cloud")).contains(SettingProblem.NOT_ONE_OF_THE_CHOICES);
        assertThat(SettingRules.check("spring.datasource.url", "mysql://db/x")).contains(SettingProblem.NOT_A_JDBC_URL);
        assertThat(SettingRules.check("spring.data.redis.host", "redis host")).contains(SettingProblem.NOT_A_HOST);
        assertThat(SettingRules.check("server.address", "203.0.113.7"))
                .contains(SettingProblem.NOT_AN_ADDRESS_OF_THIS_MACHINE);
        assertThat(SettingRules.check("courtrush.admin-token", "short")).contains(SettingProblem.TOKEN_TOO_SHORT);
        // the problem's words name the minimum the rule checks
        assertThat(SettingProblem.TOKEN_TOO_SHORT.english())
                .isEqualTo("is shorter than " + CourtRushProperties.ADMIN_TOKEN_MIN_LENGTH + " characters");

        for (Map.Entry<String, String> fine : Map.of(
                        "server.port",
                        "8081",
                        "courtrush.infra.mode",
                        "external",
                        "spring.datasource.url",
                        "jdbc:mysql://10.0.0.5:3306/gym",
                        "server.address",
                        "127.0.0.1",
                        "courtrush.limits.per-ip-enabled",
                        "true",
                        "spring.rabbitmq.port",
                        "5672",
                        "courtrush.limits.per-student-per-minute",
                        "0",
                        "spring.data.redis.host",
                        "redis.gym.local")
                .entrySet()) {
            assertThat(SettingRules.check(fine.getKey(), fine.getValue()))
                    .as(fine.toString())
                    .isEmpty();
        }
        assertThat(SettingRules.check("server.port", ""))
                .as("blank: the default")
                .isEmpty();
    }

    @Test
    void aRefusedSaveNamesEveryWrongValueAndSavesNothing(@TempDir Path dataDir) throws IOException {
        LocalSettings settings = settings(dataDir);
        settings.save(Map.of("server.port", "8081"));
        Map<String, String> values = new LinkedHashMap<>();
        values.put("server.port", "abc");
        values.put("courtrush.limits.per-ip-enabled", "maybe");
        values.put("courtrush.limits.node-per-second", "5000");
        assertThatThrownBy(() -> settings.save(values))
                .isInstanceOfSatisfying(
                        SettingsRejected.class,
                        rejected -> assertThat(rejected.problems())
                                .containsOnlyKeys("server.port", "courtrush.limits.per-ip-enabled"));
        assertThat(settings.saved())
                .containsEntry("server.port", "8081")
                .containsEntry("courtrush.limits.node-per-second", "");
    }

    @Test
    void aPortAnotherProgramListensOnIsRefused(@TempDir Path dataDir) throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> settings(dataDir)
                            .save(Map.of(
                                    "server.port",
                                    Integer.toString(taken.getLocalPort()),
                                    "server.address",
                                    "127.0.0.1")))
                    .isInstanceOfSatisfying(
                            SettingsRejected.class,
                            rejected -> assertThat(rejected.problems())
                                    .containsEntry("server.port", SettingProblem.PORT_IN_USE));
        }
    }

    @Test
    void aBadValueInTheFileStopsTheStartByNameAndCanBeReset(@TempDir Path dataDir) throws IOException {
        Path file = dataDir.resolve(LocalSettings.FILE_NAME);
        Files.writeString(file, "courtrush.limits.node-per-second=3000\nserver.port=abc\n");

        assertThatThrownBy(() -> new SpringApplicationBuilder(CourtRushServer.class)
                        .run("--courtrush.data-dir=" + dataDir, "--spring.jmx.enabled=false"))
                .isInstanceOfSatisfying(SavedSettingInvalid.class, bad -> {
                    assertThat(bad.setting().key()).isEqualTo("server.port");
                    assertThat(bad.setting().value()).isEqualTo("abc");
                    assertThat(bad.setting().file()).isEqualTo(file);
                    assertThat(bad.getMessage()).contains("server.port").contains(file.toString());
                    // as the console finds it among a failed start's causes
                    assertThat(SettingsDesk.badSavedSetting(new IllegalStateException("start failed", bad)))
                            .contains(bad.setting());
                });

        LocalSettings.reset(file, "server.port");
        assertThat(LocalSettings.readChecked(file))
                .containsEntry("courtrush.limits.node-per-second", "3000")
                .doesNotContainKey("server.port");
    }

    private static LocalSettings settings(Path dataDir) {
        return new LocalSettings(
                TestProperties.courtRush(Map.of("courtrush.data-dir", dataDir.toString())), new MockEnvironment());
    }
}
