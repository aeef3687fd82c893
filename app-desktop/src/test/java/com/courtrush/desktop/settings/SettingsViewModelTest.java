package com.courtrush.desktop.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.AdminToken;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.infra.LocalSettings;
import com.courtrush.infra.SettingRules;
import com.courtrush.infra.SettingsRejected;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.SettingKey;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SettingsViewModelTest {

    final LocalSettings local = mock(LocalSettings.class);
    final AppSettings live = mock(AppSettings.class);
    final AdminToken token = mock(AdminToken.class);
    final RecordingNotices notices = new RecordingNotices();
    final SettingsViewModel model = new SettingsViewModel(local, live, token, new DirectUiTasks(notices), notices,
            I18n.of(I18n.ENGLISH));

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
        when(token.reveal()).thenReturn("secret-token");
    }

    @Test
    void loadShowsLiveAndStartupSettings() {
        model.load();
        assertThat(model.payTimeoutProperty().get()).isEqualTo("15");
        assertThat(model.defaultPriceProperty().get()).isEqualTo("20.00");
        assertThat(model.startup("server.port").get()).isEqualTo("8080");
        assertThat(model.tokenProperty().get()).isEqualTo("secret-token");
        assertThat(model.restartNeededProperty().get()).isFalse();
    }

    @Test
    void savingAppliesLiveSettingsAndSaysWhenARestartIsNeeded() {
        model.load();
        model.payTimeoutProperty().set("20");
        model.defaultPriceProperty().set("25.5");
        model.startup("server.port").set("9090");
        when(local.save(any())).thenReturn(true);
        model.save();
        verify(live).set(SettingKey.PAY_TIMEOUT_MINUTE, "20");
        verify(live).set(SettingKey.DEFAULT_PRICE_CENTS, "2550");
        assertThat(model.restartNeededProperty().get()).isTrue();
        assertThat(notices.infos).containsExactly(
                "Saved. Restart the console for the start-up settings to take effect.");
    }

    @Test
    void aStartUpValueTheEngineCouldNotStartWithIsRefusedInWordsAndNothingIsSaved() {
        model.load();
        model.payTimeoutProperty().set("20");
        model.startup("server.port").set("abc");
        model.startup("courtrush.limits.per-ip-enabled").set("maybe");
        when(local.save(any())).thenThrow(new SettingsRejected(new LinkedHashMap<>(Map.of(
                "server.port", SettingRules.Problem.NOT_A_WHOLE_NUMBER))));
        model.save();
        assertThat(notices.lastFailureMessage()).contains("Students' HTTP port").contains("\"abc\"")
                .contains("is not a whole number");
        verify(live, never()).set(any(), any());
    }

    @Test
    void aBadNumberSavesNothing() {
        model.load();
        model.payTimeoutProperty().set("soon");
        model.save();
        assertThat(notices.lastFailureMessage()).contains("whole number from 1 to 1440");
        verify(live, never()).set(any(), any());
        verify(local, never()).save(any());
    }
}
