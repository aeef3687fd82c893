package com.courtrush.infra.embedded;

import com.courtrush.infra.lifecycle.EngineStop;
import com.courtrush.infra.lifecycle.StoppedWhileStarting;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
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
 * One start of Qpid Broker-J in this process, from its start until its shutdown: {@link EmbeddedAmqpBroker} makes a
 * new one on the same store, port and password when the store of this one fails.
 */
final class QpidRun {

    private static final Logger log = LoggerFactory.getLogger(QpidRun.class);
    private static final String QPID_SHUTDOWN_HOOK_FIELD = "_shutdownHook";
    /** Where the Derby store of earlier versions lived (decision 15), moved aside once (decision 19). */
    private static final String RETIRED_DERBY_STORE = "store";

    private static final String JE_IO_STATS = "I/O";
    private static final String JE_LOG_FORCES = "nLogFSyncs";

    private final SystemLauncher launcher;
    private final Broker<?> broker;
    private final int port;

    private QpidRun(SystemLauncher launcher, Broker<?> broker, int port) {
        this.launcher = launcher;
        this.broker = broker;
        this.port = port;
    }

    /**
     * Starts Qpid on {@code port} (0: a free one), unless {@code stop} is requested before it has started: then what
     * has started of it is shut down and {@link StoppedWhileStarting} thrown (Qpid's start itself is not cut short: a
     * few seconds).
     */
    static QpidRun start(Path workDir, int port, String password, EngineStop stop) throws Exception {
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
                                    Integer.toString(port),
                                    "courtrush.amqp.username",
                                    EmbeddedAmqpBroker.USERNAME,
                                    "courtrush.amqp.password",
                                    password,
                                    // Without this Qpid answers x-dead-letter-* arguments with 542 and closes the
                                    // connection.
                                    "queue.behaviourOnUnknownDeclareArgument",
                                    "IGNORE",
                                    "qpid.broker.bdbTotalCacheSize",
                                    Long.toString(EmbeddedAmqpBroker.STORE_CACHE_BYTES),
                                    "qpid.broker.defaultPreferenceStoreAttributes",
                                    "{\"type\": \"Noop\"}")));
            if (startFailure.get() != null) {
                throw startFailure.get();
            }
            Broker<?> broker = broker(systemConfig.get());
            requireStoreOpen(broker, workDir);
            int bound = boundPort(broker);
            leaveTheShutdownToTheOwner(broker);
            stop.check("the embedded AMQP broker's start (shut down again)");
            return new QpidRun(launcher, broker, bound);
        } catch (Exception e) {
            // A half-started broker keeps non-daemon threads alive: shut it down before giving up.
            shutdownAfterAFailedStart(launcher);
            throw e;
        }
    }

    int port() {
        return port;
    }

    Broker<?> broker() {
        return broker;
    }

    /**
     * Why the message store cannot keep messages, or empty while it can. Berkeley DB marks its environment invalid
     * after a failed write (a disk error, a full disk, a corrupted log); Qpid leaves its virtual host ACTIVE then, but
     * every publish waits for a confirm that never comes, so the environment itself is asked: reading its statistics
     * fails once it is invalid.
     */
    Optional<String> storeFailure() {
        for (VirtualHostNode<?> node : broker.getVirtualHostNodes()) {
            if (node.getState() != State.ACTIVE) {
                return Optional.of("virtual host node '" + node.getName() + "' is " + node.getState());
            }
            if (node.getConfigurationStore() instanceof BDBConfigurationStore store) {
                try {
                    store.getEnvironmentFacade().getEnvironmentStatistics(false);
                } catch (RuntimeException e) {
                    return Optional.of(e.getMessage());
                }
            }
        }
        return Optional.empty();
    }

    /** See {@link EmbeddedAmqpBroker#logForces()}; -1 too while the store has failed (the watch reports that). */
    long logForces() {
        for (VirtualHostNode<?> node : broker.getVirtualHostNodes()) {
            if (node.getConfigurationStore() instanceof BDBConfigurationStore store) {
                Map<String, Object> io;
                try {
                    io = store.getEnvironmentFacade()
                            .getEnvironmentStatistics(false)
                            .getOrDefault(JE_IO_STATS, Map.of());
                } catch (RuntimeException failed) {
                    return -1;
                }
                // Berkeley DB leaves a statistic out while it is 0: a store just opened has forced nothing yet
                return io.get(JE_LOG_FORCES) instanceof Number forces ? forces.longValue() : 0;
            }
        }
        return -1;
    }

    void shutdown() {
        launcher.shutdown();
    }

    /**
     * Lets go of what a new broker needs while what is left of this failed one shuts down: its store is closed the
     * way Qpid closes it when its virtual host stops (committer, databases, environment, and its claim on the
     * store's folder; Qpid may have closed the environment itself already, and then says so), and its AMQP port stops
     * listening.
     */
    void releaseAfterAFailure() {
        for (VirtualHostNode<?> node : broker.getVirtualHostNodes()) {
            if (node.getConfigurationStore() instanceof BDBConfigurationStore store) {
                try {
                    store.getEnvironmentFacade().close();
                } catch (RuntimeException e) {
                    log.info("The failed message store was closed in part before: {}", e.getMessage());
                }
            }
        }
        for (Port<?> amqp : broker.getPorts()) {
            amqp.closeAsync();
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
        try (InputStream in = QpidRun.class.getResourceAsStream(resource)) {
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
     * then failed. The broker belongs to this process and {@link EmbeddedAmqpBroker#close()} stops it after its
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

    private static void shutdownAfterAFailedStart(SystemLauncher launcher) {
        try {
            launcher.shutdown();
        } catch (RuntimeException e) {
            log.warn("Embedded AMQP broker did not shut down cleanly after a failed start", e);
        }
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
