package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.api.CompactionRun;
import com.courtrush.retention.desk.HistoryDesk;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * "Compact the database now" in Settings (issue 77): the manager's compaction is a job followed to its end, then the
 * sizes and the wait, or why it was not made — in both languages.
 */
class CompactionViewModelTest {

    static final String ID = "0d9e7c1a";
    static final Caller MANAGER = Caller.atDesk(1, "m1", Role.MANAGER);
    static final LocalDateTime AT = LocalDateTime.of(2026, 11, 29, 23, 43);

    final HistoryDesk history = mock(HistoryDesk.class);
    final RecordingNotices notices = new RecordingNotices();

    CompactionViewModel model(Locale locale) {
        return new CompactionViewModel(
                history, new DirectUiTasks(notices), notices, I18n.of(locale), MANAGER, Duration.ZERO);
    }

    @Test
    void aCompactionIsFollowedToTheSizesAndTheWait() {
        when(history.compactNow(MANAGER)).thenReturn(job(JobState.RUNNING, null));
        when(history.compaction(ID))
                .thenReturn(
                        job(JobState.RUNNING, null),
                        job(JobState.DONE, new CompactionRun(AT, 794_746_880L, 85_786_624L, 10_200, null)));
        CompactionViewModel model = model(I18n.ENGLISH);
        List<String> states = new ArrayList<>();
        model.stateProperty().addListener((seen, was, now) -> states.add(now));
        List<Boolean> running = new ArrayList<>();
        model.runningProperty().addListener((seen, was, now) -> running.add(now));

        model.compactNow();

        assertThat(states)
                .containsExactly(
                        "Compacting the database: students are asked to wait for the seconds it takes…",
                        "The database file went from 757 MB to 81 MB; students were asked to wait 10.2 s.");
        assertThat(running).containsExactly(true, false);
        assertThat(notices.failures).isEmpty();
    }

    @Test
    void aCompactionNotMadeSaysWhyInTheManagersLanguage() {
        when(history.compactNow(MANAGER)).thenReturn(job(JobState.DONE, CompactionRun.skipped(AT, CompactionRun.RUSH)));
        CompactionViewModel model = model(Locale.SIMPLIFIED_CHINESE);

        model.compactNow();

        assertThat(model.stateProperty().get()).isEqualTo("未整理：有开放抢场即将开始，请在其后再试。");
        assertThat(model.runningProperty().get()).isFalse();
    }

    private static StaffJob<CompactionRun> job(JobState state, CompactionRun result) {
        return new StaffJob<>(
                ID,
                JobKind.DATABASE_COMPACTION,
                "staff:m1",
                state,
                null,
                result,
                null,
                Instant.parse("2026-11-29T23:43:00Z"),
                state == JobState.RUNNING ? null : Instant.parse("2026-11-29T23:43:11Z"));
    }
}
