package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestClock;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An older release's MariaDB schema and data opened by this one (SPEC §23, issue 80): the night's dump a campus has
 * of it ({@code release/fixtures/make-mariadb.sh}, taken as docs/backups.md takes it) loaded into an empty database as
 * docs/backups.md restores one, and a node of this build started on it with Redis and the queues empty, as after
 * every node was stopped for the upgrade (docs/deployment.md "Upgrading"): the schema migrated and recorded, and
 * everything there and working ({@link UpgradedData}).
 */
@ExtendWith(ExternalServices.class)
class ExternalUpgradeIT {

    static final String DATABASE = ExternalServices.DATABASE + "_upgrade";

    @TempDir
    Path work;

    @ParameterizedTest(name = "from {0}")
    @ValueSource(strings = {"0.1.0"})
    void anOlderReleasesMariadbDataOpensWithEverythingKeptAndWorking(String version) throws Exception {
        Map<String, String> settings = new LinkedHashMap<>();
        // this JVM's place on the machine's services, Redis's database and the virtual host emptied
        ExternalServices.registerOn((name, value) -> settings.put(name, String.valueOf(value.get())), DATABASE);
        Path dump = work.resolve("dump.sql.gz");
        try (InputStream in = getClass().getResourceAsStream("/upgrade/" + version + "/mariadb.sql.gz")) {
            Files.copy(in, dump);
        }
        String client = "mariadb -h " + ExternalServices.HOST + " -P " + ExternalServices.MYSQL_PORT + " -u "
                + ExternalServices.mysqlUser()
                + (ExternalServices.mysqlPassword().isEmpty() ? "" : " -p" + ExternalServices.mysqlPassword());
        shell(client + " -e \"DROP DATABASE IF EXISTS " + DATABASE + "; CREATE DATABASE " + DATABASE
                + " CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci\"");
        shell("gunzip -c " + dump + " | " + client + " " + DATABASE);
        JsonNode made;
        try (InputStream in = getClass().getResourceAsStream("/upgrade/" + version + "/made-mariadb.json")) {
            made = new ObjectMapper().readTree(in);
        }
        settings.put("courtrush.data-dir", work.resolve("data").toString());
        settings.put("courtrush.admin-token", TestApi.ADMIN_TOKEN);
        settings.put("courtrush.auth.sign-in-hold", "0s");
        settings.put("server.port", "0");
        settings.put("spring.jmx.enabled", "false");
        String[] args = settings.entrySet().stream()
                .map(setting -> "--" + setting.getKey() + "=" + setting.getValue())
                .toArray(String[]::new);
        try (ConfigurableApplicationContext engine = new SpringApplicationBuilder(CourtRushServer.class)
                .initializers(new TestClock.Install())
                .run(args)) {
            UpgradedData.everythingKeptAndWorking(new TestApi(EmbeddedStack.port(engine)), made);
        }
    }

    private static void shell(String pipeline) throws Exception {
        Process process = new ProcessBuilder("bash", "-o", "pipefail", "-c", pipeline)
                .redirectErrorStream(true)
                .start();
        String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as("%s said: %s", pipeline, said).isZero();
    }
}
