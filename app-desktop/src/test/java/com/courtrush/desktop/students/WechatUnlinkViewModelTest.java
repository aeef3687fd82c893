package com.courtrush.desktop.students;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.Student;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class WechatUnlinkViewModelTest {

    static final Caller STAFF = Caller.atDesk(3, "t", Role.STAFF);
    static final Student ANN =
            new Student(41, "2024041", "Ann", Role.STUDENT, true, LocalDateTime.of(2026, 9, 1, 8, 0));

    final CampusSignInDesk desk = mock(CampusSignInDesk.class);
    final RecordingNotices notices = new RecordingNotices();

    @Test
    void theDeskUnlinksAsTheStaffMemberAtItAndSaysWhetherThereWasOne() {
        WechatUnlinkViewModel model =
                new WechatUnlinkViewModel(desk, new DirectUiTasks(notices), notices, I18n.of(I18n.CHINESE), STAFF);
        when(desk.unbindWechat(41, STAFF)).thenReturn(true, false);

        model.unlink(ANN);
        model.unlink(ANN);

        verify(desk, org.mockito.Mockito.times(2)).unbindWechat(41, STAFF);
        assertThat(notices.infos).containsExactly("已解绑 2024041 的微信：不再自动登录。", "2024041 没有绑定微信。");
    }
}
