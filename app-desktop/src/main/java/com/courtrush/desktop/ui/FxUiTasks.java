package com.courtrush.desktop.ui;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.concurrent.Task;

/**
 * {@link UiTasks} on a pool of daemon threads, with JavaFX {@link Task}s. Work started while the engine is in a
 * maintenance of its own is refused at once, in words ({@link MaintenanceRefusal}).
 */
public final class FxUiTasks implements UiTasks, AutoCloseable {

    private final ExecutorService pool;
    private final Notices notices;
    private final Supplier<Optional<String>> maintenance;
    private final ReadOnlyStringWrapper busy = new ReadOnlyStringWrapper("");
    private final Deque<String> running = new ArrayDeque<>();
    /** Tasks handed to the pool whose results have not yet been handed back on the JavaFX thread. */
    private final AtomicInteger inFlight = new AtomicInteger();

    /** Tasks for a console whose engine is never in a maintenance. */
    public FxUiTasks(Notices notices) {
        this(notices, Optional::empty);
    }

    /**
     * @param maintenance what staff read while the engine is in a maintenance of its own ({@link
     *     EngineMaintenance#said}), else empty
     */
    public FxUiTasks(Notices notices, Supplier<Optional<String>> maintenance) {
        this.notices = notices;
        this.maintenance = maintenance;
        AtomicInteger count = new AtomicInteger();
        this.pool = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "console-work-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public ReadOnlyStringProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    @Override
    public <T> void run(String what, Callable<T> work, Consumer<T> onSuccess) {
        onFx(() -> started(what));
        run(
                what,
                work,
                result -> {
                    finished(what);
                    onSuccess.accept(result);
                },
                error -> {
                    finished(what);
                    notices.failed(what, error);
                });
    }

    private void started(String what) {
        running.addLast(what);
        busy.set(what);
    }

    private void finished(String what) {
        running.removeFirstOccurrence(what);
        busy.set(running.isEmpty() ? "" : running.peekLast());
    }

    private static void onFx(Runnable action) {
        if (Platform.isFxApplicationThread()) {
            action.run();
        } else {
            Platform.runLater(action);
        }
    }

    @Override
    public <T> void run(String what, Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        Optional<String> underWay = maintenance.get();
        if (underWay.isPresent()) {
            // the engine's database is closed to be compacted (issue 77): the work would wait unseen for a connection
            // the pool does not give; refused now, handed back later on the JavaFX thread like any failure
            MaintenanceRefusal refusal = new MaintenanceRefusal(underWay.get());
            inFlight.incrementAndGet();
            Platform.runLater(() -> {
                try {
                    onFailure.accept(refusal);
                } finally {
                    inFlight.decrementAndGet();
                }
            });
            return;
        }
        Task<T> task = new Task<>() {
            @Override
            protected T call() throws Exception {
                return work.call();
            }
        };
        task.setOnSucceeded(event -> {
            try {
                onSuccess.accept(task.getValue());
            } finally {
                inFlight.decrementAndGet();
            }
        });
        task.setOnFailed(event -> {
            try {
                onFailure.accept(task.getException());
            } finally {
                inFlight.decrementAndGet();
            }
        });
        inFlight.incrementAndGet();
        pool.execute(task);
    }

    /** Whether no task is running or waiting to hand its result back: what the screens asked for has arrived. */
    public boolean idle() {
        return inFlight.get() == 0;
    }

    @Override
    public <T> void runWithProgress(
            String what,
            ProgressWork<T> work,
            Progress progress,
            Consumer<T> onSuccess,
            Consumer<Throwable> onFailure) {
        run(
                what,
                () -> work.run((fraction, message) -> Platform.runLater(() -> progress.update(fraction, message))),
                onSuccess,
                onFailure);
    }

    /**
     * Takes no more work; what runs finishes on its daemon thread (never interrupted: it may be in the engine's JDBC,
     * decision 34).
     */
    @Override
    public void close() {
        pool.shutdown();
    }
}
