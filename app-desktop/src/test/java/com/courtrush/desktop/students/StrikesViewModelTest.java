package com.courtrush.desktop.students;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.attendance.api.Strike;
import com.courtrush.attendance.api.StrikeStanding;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StrikesViewModelTest {

    static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 25, 19, 0);
    final AttendanceDesk desk = mock(AttendanceDesk.class);
    final AuditDesk audit = mock(AuditDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller manager = Caller.atDesk(1, "wang", Role.MANAGER);

    StrikesViewModel model(Caller staff) {
        return new StrikesViewModel(desk, audit, staff, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH));
    }

    @Test
    void aBlockedStudentsStrikesSayUntilWhenAndWhatCounts() {
        Strike first = strike(11, null);
        when(desk.standing("2024001"))
                .thenReturn(new StrikeStanding(NOW.plusDays(7), "NO_SHOW_STRIKES", 3, 3, 30, List.of(first)));
        StrikesViewModel model = model(manager);
        model.load("2024001");
        assertThat(model.summaryProperty().get())
                .isEqualTo(
                        "Blocked from booking until 2026-12-02 19:00. 3 strike(s) counting; 3 within 30 days block.");
        assertThat(model.describe(first)).isEqualTo("struck 2026-11-25 19:00");
        assertThat(model.canForgive()).isTrue();
    }

    @Test
    void aManagerForgivesAStrikeWithAReasonAndSeesTheBlockLifted() {
        Strike strike = strike(11, null);
        Strike forgiven = strike(11, "staff:wang");
        when(desk.standing("2024001"))
                .thenReturn(new StrikeStanding(NOW.plusDays(7), "NO_SHOW_STRIKES", 3, 3, 30, List.of(strike)));
        when(audit.staffRoles()).thenReturn(Map.of("staff:wang", "MANAGER"));
        when(desk.forgive(11, "doctor's note", manager))
                .thenReturn(new StrikeStanding(null, null, 2, 3, 30, List.of(forgiven)));
        StrikesViewModel model = model(manager);
        model.load("2024001");
        model.forgive(strike, "doctor's note");
        verify(desk).forgive(11, "doctor's note", manager);
        assertThat(model.summaryProperty().get()).startsWith("Not blocked. 2 strike(s) counting");
        // the forgiver's role is not recorded with the strike: the role their account has, as the engine answers it
        assertThat(model.describe(model.rows().get(0))).isEqualTo("forgiven by wang (manager): doctor's note");
        assertThat(notices.infos).containsExactly("Strike of 2024001 forgiven.");
    }

    @Test
    void staffWhoAreNotManagersDoNotForgive() {
        assertThat(model(Caller.atDesk(2, "desk1", Role.STAFF)).canForgive()).isFalse();
    }

    static Strike strike(long id, String forgivenBy) {
        return new Strike(
                id,
                42,
                NOW,
                forgivenBy == null ? null : NOW.plusHours(1),
                forgivenBy,
                forgivenBy == null ? null : "doctor's note",
                LocalDate.of(2026, 11, 25),
                LocalTime.of(18, 0),
                "Court 1");
    }
}
