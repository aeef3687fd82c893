package com.courtrush.infra.embedded;

import com.courtrush.infra.amqp.AmqpTopology;
import com.courtrush.infra.config.InfraConfigException;
import com.courtrush.infra.lifecycle.EngineStop;
import com.courtrush.infra.lifecycle.StoppedWhileStarting;
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
import org.apache.qpid.server.model.State;
import org.apache.qpid.server.model.SystemConfig;
import org.apache.qpid.server.model.VirtualHostNode;
import org.apache.qpid.server.store.berkeleydb.BDBConfigurationStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.ReflectionUtils;

/**
 * An in-process AMQP 0-9-1 broker (Apache Qpid Broker-J) on a free loopback port, with a password
 * made for this run. Its virtual host is durable: queues, bindings and persistent messages live in
 * a Berkeley DB Java Edition store in {@code <data-dir>/qpid/bdb}, and a publish is confirmed once
 * its message is committed there and the store's log forced to disk — one force for every commit
 * waiting at that moment (group commit, decision 19) — so a grant answered 202 survives a crash of
 * the engine and a power loss. The broker's own configuration (port, user) is made anew at each
 * start. Qpid dead-letters differently from RabbitMQ; {@link AmqpTopology} declares the queues so
 * that both brokers dead-letter them.
 */
public final class EmbeddedAmqpBroker implements AutoCloseable {

    public static final String USERNAME = "courtrush";
    public static final String VIRTUAL_HOST = "default";

    private static final Logger log = LoggerFactory.getLogger(EmbeddedAmqpBroker.class);
    private static final String QPID_SHUTDOWN_HOOK_FIELD = "_shutdownHook";
    /** Berkeley DB's cache, in the heap: the queue holds grants for milliseconds, so a small one is plenty. */
    static final long STORE_CACHE_BYTES = 16L * 1024 * 1024;
    /** Where the Derby store of earlier versions lived (decision 15), moved aside once (decision 19). */
    private static final String RETIRED_DERBY_STORE = "store";

    private static final String JE_IO_STATS = "I/O";
    private static final String JE_LOG_FORCES = "nLogFSyncs";

    private final SystemLauncher launcher;
    private final Broker<?> broker;
    private final int port;
    private final String password;

    private EmbeddedAmqpBroker(SystemLauncher launcher, Broker<?> broker, int port, String password) {
        this.launcher = launcher;
        this.broker = broker;
        this.port = port;
        this.password = password;
    }

    /** A broker outside any engine (tests): only the JVM's shutdown stops its start. */
    public static EmbeddedAmqpBroker start(Path dataDir) {
        return start(dataDir, new EngineStop());
    }

    /**
     * Starts the broker, unless {@code stop} is requested before it has started: then what has started of it
     * is shut down and {@link StoppedWhileStarting} thrown (Qpid's start itself is not cut short: a few
     * seconds).
     */
    public static EmbeddedAmqpBroker start(Path dataDir, EngineStop stop) {
        stop.check("starting the embedded AMQP broker");
        Path workDir = dataDir.resolve("qpid");
        String password = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        AtomicReference<SystemConfig<?>> systemConfig = new AtomicReference<>();
        AtomicReference<RuntimeException> startFailure = new AtomicReference<>();
        SystemLauncher launcher = new SystemLauncher(new ContainerCapture(systemConfig, startFailure));
        try {
            Files.createDirectories(workDir);
            retireDerbyStore(workDir);
            Path initialConfig = copyResource("/qpid/initial-config.json", workDir.resolve("initial-config.json"));
            // Qpid reads "classpath:" URLs only outside a fat jar; an empty file works everywhere.
            Path systemProperties = workDir.resolve("system.properties");
            Files.writeString(systemProperties, "");
            launcher.startup(Map.of(
                    "type", "Memory",
                    "initialConfigurationLocation", initialConfig.toUri().toString(),
                    "initialSystemPropertiesLocation", systemProperties.toUri().toString(),
                    "startupLoggedToSystemOut", false,
                    "context",
                            Map.of(
                                    "qpid.work_dir",
                                    workDir.toString(),
                                    "qpid.amqp_port",
                                    "0",
                                    "courtrush.amqp.username",
                                    USERNAME,
                                    "courtrush.amqp.password",
                                    password,
                                    // Without this Qpid answers x-dead-letter-* arguments with 542 and closes the
                                    // connection.
                                    "queue.behaviourOnUnknownDeclareArgument",
                                    "IGNORE",
                                    "qpid.broker.bdbTotalCacheSize",
                                    Long.toString(STORE_CACHE_BYTES),
                                    "qpid.broker.defaultPreferenceStoreAttributes",
                                    "{\"type\": \"Noop\"}")));
            if (startFailure.get() != null) {
                throw startFailure.get();
            }
            Broker<?> broker = broker(systemConfig.get());
            requireStoreOpen(broker, workDir);
            int port = boundPort(broker);
            leaveTheShutdownToTheOwner(broker);
            stop.check("the embedded AMQP broker's start (shut down again)");
            log.info("Embedded AMQP broker (Qpid Broker-J) listening on 127.0.0.1:{}", port);
            return new EmbeddedAmqpBroker(launcher, broker, port, password);
        } catch (Exception e) {
            // A half-started broker keeps non-daemon threads alive: shut it down before giving up.
            shutdownQuietly(launcher);
            if (stop.requested()) {
                // also a failure the stop caused: a JVM shutting down refuses Qpid its shutdown hook
                throw e instanceof StoppedWhileStarting stopped
                        ? stopped
                        : stop.stopped("starting the embedded AMQP broker (shut down again)", e);
            }
            throw new InfraConfigException(
                    "The embedded AMQP broker could not start: " + e.getMessage(),
                    "Check that " + workDir + " is writable, or use courtrush.infra.mode=external with RabbitMQ.",
                    e);
        }
    }

    /**
     * Earlier versions kept the broker's messages in a Derby store (decision 15). It is not read any
     * more: an upgrade stops the engine with no grant in flight (docs/deployment.md), so it holds
     * nothing; it is moved aside once, not deleted, and the log says where.
     */
    private static void retireDerbyStore(Path workDir) throws IOException {
        Path derby = workDir.resolve(RETIRED_DERBY_STORE);
        if (Files.isDirectory(derby)) {
            Path aside = workDir.resolve("derby-store-retired");
            Files.move(derby, aside, StandardCopyOption.ATOMIC_MOVE);
            Path derbyLog = workDir.resolve("derby.log");
            if (Files.exists(derbyLog)) {
                Files.move(derbyLog, aside.resolve("derby.log"), StandardCopyOption.REPLACE_EXISTING);
            }
            log.warn(
                    "The broker's store is Berkeley DB now (decision 19); the Derby store of an earlier version was "
                            + "moved to {} and is not read; it may be deleted",
                    aside);
        }
    }

    /**
     * The virtual host node holds the store; when it cannot open, Qpid logs why and leaves it in
     * ERROR, and the AMQP port then never binds. The failure names the node and its store, not the
     * port (the store's own error is logged by Qpid just before).
     */
    private static void requireStoreOpen(Broker<?> broker, Path workDir) {
        for (VirtualHostNode<?> node : broker.getVirtualHostNodes()) {
            if (node.getState() != State.ACTIVE) {
                throw new IllegalStateException("the broker's message store (virtual host node '" + node.getName()
                        + "', " + node.getType() + " in " + workDir + ") is " + node.getState()
                        + " instead of ACTIVE; Qpid logged the reason just above");
            }
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
            log.warn(
                    "Qpid's shutdown hook (field {} of {}) was not found: on SIGTERM the embedded broker may stop "
                            + "before the application's AMQP clients",
                    QPID_SHUTDOWN_HOOK_FIELD,
                    broker.getClass().getName());
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

    /**
     * Times the message store has forced its log to disk so far (Berkeley DB's {@code nLogFSyncs}):
     * about one per group of commits waiting together, not one per message; -1 when the store is not
     * Berkeley DB's.
     */
    public long logForces() {
        for (VirtualHostNode<?> node : broker.getVirtualHostNodes()) {
            if (node.getConfigurationStore() instanceof BDBConfigurationStore store) {
                Map<String, Object> io = store.getEnvironmentFacade()
                        .getEnvironmentStatistics(false)
                        .getOrDefault(JE_IO_STATS, Map.of());
                // Berkeley DB leaves a statistic out while it is 0: a store just opened has forced nothing yet
                return io.get(JE_LOG_FORCES) instanceof Number forces ? forces.longValue() : 0;
            }
        }
        return -1;
    }

    public String password() {
        return password;
    }

    @Override
    public void close() {
        launcher.shutdown();
        log.info("Embedded AMQP broker on port {} stopped", port);
    }

    /** Keeps the system configuration Qpid resolves, to read the bound port from it, and a start's failure. */
    private record ContainerCapture(AtomicReference<SystemConfig<?>> target, AtomicReference<RuntimeException> failure)
            implements SystemLauncherListener {

        @Override
        public void beforeStartup() {}

        @Override
        public void errorOnStartup(RuntimeException e) {
            failure.set(e);
        }

        @Override
        public void afterStartup() {}

        @Override
        public void onContainerResolve(SystemConfig<?> systemConfig) {
            target.set(systemConfig);
        }

        @Override
        public void onContainerClose(SystemConfig<?> systemConfig) {}

        @Override
        public void onShutdown(int exitCode) {}

        @Override
        public void exceptionOnShutdown(Exception e) {}
    }
}
