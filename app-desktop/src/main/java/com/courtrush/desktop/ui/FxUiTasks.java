package com.courtrush.desktop.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.concurrent.Task;

/** {@link UiTasks} on a pool of daemon threads, with JavaFX {@link Task}s. */
public final class FxUiTasks implements UiTasks, AutoCloseable {

    private final ExecutorService pool;
    private final Notices notices;

    public FxUiTasks(Notices notices) {
        this.notices = notices;
        AtomicInteger count = new AtomicInteger();
        this.pool = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "console-work-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    @Override
    public <T> void run(String what, Callable<T> work, Consumer<T> onSuccess) {
        run(what, work, onSuccess, error -> notices.failed(what, error));
    }

    @Override
    public <T> void run(String what, Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure) {
        Task<T> task = new Task<>() {
            @Override
            protected T call() throws Exception {
                return work.call();
            }
        };
        task.setOnSucceeded(event -> onSuccess.accept(task.getValue()));
        task.setOnFailed(event -> onFailure.accept(task.getException()));
        pool.execute(task);
    }

    @Override
    public <T> void runWithProgress(String what, ProgressWork<T> work, Progress progress, Consumer<T> onSuccess,
            Consumer<Throwable> onFailure) {
        run(what, () -> work.run((fraction, message) -> Platform.runLater(() -> progress.update(fraction, message))),
                onSuccess, onFailure);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
