package com.courtrush.desktop.students;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.account.api.Role;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The desk sees who the campus directory no longer lets in, and since when, in its language (issue 75). */
class LeaversViewModelTest {

    final StudentDesk desk = mock(StudentDesk.class);

    LeaversViewModel model(I18n i18n) {
        return new LeaversViewModel(desk, new DirectUiTasks(new RecordingNotices()), i18n);
    }

    @Test
    void theGraduatesAndStaffWhoLeftAreListedWithSinceWhen() {
        DirectoryLeaver graduate =
                new DirectoryLeaver(7, "2022001", "Li Lei", Role.STUDENT, "LDAP", LocalDateTime.of(2026, 7, 1, 9, 30));
        DirectoryLeaver staff =
                new DirectoryLeaver(9, "t2020", "Wang Fang", Role.STAFF, "CAS", LocalDateTime.of(2026, 6, 30, 18, 5));
        when(desk.leftTheDirectory()).thenReturn(List.of(graduate, staff));

        LeaversViewModel english = model(I18n.of(I18n.ENGLISH));
        english.load();
        assertThat(english.rows()).containsExactly(graduate, staff);
        assertThat(english.since(graduate)).isEqualTo("2026-07-01 09:30");
        assertThat(english.summaryProperty().get()).isEqualTo("Who left the directory: 2");

        LeaversViewModel chinese = model(I18n.of(I18n.CHINESE));
        chinese.load();
        assertThat(chinese.summaryProperty().get()).isEqualTo("共 2 人");
    }
}
