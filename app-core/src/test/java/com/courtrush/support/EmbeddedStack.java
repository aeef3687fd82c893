package com.courtrush.support;

import com.courtrush.CourtRushServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
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

    /**
     * Starts an engine on the embedded stack in {@code dataDir} (a restart, a restore), with the tests'
     * admin token and fast password hashing; {@code more} adds run arguments.
     */
    public static ConfigurableApplicationContext start(Path dataDir, String... more) {
        List<String> args = new ArrayList<>(List.of(
                "--courtrush.data-dir=" + dataDir,
                "--courtrush.admin-token=" + TestApi.ADMIN_TOKEN,
                "--courtrush.auth.bcrypt-strength=4",
                "--courtrush.auth.sign-in-hold=0s",
                "--server.port=0",
                "--spring.jmx.enabled=false"));
        args.addAll(List.of(more));
        // run arguments, not builder properties: those are defaults that application.yml overrides
        return new SpringApplicationBuilder(CourtRushServer.class)
                .initializers(new TestClock.Install())
                .run(args.toArray(String[]::new));
    }

    /** The HTTP port an engine started by {@link #start} listens on. */
    public static int port(ConfigurableApplicationContext engine) {
        return ((WebServerApplicationContext) engine).getWebServer().getPort();
    }

    private EmbeddedStack() {}
}
