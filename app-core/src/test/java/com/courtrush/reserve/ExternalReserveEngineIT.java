package com.courtrush.reserve;

import com.courtrush.support.ExternalServices;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The scenarios on the machine's MariaDB/MySQL, Redis and RabbitMQ. Skipped when they are not
 * reachable, except under {@code CI=true}, where their absence fails the run.
 */
@ExtendWith(ExternalServices.class)
class ExternalReserveEngineIT extends ReserveEngineScenarios {

    @DynamicPropertySource
    static void external(DynamicPropertyRegistry registry) {
        ExternalServices.register(registry);
        try {
            String dataDir = Files.createTempDirectory("courtrush-it-ext-").toString();
            registry.add("courtrush.data-dir", () -> dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
