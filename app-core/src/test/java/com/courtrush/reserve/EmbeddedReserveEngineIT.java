package com.courtrush.reserve;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The scenarios on the embedded stack: redis-server child process, in-process Qpid, H2 file database. */
class EmbeddedReserveEngineIT extends ReserveEngineScenarios {

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) {
        registry.add("courtrush.infra.mode", () -> "embedded");
        registry.add("courtrush.data-dir", EmbeddedReserveEngineIT::freshDataDir);
    }

    private static String freshDataDir() {
        try {
            return Files.createTempDirectory("courtrush-it-").toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
