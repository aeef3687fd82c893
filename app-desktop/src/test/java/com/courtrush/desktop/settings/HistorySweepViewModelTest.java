package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobProgress;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.api.RetentionRun;
import com.courtrush.retention.desk.HistoryDesk;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * "Sweep now" in Settings (issue 77): the manager's sweep is a job followed off the JavaFX thread, its progress kind by
 * kind, then what it removed, why it swept nothing or why it failed — in both languages.
 */
class HistorySweepViewModelTest {

    static final String ID = "5b1c0d7e";
    static final Caller MANAGER = Caller.atDesk(1, "m1", Role.MANAGER);
    static final Instant STARTED = Instant.parse("2026-11-27T04:00:00Z");
    static final RetentionRun SWEPT = new RetentionRun(
            LocalDateTime.of(2026, 11, 27, 12, 0),
            2_940,
            new LinkedHashMap<>(Map.of(RetentionRun.NOTICES, 1200L, RetentionRun.AUDIT, 30L)),
            null,
            false,
            null);

    final HistoryDesk history = mock(HistoryDesk.class);
    final RecordingNotices notices = new RecordingNotices();

    HistorySweepViewModel model(Locale locale) {
        return new HistorySweepViewModel(
                history, new DirectUiTasks(notices), notices, I18n.of(locale), MANAGER, Duration.ZERO);
    }

    @Test
    void aSweepIsFollowedKindByKindToWhatItRemoved() {
        when(history.sweepNow(MANAGER)).thenReturn(job("staff:m1", JobState.RUNNING, null, null, null));
        when(history.sweep(ID))
                .thenReturn(
                        job("staff:m1", JobState.RUNNING, new JobProgress(2, 5L, "KINDS"), null, null),
                        job("staff:m1", JobState.RUNNING, new JobProgress(4, 5L, "KINDS"), null, null),
                        job("staff:m1", JobState.DONE, new JobProgress(5, 5L, "KINDS"), SWEPT, null));
        HistorySweepViewModel model = model(I18n.ENGLISH);
        List<Number> fractions = new ArrayList<>();
        model.progressProperty().addListener((seen, was, now) -> fractions.add(now));
        List<String> states = new ArrayList<>();
        model.stateProperty().addListener((seen, was, now) -> states.add(now));
        List<Boolean> running = new ArrayList<>();
        model.runningProperty().addListener((seen, was, now) -> running.add(now));

        model.sweepNow();

        assertThat(fractions).containsExactly(-1.0, 0.4, 0.8, 1.0);
        assertThat(states)
                .containsExactly(
                        "Starting the sweep…",
                        "Sweeping…",
                        "2 of 5 kinds of history swept…",
                        "4 of 5 kinds of history swept…",
                        "Swept in 2.9 s: removed: 1200 students' notices, 0 staff alerts and reminders sent, 0 email "
                                + "codes, 30 audit entries, 0 waits and offers.");
        assertThat(running).as("Sweep now waits while it runs").containsExactly(true, false);
        assertThat(notices.failures).isEmpty();
    }

    @Test
    void aSweepSomeoneElseStartedIsFollowedAndSaysWhose() {
        when(history.sweepNow(MANAGER))
                .thenReturn(job("staff:boss2", JobState.RUNNING, new JobProgress(1, 5L, "KINDS"), null, null));
        when(history.sweep(ID))
                .thenReturn(job(
                        "staff:boss2",
                        JobState.DONE,
                        new JobProgress(5, 5L, "KINDS"),
                        RetentionRun.skipped(LocalDateTime.of(2026, 11, 27, 12, 55), RetentionRun.RUSH),
                        null));
        HistorySweepViewModel model = model(I18n.CHINESE);
        List<String> states = new ArrayList<>();
        model.stateProperty().addListener((seen, was, now) -> states.add(now));

        model.sweepNow();

        assertThat(states).contains("staff:boss2 启动的清理正在进行，此处一并显示：已清理 1/5 类历史…");
        assertThat(model.stateProperty().get()).isEqualTo("未清理：临近开放场次的抢订时段。引擎一小时内会再次清理。");
    }

    @Test
    void aFailedSweepSaysWhyAndAStoppedOneToSweepAgain() {
        when(history.sweepNow(MANAGER)).thenReturn(job("staff:m1", JobState.RUNNING, null, null, null));
        when(history.sweep(ID))
                .thenReturn(job(
                        "staff:m1",
                        JobState.FAILED,
                        new JobProgress(3, 5L, "KINDS"),
                        null,
                        new EngineText("job.failed", "a1b2c3d4")));
        HistorySweepViewModel model = model(I18n.ENGLISH);

        model.sweepNow();

        assertThat(model.stateProperty().get())
                .isEqualTo("The sweep failed: The job failed on our side; the engine's log says why (reference "
                        + "a1b2c3d4).");
        assertThat(model.progressProperty().get()).isZero();
        assertThat(model.runningProperty().get()).isFalse();

        when(history.sweep(ID)).thenReturn(job("staff:m1", JobState.LOST, null, null, null));
        model.sweepNow();
        assertThat(model.stateProperty().get()).startsWith("The sweep stopped before it ended");
    }

    @Test
    void aSweepRefusedIsShownAsARefusalAndTheButtonComesBack() {
        when(history.sweepNow(MANAGER)).thenThrow(CourtRushException.forbidden("auth.managersOnly"));
        HistorySweepViewModel model = model(I18n.ENGLISH);

        model.sweepNow();

        assertThat(notices.failedWhat).containsExactly("Sweep now");
        assertThat(model.runningProperty().get()).isFalse();
        assertThat(model.stateProperty().get()).isEmpty();
        verify(history, never()).sweep(ID);
    }

    static StaffJob<RetentionRun> job(
            String by, JobState state, JobProgress progress, RetentionRun result, EngineText failure) {
        return new StaffJob<>(
                ID,
                JobKind.HISTORY_SWEEP,
                by,
                state,
                progress,
                result,
                failure,
                STARTED,
                state.ended() ? STARTED.plusSeconds(3) : null);
    }
}
