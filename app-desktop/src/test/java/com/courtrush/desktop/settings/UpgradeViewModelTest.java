package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.upgrade.api.UpgradeAnnouncement;
import com.courtrush.upgrade.api.UpgradeWindow;
import com.courtrush.upgrade.desk.UpgradeDesk;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Settings → Upgrading this console (issue 80): the manager tells the students for the minutes typed and reads back
 * when they are told it is back; a refusal (an opening's rush near) is the engine's own words; called off, it serves
 * as usual; minutes out of range are said before the engine is asked — in both languages.
 */
class UpgradeViewModelTest {

    static final Caller MANAGER = Caller.atDesk(1, "m1", Role.MANAGER);
    static final UpgradeWindow WINDOW = new UpgradeWindow(
            "4242@desk/ab12", LocalDateTime.of(2026, 11, 30, 14, 20), LocalDateTime.of(2026, 11, 30, 14, 40));

    final UpgradeDesk upgrades = mock(UpgradeDesk.class);
    final RecordingNotices notices = new RecordingNotices();

    UpgradeViewModel model(Locale locale) {
        return new UpgradeViewModel(upgrades, new DirectUiTasks(notices), notices, I18n.of(locale), MANAGER);
    }

    @Test
    void theStudentsAreToldForTheMinutesTypedAndItIsCalledOff() {
        when(upgrades.announced()).thenReturn(Optional.empty());
        when(upgrades.announce(eq(MANAGER), eq(new UpgradeAnnouncement(20)))).thenReturn(WINDOW);
        UpgradeViewModel model = model(I18n.ENGLISH);
        model.load();
        assertThat(model.stateProperty().get())
                .isEqualTo("No upgrade announced: the students’ page is served as usual.");
        assertThat(model.announcedProperty().get()).isFalse();

        model.minutesProperty().set("20");
        model.announce();
        assertThat(model.stateProperty().get()).startsWith("The students are told: maintenance, back at about 14:40.");
        assertThat(model.announcedProperty().get()).isTrue();

        when(upgrades.callOff(MANAGER)).thenReturn(Optional.of(WINDOW));
        model.callOff();
        verify(upgrades).callOff(MANAGER);
        assertThat(model.announcedProperty().get()).isFalse();
        assertThat(notices.failures).isEmpty();
    }

    @Test
    void aRefusalIsTheEnginesWordsAndMinutesOutOfRangeAreSaidFirst() {
        UpgradeViewModel model = model(Locale.SIMPLIFIED_CHINESE);
        model.minutesProperty().set("500");
        model.announce();
        assertThat(model.stateProperty().get()).isEqualTo("请输入控制台离开的分钟数：1 到 240。");
        model.minutesProperty().set("半小时");
        model.announce();
        verifyNoInteractions(upgrades);

        when(upgrades.announce(eq(MANAGER), any()))
                .thenThrow(CourtRushException.conflict("upgrade.rushNear", 7L, "13:00", "12:45", "13:10", 30));
        model.minutesProperty().set("30");
        model.announce();
        assertThat(notices.failures).hasSize(1);
        assertThat(model.announcedProperty().get()).isFalse();
    }
}
