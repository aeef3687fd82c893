package com.courtrush.desktop.students;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.share.api.Holding;
import com.courtrush.share.api.ShareRules;
import com.courtrush.share.api.ShareStanding;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class ShareViewModelTest {

    static final LocalDate MONDAY = LocalDate.of(2026, 11, 23);
    final AttendanceDesk desk = mock(AttendanceDesk.class);

    ShareViewModel model(I18n i18n) {
        return new ShareViewModel(desk, new DirectUiTasks(new RecordingNotices()), i18n);
    }

    @Test
    void theWeeksBookingsAreListedWithTheRulesTheyCountAgainst() {
        Holding own = holding(11, "Court 1", MONDAY.plusDays(2), false);
        Holding partnered = holding(12, "Court 3", MONDAY.plusDays(4), true);
        when(desk.share("2024001"))
                .thenReturn(new ShareStanding(MONDAY, new ShareRules(2, 3, true), List.of(own, partnered)));
        ShareViewModel model = model(I18n.of(I18n.ENGLISH));

        model.load("2024001");

        assertThat(model.rows()).containsExactly(own, partnered);
        assertThat(model.weekProperty().get()).isEqualTo("2026-11-23");
        assertThat(model.summaryProperty().get())
                .isEqualTo("2 booking(s) count this week. Fair share: 2 a day, 3 a week, one place at a time.");
        assertThat(model.role(own)).isEqualTo("booker");
        assertThat(model.role(partnered)).isEqualTo("partner");
    }

    @Test
    void aGymWithoutAWeeklyShareOrTheSameTimeRuleSaysSoInChinese() {
        when(desk.share("2024001")).thenReturn(new ShareStanding(MONDAY, new ShareRules(2, 0, false), List.of()));
        ShareViewModel model = model(I18n.of(I18n.CHINESE));

        model.load("2024001");

        assertThat(model.rows()).isEmpty();
        assertThat(model.summaryProperty().get()).isEqualTo("本周计入 0 个预约。 公平份额：每天 2 个，不限每周，允许同一时间占多个场地。");
    }

    private static Holding holding(long slotId, String court, LocalDate date, boolean asPartner) {
        return new Holding(
                7,
                asPartner ? 90 : 80,
                slotId,
                3,
                court,
                date,
                LocalTime.of(18, 0),
                LocalTime.of(19, 0),
                asPartner,
                "BADMINTON");
    }
}
