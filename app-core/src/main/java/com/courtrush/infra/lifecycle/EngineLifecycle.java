package com.courtrush.infra.lifecycle;

import com.courtrush.infra.release.FirstLogLine;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;

/**
 * Runs one engine so that its start and its stop are one lifecycle: a stop at any moment of the
 * start ends the start at its next step, everything the start had begun is stopped, and only then
 * does the JVM go on. The headless server's {@code main} and the console run the engine through one.
 *
 * <p>Spring Boot's own shutdown hook closes the context beside the start: it waits for the refresh,
 * but gives up as soon as it finds the starting thread waiting on anything (a future, a process) and
 * lets the JVM exit mid-start — a redis-server spawned a moment before was left running, and steps
 * that failed because of the shutdown were taken for real failures. Here the JVM's shutdown hook is
 * this lifecycle's: it {@linkplain EngineStop#request requests the stop}, waits for the start to end
 * (at most {@link #START_END_WAIT}), closes what did start, in its usual order, and then stops the
 * logging system (Boot's hook did that last). The console's {@link #stop} does the same.
 */
public final class EngineLifecycle {

    /** The longest a stop waits for a start to end before it lets the JVM go anyway. */
    static final Duration START_END_WAIT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(EngineLifecycle.class);
    private static final String JVM_SHUTDOWN = "the JVM is shutting down";

    private final EngineStop stop = new EngineStop();
    private final CountDownLatch startEnded = new CountDownLatch(1);
    private final Thread jvmShutdown = new Thread(this::jvmShuttingDown, "courtrush-shutdown");
    /** Set once {@link #run} is called: a stop before it has no start to wait for, and the start checks it first. */
    private volatile boolean runCalled;

    private volatile ConfigurableApplicationContext context;

    /**
     * Runs {@code application}; returns the running engine, or throws {@link StoppedWhileStarting} when a
     * stop cut its start short (already said in the log), or the start's failure.
     */
    public ConfigurableApplicationContext run(SpringApplication application, String... args) {
        // this lifecycle's hook closes the context, once the start has ended
        application.setRegisterShutdownHook(false);
        application.addInitializers(new Owner());
        application.addListeners(new FirstLogLine());
        runCalled = true;
        try {
            Runtime.getRuntime().addShutdownHook(jvmShutdown);
        } catch (IllegalStateException shutdownInProgress) {
            stop.request(JVM_SHUTDOWN);
        }
        try {
            stop.check("the start's beginning");
            return application.run(args);
        } catch (RuntimeException e) {
            if (stop.requested()) {
                StoppedWhileStarting stopped = StoppedWhileStarting.in(e);
                throw stopped != null ? stopped : stop.stopped("starting", e);
            }
            forgetJvmShutdown();
            throw e;
        } finally {
            startEnded.countDown();
        }
    }

    /**
     * Stops the engine for its owner ({@code why}: e.g. the console closing): a start under way is cut
     * short and waited for, a running engine closed; returns once everything it started has stopped.
     */
    public void stop(String why) {
        stop.request(why);
        endTheStartAndClose();
        forgetJvmShutdown();
    }

    private void jvmShuttingDown() {
        boolean starting = runCalled && startEnded.getCount() > 0;
        stop.request(JVM_SHUTDOWN);
        if (starting) {
            log.info(
                    "Stopping while starting ({}): the start ends at its next step, and what it has started stops "
                            + "before the JVM exits",
                    JVM_SHUTDOWN);
        }
        endTheStartAndClose();
        Runnable loggingShutdown =
                LoggingSystem.get(EngineLifecycle.class.getClassLoader()).getShutdownHandler();
        if (loggingShutdown != null) {
            loggingShutdown.run();
        }
    }

    private void endTheStartAndClose() {
        if (runCalled && !awaitStartEnd()) {
            log.warn(
                    "The start did not end within {} s of the stop; leaving it to the JVM's exit",
                    START_END_WAIT.toSeconds());
            return;
        }
        ConfigurableApplicationContext engine = context;
        if (engine != null && engine.isActive()) {
            engine.close();
        }
    }

    private boolean awaitStartEnd() {
        try {
            return startEnded.await(START_END_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void forgetJvmShutdown() {
        try {
            Runtime.getRuntime().removeShutdownHook(jvmShutdown);
        } catch (IllegalStateException shutdownInProgress) {
            // it is running
        }
    }

    /** Gives the context this lifecycle's stop, before {@link StartChecks} would give it one of its own. */
    private final class Owner implements ApplicationContextInitializer<ConfigurableApplicationContext>, Ordered {

        @Override
        public void initialize(ConfigurableApplicationContext applicationContext) {
            context = applicationContext;
            applicationContext.getBeanFactory().registerSingleton(EngineStop.BEAN, stop);
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }
    }
}
