package com.courtrush.desktop.ui;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * What every screen needs: texts, background work, notices, the engine's desks ({@link Desks}: all
 * it may use of the engine), a clock for polling, and who is signed in at the desk; and the console's
 * way to start its engine again on a restored backup ({@link EngineRestart}).
 */
public record ConsoleContext(
        I18n i18n,
        UiTasks tasks,
        Notices notices,
        Desks desks,
        ScheduledExecutorService ticker,
        Caller staff,
        EngineRestart restart) {

    /** A console whose engine is not restarted from a screen. */
    public ConsoleContext(
            I18n i18n, UiTasks tasks, Notices notices, Desks desks, ScheduledExecutorService ticker, Caller staff) {
        this(i18n, tasks, notices, desks, ticker, staff, EngineRestart.NONE);
    }

    /** Runs {@code tick} every {@code period} until the returned handle is cancelled. */
    public ScheduledFuture<?> every(Duration period, Runnable tick) {
        return ticker.scheduleWithFixedDelay(tick, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }
}
