package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.api.CompactionRun;
import com.courtrush.retention.desk.HistoryDesk;
import java.time.Duration;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * "Compact the database now" in Settings → History kept (issue 77): after a large sweep a manager gives the freed
 * space back without restarting, as a job followed off the JavaFX thread (its state is in Redis, read while the
 * database is closed) — then the file's size before and after and how long students were asked to wait, or why it was
 * not made.
 */
public final class CompactionViewModel {

    private final HistoryDesk history;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller manager;
    private final Duration poll;

    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final StringProperty state = new SimpleStringProperty("");

    public CompactionViewModel(HistoryDesk history, UiTasks tasks, Notices notices, I18n i18n, Caller manager) {
        this(history, tasks, notices, i18n, manager, HistorySweepViewModel.POLL);
    }

    CompactionViewModel(HistoryDesk history, UiTasks tasks, Notices notices, I18n i18n, Caller manager, Duration poll) {
        this.history = history;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.manager = manager;
        this.poll = poll;
    }

    /** Starts a compaction (or follows the one running) until it ends; the button waits meanwhile. */
    public void compactNow() {
        if (running.get()) {
            return;
        }
        running.set(true);
        state.set(i18n.t("compact.running"));
        String what = i18n.t("compact.now");
        tasks.run(what, this::follow, this::ended, failure -> {
            running.set(false);
            state.set("");
            notices.failed(what, failure);
        });
    }

    private StaffJob<CompactionRun> follow() throws InterruptedException {
        StaffJob<CompactionRun> job = history.compactNow(manager);
        while (job.state() == JobState.RUNNING) {
            Thread.sleep(poll.toMillis());
            job = history.compaction(job.id());
        }
        return job;
    }

    private void ended(StaffJob<CompactionRun> job) {
        running.set(false);
        CompactionRun run = job.result();
        if (job.state() == JobState.FAILED) {
            state.set(i18n.t(
                    "compact.failed", job.failure() == null ? "" : job.failure().in(i18n.locale())));
        } else if (job.state() != JobState.DONE || run == null) {
            state.set(i18n.t("sweep.lost"));
        } else if (run.skipped() != null) {
            state.set(i18n.t("compact.skipped." + run.skipped()));
        } else {
            state.set(i18n.t(
                    "compact.done",
                    run.beforeBytes() >> 20,
                    run.afterBytes() >> 20,
                    String.format(Locale.ROOT, "%.1f", run.closedMs() / 1000.0)));
        }
    }

    /** Whether a compaction is being followed: the button waits for it. */
    public BooleanProperty runningProperty() {
        return running;
    }

    /** Where the compaction stands, or what it did once it ended. */
    public StringProperty stateProperty() {
        return state;
    }
}
