package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.api.RetentionRun;
import com.courtrush.retention.desk.HistoryDesk;
import java.time.Duration;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * "Sweep now" in Settings → History kept (issue 77): a manager starts the sweep the engine makes every hour, as a job
 * answered at once, and follows it off the JavaFX thread — its progress kind by kind, then what it removed, why it
 * swept nothing, or why it failed. A sweep already running (someone else's, or another node's) is followed instead.
 */
public final class HistorySweepViewModel {

    /** How often a running sweep is asked how far it got. */
    public static final Duration POLL = Duration.ofMillis(500);

    private final HistoryDesk history;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller manager;
    private final Duration poll;

    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty state = new SimpleStringProperty("");

    public HistorySweepViewModel(HistoryDesk history, UiTasks tasks, Notices notices, I18n i18n, Caller manager) {
        this(history, tasks, notices, i18n, manager, POLL);
    }

    HistorySweepViewModel(
            HistoryDesk history, UiTasks tasks, Notices notices, I18n i18n, Caller manager, Duration poll) {
        this.history = history;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.manager = manager;
        this.poll = poll;
    }

    /** Starts a sweep (or follows the one running) until it ends; the button waits meanwhile. */
    public void sweepNow() {
        if (running.get()) {
            return;
        }
        running.set(true);
        progress.set(-1);
        state.set(i18n.t("sweep.starting"));
        String what = i18n.t("sweep.now");
        tasks.runWithProgress(
                what,
                this::follow,
                (fraction, message) -> {
                    progress.set(fraction);
                    state.set(message);
                },
                this::ended,
                failure -> {
                    running.set(false);
                    progress.set(0);
                    state.set("");
                    notices.failed(what, failure);
                });
    }

    /** Off the JavaFX thread: the job asked for every {@link #poll} until it is no longer running. */
    private StaffJob<RetentionRun> follow(UiTasks.Progress report) throws InterruptedException {
        StaffJob<RetentionRun> job = history.sweepNow(manager);
        while (job.state() == JobState.RUNNING) {
            report.update(job.progress() == null ? -1 : job.progress().fraction(), runningWords(job));
            Thread.sleep(poll.toMillis());
            job = history.sweep(job.id());
        }
        return job;
    }

    private String runningWords(StaffJob<RetentionRun> job) {
        String swept = job.progress() == null || job.progress().total() == null
                ? i18n.t("sweep.runningUnknown")
                : i18n.t("sweep.running", job.progress().done(), job.progress().total());
        return job.startedBy().equals(manager.actor()) ? swept : i18n.t("sweep.runningOther", job.startedBy(), swept);
    }

    private void ended(StaffJob<RetentionRun> job) {
        running.set(false);
        Locale locale = i18n.locale();
        switch (job.state()) {
            case DONE -> {
                progress.set(1);
                state.set(words(job.result()));
            }
            case FAILED -> {
                progress.set(0);
                state.set(i18n.t(
                        "sweep.failed",
                        job.failure() == null ? "" : job.failure().in(locale)));
            }
            default -> {
                progress.set(0);
                state.set(i18n.t("sweep.lost"));
            }
        }
    }

    /** What a sweep did, in the staff's words: what it removed (as the audit says it), or why it swept nothing. */
    private String words(RetentionRun run) {
        if (run.skipped() != null) {
            return i18n.t("sweep.skipped." + run.skipped());
        }
        String seconds = String.format(Locale.ROOT, "%.1f", run.tookMs() / 1000.0);
        return i18n.t("sweep.done", seconds, run.inWords().in(i18n.locale()));
    }

    /** Whether a sweep is being followed: "Sweep now" waits for it. */
    public BooleanProperty runningProperty() {
        return running;
    }

    /** How far the sweep got, 0..1; negative while not known. */
    public DoubleProperty progressProperty() {
        return progress;
    }

    /** Where the sweep stands, or what it did once it ended. */
    public StringProperty stateProperty() {
        return state;
    }
}
