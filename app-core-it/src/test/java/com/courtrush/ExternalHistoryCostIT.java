package com.courtrush;

import com.courtrush.support.ExternalServices;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link HistoryCosts} on the machine's MariaDB/MySQL (a database of its own, written with the past before the
 * start, its statistics taken), Redis and RabbitMQ.
 */
@ExtendWith(ExternalServices.class)
@DirtiesContext
class ExternalHistoryCostIT extends HistoryCosts {

    static final String DATABASE = "courtrush_history";

    @DynamicPropertySource
    static void externalWithAPast(DynamicPropertyRegistry registry) {
        ExternalServices.registerOn(registry, DATABASE);
        fill(
                ExternalServices.jdbcUrl(DATABASE, "&rewriteBatchedStatements=true"),
                ExternalServices.mysqlUser(),
                ExternalServices.mysqlPassword());
        try {
            String dataDir =
                    Files.createTempDirectory("courtrush-it-history-ext-").toString();
            registry.add("courtrush.data-dir", () -> dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
