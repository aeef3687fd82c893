package com.courtrush;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.SignInScenarios;
import com.courtrush.opening.OpeningClockScenarios;
import com.courtrush.pay.LifecycleScenarios;
import com.courtrush.reserve.DeadLetterScenarios;
import com.courtrush.reserve.ReserveScenarios;
import com.courtrush.security.SecurityScenarios;
import com.courtrush.staff.StaffScenarios;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.StackTest;
import com.courtrush.infra.EmbeddedRedis;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** Every scenario on the embedded stack: redis-server child process, in-process Qpid, H2 file database. */
class EmbeddedStackIT extends StackTest
        implements ReserveScenarios, LifecycleScenarios, DeadLetterScenarios, StaffScenarios, SignInScenarios,
        SecurityScenarios, OpeningClockScenarios {

    @Value("${courtrush.data-dir}")
    Path dataDir;

    /** The database, the broker's store and the secrets are no other local user's to read. */
    @Test
    void theDataDirectoryAndEverythingInItArePrivate() throws IOException {
        try (Stream<Path> all = Files.walk(dataDir)) {
            assertThat(all.filter(p -> !Files.isSymbolicLink(p)).map(p -> dataDir.relativize(p) + " "
                            + modeOf(p)))
                    .isNotEmpty()
                    .allSatisfy(entry -> assertThat(entry).matches(".* (rwx------|rw-------)"));
        }
    }

    /** Other local processes cannot use the embedded redis-server: it wants a password. */
    @Test
    void theEmbeddedRedisServerRequiresAPassword() throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), bean(EmbeddedRedis.class).port())) {
            socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            assertThat(answer).startsWith("-NOAUTH");
        }
    }

    private static String modeOf(Path path) {
        try {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Nothing of a test (or of a second install) lands in the user's own ~/.courtrush. */
    @Test
    void theDatabaseLivesInTheConfiguredDataDirectory() {
        assertThat(jdbc().queryForObject("select database_path()", String.class))
                .startsWith(dataDir.resolve("db").toString());
    }

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) {
        EmbeddedStack.register(registry, "courtrush-it-");
    }
}
