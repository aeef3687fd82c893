package com.courtrush.desktop.ui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyStringProperty;

/**
 * Runs engine calls off the JavaFX thread and hands their results back on it. View models use it
 * for everything that does I/O, so the window never freezes.
 */
public interface UiTasks {

    /**
     * What staff-started work is running now ("" when none), for the status bar; polling is not
     * counted.
     */
    ReadOnlyStringProperty busyProperty();

    /** Runs {@code work}; {@code onSuccess} gets its result, a failure is shown to the user. */
    <T> void run(String what, Callable<T> work, Consumer<T> onSuccess);

    /** Runs {@code work}; {@code onFailure} handles a failure (for polling: no dialog every second). */
    <T> void run(String what, Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onFailure);

    /** Long work with progress: {@code work} reports through the given {@link Progress}. */
    <T> void runWithProgress(
            String what, ProgressWork<T> work, Progress progress, Consumer<T> onSuccess, Consumer<Throwable> onFailure);

    /** Work that reports progress as it goes. */
    @FunctionalInterface
    interface ProgressWork<T> {
        T run(Progress progress) throws Exception;
    }

    /** Where long work reports how far it got (0..1, or negative for "unknown"). */
    interface Progress {
        void update(double fraction, String message);
    }
}
