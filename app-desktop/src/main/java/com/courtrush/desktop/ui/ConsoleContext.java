package com.courtrush.desktop.ui;

import com.courtrush.account.Caller;
import com.courtrush.desktop.i18n.I18n;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.context.ApplicationContext;

/**
 * What every screen needs: texts, background work, notices, the engine's desks, a clock for
 * polling, and who is signed in at the desk.
 */
public record ConsoleContext(
        I18n i18n,
        UiTasks tasks,
        Notices notices,
        ApplicationContext engine,
        ScheduledExecutorService ticker,
        Caller staff) {

    /** How the audit trail names whoever is signed in at this console ("staff:&lt;id&gt;"). */
    public String actor() {
        return staff.actor();
    }

    /**
     * One of the engine's desks ({@code <feature>.api}, e.g. {@code CourtDesk}), or a plain value such as
     * its {@link java.time.Clock}; {@code ConsoleArchitectureTest} refuses a look-up of anything else.
     */
    public <T> T service(Class<T> type) {
        return engine.getBean(type);
    }

    /** Runs {@code tick} every {@code period} until the returned handle is cancelled. */
    public ScheduledFuture<?> every(Duration period, Runnable tick) {
        return ticker.scheduleWithFixedDelay(tick, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }
}
