package com.courtrush;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** {@link HistoryCosts} on the embedded stack: H2 in MySQL mode, its file written with the past before the start. */
class HistoryCostIT extends HistoryCosts {

    @DynamicPropertySource
    static void embeddedWithAPast(DynamicPropertyRegistry registry) {
        try {
            Path dataDir = Files.createTempDirectory("courtrush-it-history-");
            Files.createDirectories(dataDir.resolve("db"));
            fill(
                    "jdbc:h2:file:" + dataDir.resolve("db").resolve("courtrush")
                            + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE;"
                            + "DEFAULT_NULL_ORDERING=HIGH",
                    "sa",
                    "",
                    EIGHT_MONTHS);
            registry.add("courtrush.infra.mode", () -> "embedded");
            registry.add("courtrush.data-dir", dataDir::toString);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
