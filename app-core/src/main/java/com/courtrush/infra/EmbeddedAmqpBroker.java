package com.courtrush.infra;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.qpid.server.SystemLauncher;
import org.apache.qpid.server.SystemLauncherListener;
import org.apache.qpid.server.model.Broker;
import org.apache.qpid.server.model.Port;
import org.apache.qpid.server.model.SystemConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.ReflectionUtils;

/**
 * An in-process AMQP 0-9-1 broker (Apache Qpid Broker-J) on a free loopback port, with a password
 * made for this run. Its virtual host is durable: queues, bindings and persistent messages live in
 * a Derby store in {@code <data-dir>/qpid/store} and a publish is confirmed once its message is
 * committed there, so a grant answered 202 survives a crash of the engine. The broker's own
 * configuration (port, user) is made anew at each start. Qpid dead-letters differently from RabbitMQ;
 * {@link AmqpTopology} declares the queues so that both brokers dead-letter them.
 */
public final class EmbeddedAmqpBroker implements AutoCloseable {

    public static final String USERNAME = "courtrush";
    public static final String VIRTUAL_HOST = "default";

    private static final Logger log = LoggerFactory.getLogger(EmbeddedAmqpBroker.class);
    private static final String QPID_SHUTDOWN_HOOK_FIELD = "_shutdownHook";
    private static final String DERBY_LOG_FILE = "derby.stream.error.file";

    private final SystemLauncher launcher;
    private final int port;
    private final String password;

    private EmbeddedAmqpBroker(SystemLauncher launcher, int port, String password) {
        this.launcher = launcher;
        this.port = port;
        this.password = password;
    }

    public static EmbeddedAmqpBroker start(Path dataDir) {
        Path workDir = dataDir.resolve("qpid");
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        AtomicReference<SystemConfig<?>> systemConfig = new AtomicReference<>();
        SystemLauncher launcher = new SystemLauncher(new ContainerCapture(systemConfig));
        try {
            Files.createDirectories(workDir);
            keepDerbysLogIn(workDir);
            Path initialConfig = copyResource("/qpid/initial-config.json", workDir.resolve("initial-config.json"));
            // Qpid reads "classpath:" URLs only outside a fat jar; an empty file works everywhere.
            Path systemProperties = workDir.resolve("system.properties");
            Files.writeString(systemProperties, "");
            launcher.startup(Map.of(
                    "type", "Memory",
                    "initialConfigurationLocation", initialConfig.toUri().toString(),
                    "initialSystemPropertiesLocation", systemProperties.toUri().toString(),
                    "startupLoggedToSystemOut", false,
                    "context", Map.of(
                            "qpid.work_dir", workDir.toString(),
                            "qpid.amqp_port", "0",
                            "courtrush.amqp.username", USERNAME,
                            "courtrush.amqp.password", password,
                            // Without this Qpid answers x-dead-letter-* arguments with 542 and closes the connection.
                            "queue.behaviourOnUnknownDeclareArgument", "IGNORE",
                            "qpid.broker.defaultPreferenceStoreAttributes", "{\"type\": \"Noop\"}")));
            Broker<?> broker = broker(systemConfig.get());
            int port = boundPort(broker);
            leaveTheShutdownToTheOwner(broker);
            log.info("Embedded AMQP broker (Qpid Broker-J) listening on 127.0.0.1:{}", port);
            return new EmbeddedAmqpBroker(launcher, port, password);
        } catch (Exception e) {
            // A half-started broker keeps non-daemon threads alive: shut it down before giving up.
            shutdownQuietly(launcher);
            throw new InfraConfigException("The embedded AMQP broker could not start: " + e.getMessage(),
                    "Check that " + workDir + " is writable, or use courtrush.infra.mode=external with RabbitMQ.", e);
        }
    }

    /**
     * Derby writes its log to {@code derby.log} in the working directory unless told otherwise; it
     * goes next to the store instead, recreated at each start. The setting is the JVM's: a Derby
     * already booted in this JVM (a second engine in one test run) keeps its first log.
     */
    private static void keepDerbysLogIn(Path workDir) {
        if (System.getProperty(DERBY_LOG_FILE) == null) {
            System.setProperty(DERBY_LOG_FILE, workDir.resolve("derby.log").toAbsolutePath().toString());
        }
    }

    private static Path copyResource(String resource, Path target) throws IOException {
        try (InputStream in = EmbeddedAmqpBroker.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing resource " + resource);
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        }
    }

    private static Broker<?> broker(SystemConfig<?> systemConfig) {
        if (systemConfig == null) {
            throw new IllegalStateException("Qpid started without a system configuration");
        }
        return (Broker<?>) systemConfig.getContainer(Broker.class);
    }

    private static int boundPort(Broker<?> broker) {
        return broker.getPorts().stream()
                .filter(p -> "AMQP".equals(p.getName()))
                .mapToInt(Port::getBoundPort)
                .filter(p -> p > 0)
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("Qpid's AMQP port is not bound"));
    }

    /**
     * Qpid registers a JVM shutdown hook that stops the broker at once, beside Spring's hook that
     * closes the application: on SIGTERM or Ctrl+C the broker went away under the listener
     * containers and the publisher (connection errors in the log) and Spring's close of this bean
     * then failed. The broker belongs to this process and {@link #close()} stops it after its
     * clients, so its own hook is taken out. Qpid keeps the hook in a private field; if a later
     * version does not, the broker keeps its hook and this is logged once.
     */
    private static void leaveTheShutdownToTheOwner(Broker<?> broker) {
        Field field = ReflectionUtils.findField(broker.getClass(), QPID_SHUTDOWN_HOOK_FIELD, Thread.class);
        if (field == null) {
            log.warn("Qpid's shutdown hook (field {} of {}) was not found: on SIGTERM the embedded broker may stop "
                    + "before the application's AMQP clients", QPID_SHUTDOWN_HOOK_FIELD, broker.getClass().getName());
            return;
        }
        ReflectionUtils.makeAccessible(field);
        Runtime.getRuntime().removeShutdownHook((Thread) ReflectionUtils.getField(field, broker));
    }

    private static void shutdownQuietly(SystemLauncher launcher) {
        try {
            launcher.shutdown();
        } catch (RuntimeException e) {
            log.warn("Embedded AMQP broker did not shut down cleanly after a failed start", e);
        }
    }

    public int port() {
        return port;
    }

    public String password() {
        return password;
    }

    @Override
    public void close() {
        launcher.shutdown();
        log.info("Embedded AMQP broker on port {} stopped", port);
    }

    /** Keeps the system configuration Qpid resolves, to read the bound port from it. */
    private record ContainerCapture(AtomicReference<SystemConfig<?>> target) implements SystemLauncherListener {

        @Override
        public void beforeStartup() {
        }

        @Override
        public void errorOnStartup(RuntimeException e) {
        }

        @Override
        public void afterStartup() {
        }

        @Override
        public void onContainerResolve(SystemConfig<?> systemConfig) {
            target.set(systemConfig);
        }

        @Override
        public void onContainerClose(SystemConfig<?> systemConfig) {
        }

        @Override
        public void onShutdown(int exitCode) {
        }

        @Override
        public void exceptionOnShutdown(Exception e) {
        }
    }
}
