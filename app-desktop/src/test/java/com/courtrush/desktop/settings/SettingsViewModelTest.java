package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.DeskGuard;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.infra.config.LocalSettings;
import com.courtrush.infra.config.SettingsRejected;
import com.courtrush.infra.config.api.SettingProblem;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.GymName;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.setting.desk.SettingsDesk;
import com.courtrush.staff.SlotWithdrawal;
import com.courtrush.staff.StaffSettings;
import com.courtrush.staff.desk.StaffDesk;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SettingsViewModelTest {

    final LocalSettings local = mock(LocalSettings.class);
    final AppSettings live = mock(AppSettings.class);
    /** The desks over the engine's settings, as the console gets them: what they do is what is checked. */
    final GymName gym = mock(GymName.class);

    final SettingsDesk settingsDesk = new SettingsDesk(live, local, gym);

    final StaffAccountDesk token = mock(StaffAccountDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final AuditTrail audit = mock(AuditTrail.class);
    final Caller manager = Caller.atDesk(1, "wang", Role.MANAGER);
    final SettingsViewModel model = new SettingsViewModel(
            settingsDesk,
            DeskGuard.guarded(new StaffDesk(
                    mock(SlotWithdrawal.class),
                    new StaffSettings(local, live, audit, event -> {}),
                    mock(com.courtrush.venue.DeskVenues.class))),
            token,
            new DirectUiTasks(notices),
            notices,
            I18n.of(I18n.ENGLISH),
            manager);

    @BeforeEach
    void setUp() {
        Map<String, String> saved = new LinkedHashMap<>();
        LocalSettings.KEYS.forEach(k -> saved.put(k, ""));
        saved.put("courtrush.infra.mode", "embedded");
        saved.put("server.port", "8080");
        when(local.saved()).thenReturn(saved);
        when(local.running()).thenReturn(saved);
        when(local.file()).thenReturn(Path.of("/data/courtrush.properties"));
        when(live.get(SettingKey.PAY_TIMEOUT_MINUTE)).thenReturn("15");
        when(live.get(SettingKey.DEFAULT_PRICE_CENTS)).thenReturn("2000");
        when(live.get(SettingKey.REFUND_CUTOFF_MINUTES)).thenReturn("0");
        SettingsViewModel.AFTER_RUSH.forEach(key -> when(live.get(key)).thenReturn(key.defaultValue()));
        SettingsViewModel.HISTORY.forEach(key -> when(live.get(key)).thenReturn(key.defaultValue()));
        when(token.revealAdminToken(any())).thenReturn("secret-token");
    }

    @Test
    void loadShowsLiveAndStartupSettings() {
        model.load();
        assertThat(model.payTimeoutProperty().get()).isEqualTo("15");
        assertThat(model.defaultPriceProperty().get()).isEqualTo("20.00");
        assertThat(model.startup("server.port").get()).isEqualTo("8080");
        assertThat(model.tokenProperty().get()).isEqualTo("secret-token");
        assertThat(model.afterRush(SettingKey.NO_SHOW_GRACE_MINUTES).get()).isEqualTo("15");
        assertThat(model.afterRush(SettingKey.NO_SHOW_REFUND).get()).isEqualTo("0");
        assertThat(model.afterRush(SettingKey.AUDIT_DAYS).get())
                .as("the history kept")
                .isEqualTo("1095");
        assertThat(model.restartNeededProperty().get()).isFalse();
    }

    @Test
    void savingAppliesLiveSettingsAndSaysWhenARestartIsNeeded() {
        model.load();
        model.payTimeoutProperty().set("20");
        model.defaultPriceProperty().set("25.5");
        model.startup("server.port").set("9090");
        model.afterRush(SettingKey.NO_SHOW_REFUND).set("1");
        model.afterRush(SettingKey.OFFER_MINUTES).set(" 5 ");
        model.afterRush(SettingKey.NOTICE_DAYS).set("90");
        when(local.save(any())).thenReturn(true);
        model.save();
        verify(live).set(SettingKey.PAY_TIMEOUT_MINUTE, "20");
        verify(live).set(SettingKey.NOTICE_DAYS, "90");
        verify(live).set(SettingKey.NO_SHOW_REFUND, "1");
        verify(live).set(SettingKey.OFFER_MINUTES, "5");
        verify(live).set(SettingKey.DEFAULT_PRICE_CENTS, "2550");
        assertThat(model.restartNeededProperty().get()).isTrue();
        assertThat(notices.infos)
                .containsExactly("Saved. Restart the console for the start-up settings to take effect.");
        verify(audit)
                .record(
                        eq("staff:wang"),
                        eq(AuditAction.UPDATE_SETTINGS),
                        eq(AuditTarget.SETTINGS),
                        eq("-"),
                        argThat((EngineText detail) -> detail.in(I18n.ENGLISH).contains("PAY_TIMEOUT_MINUTE: 15 → 20")
                                && detail.in(I18n.ENGLISH).contains("server.port: 8080 → 9090")));
    }

    @Test
    void theLiveSettingsAreSavedApartFromTheStartUpOnesAndTheOtherWayRound() {
        model.load();
        model.payTimeoutProperty().set("20");
        model.startup("server.port").set("9090");
        when(local.save(any())).thenReturn(true);

        model.saveLive();
        verify(live).set(SettingKey.PAY_TIMEOUT_MINUTE, "20");
        verify(local, never()).save(any());
        assertThat(notices.infos).containsExactly("Saved. In effect now.");

        model.saveStartup();
        verify(local).save(org.mockito.ArgumentMatchers.argThat(values -> "9090".equals(values.get("server.port"))));
        verify(live).set(SettingKey.PAY_TIMEOUT_MINUTE, "20"); // once: not saved again with the start-up ones
        assertThat(model.restartNeededProperty().get()).isTrue();
    }

    @Test
    void aStartUpValueTheEngineCouldNotStartWithIsRefusedInWordsAndNothingIsSaved() {
        model.load();
        model.payTimeoutProperty().set("20");
        model.startup("server.port").set("abc");
        model.startup("courtrush.limits.per-ip-enabled").set("maybe");
        when(local.save(any()))
                .thenThrow(new SettingsRejected(
                        new LinkedHashMap<>(Map.of("server.port", SettingProblem.NOT_A_WHOLE_NUMBER))));
        model.save();
        assertThat(notices.lastFailureMessage())
                .contains("Students' HTTP port")
                .contains("\"abc\"")
                .contains("is not a whole number");
        verify(live, never()).set(any(), any());
    }

    @Test
    void theGymIsRenamedWithTheLiveSettingsAuditedAndABlankNameIsRefusedByItsLabel() {
        when(gym.current()).thenReturn("CourtRush");
        model.load();
        assertThat(model.gymNameProperty().get()).isEqualTo("CourtRush");
        model.saveLive();
        verify(live, never()).set(eq(SettingKey.GYM_NAME), any());

        model.gymNameProperty().set("  ");
        model.saveLive();
        assertThat(notices.lastFailureMessage()).contains("Gym name").contains("must have 1 to 64 characters");
        verify(live, never()).set(eq(SettingKey.GYM_NAME), any());

        model.gymNameProperty().set(" 东区体育馆 ");
        model.saveLive();
        verify(live).set(SettingKey.GYM_NAME, "东区体育馆");
        verify(audit)
                .record(
                        eq("staff:wang"),
                        eq(AuditAction.UPDATE_SETTINGS),
                        eq(AuditTarget.SETTINGS),
                        eq("-"),
                        argThat((EngineText detail) -> detail.in(I18n.ENGLISH).contains("GYM_NAME: — → 东区体育馆")));
        model.saveLive();
        verify(live).set(SettingKey.GYM_NAME, "东区体育馆"); // once: unchanged, not sent again
    }

    @Test
    void aBadNumberSavesNothing() {
        model.load();
        model.payTimeoutProperty().set("soon");
        model.save();
        model.refundCutoffProperty().set("99999");
        model.afterRush(SettingKey.NO_SHOW_REFUND).set("2");
        model.save();
        assertThat(notices.lastFailureMessage())
                .contains("Pay within (minutes)")
                .contains("\"soon\"")
                .contains("is not a whole number")
                .contains("Refunds close")
                .contains("Refund a no-show's payment")
                .contains("is out of range");
        verify(live, never()).set(any(), any());
        verify(local, never()).save(any());
    }

    @Test
    void onlyAManagerChangesSettings() {
        SettingsViewModel atTheDesk = new SettingsViewModel(
                settingsDesk,
                DeskGuard.guarded(new StaffDesk(
                        mock(SlotWithdrawal.class),
                        new StaffSettings(local, live, audit, event -> {}),
                        mock(com.courtrush.venue.DeskVenues.class))),
                token,
                new DirectUiTasks(notices),
                notices,
                I18n.of(I18n.ENGLISH),
                Caller.atDesk(2, "li", Role.STAFF));
        atTheDesk.load();
        atTheDesk.save();
        assertThat(notices.lastFailureMessage()).contains("Only a manager");
        verify(live, never()).set(any(), any());
        verify(local, never()).save(any());
    }
}
