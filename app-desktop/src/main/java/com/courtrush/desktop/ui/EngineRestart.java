package com.courtrush.desktop.ui;

import com.courtrush.backup.api.RestorePlan;

/**
 * The console's engine started again on a restored backup (issue 54): what the restore's view model asks of the
 * console, which owns the engine. {@link #restartOn} runs off the JavaFX thread; {@link #reopen} and {@link #failed}
 * on it.
 */
public interface EngineRestart {

    /** The console cannot restart its engine (a console without one: tests of other screens). */
    EngineRestart NONE = new EngineRestart() {
        @Override
        public void restartOn(RestorePlan plan, UiTasks.Progress progress) {
            throw new IllegalStateException("This console cannot restart its engine");
        }

        @Override
        public void reopen(String notice) {}

        @Override
        public void failed(String message) {}
    };

    /**
     * Stops the engine, puts the backup in place of its database and starts it again on it, saying how far it got;
     * returns once the engine runs again, or throws why not.
     */
    void restartOn(RestorePlan plan, UiTasks.Progress progress) throws Exception;

    /** The engine runs on the backup: staff sign in again, the window opens anew, then {@code notice} is shown. */
    void reopen(String notice);

    /** The engine did not start again: {@code message} says so and what to do; the console cannot go on. */
    void failed(String message);
}
