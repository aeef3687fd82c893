package com.courtrush.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import org.springframework.test.context.DynamicPropertyRegistry;

/** The embedded stack (redis-server child process, in-process Qpid, H2 file) in a fresh data directory. */
public final class EmbeddedStack {

    public static void register(DynamicPropertyRegistry registry, String dataDirPrefix) {
        try {
            String dataDir = Files.createTempDirectory(dataDirPrefix).toString();
            registry.add("courtrush.infra.mode", () -> "embedded");
            registry.add("courtrush.data-dir", () -> dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private EmbeddedStack() {
    }
}
