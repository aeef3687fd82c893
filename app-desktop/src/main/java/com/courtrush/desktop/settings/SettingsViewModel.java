package com.courtrush.desktop.settings;

import com.courtrush.account.AdminToken;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.infra.LocalSettings;
import com.courtrush.infra.SettingsRejected;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.SettingKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Settings. Live ones (pay timeout, default price, refund cut-off) apply at once on every node;
 * start-up ones (infrastructure, connections, HTTP port and address, limits, admin token) are saved
 * in the data directory and need a restart, which the screen says.
 */
public final class SettingsViewModel {

    private final LocalSettings local;
    private final AppSettings live;
    private final AdminToken adminToken;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;

    private final Map<String, StringProperty> startup = new LinkedHashMap<>();
    private final Map<String, StringProperty> running = new LinkedHashMap<>();
    private final StringProperty payTimeout = new SimpleStringProperty("");
    private final StringProperty defaultPrice = new SimpleStringProperty("");
    private final StringProperty refundCutoff = new SimpleStringProperty("");
    private final StringProperty token = new SimpleStringProperty("");
    private final StringProperty settingsFile = new SimpleStringProperty("");
    private final BooleanProperty restartNeeded = new SimpleBooleanProperty(false);

    public SettingsViewModel(LocalSettings local, AppSettings live, AdminToken adminToken, UiTasks tasks,
            Notices notices, I18n i18n) {
        this.local = local;
        this.live = live;
        this.adminToken = adminToken;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        LocalSettings.KEYS.forEach(key -> {
            startup.put(key, new SimpleStringProperty(""));
            running.put(key, new SimpleStringProperty(""));
        });
    }

    public void load() {
        tasks.run(i18n.t("settings.load"), () -> new Loaded(local.saved(), local.running(),
                live.get(SettingKey.PAY_TIMEOUT_MINUTE),
                live.get(SettingKey.DEFAULT_PRICE_CENTS), live.get(SettingKey.REFUND_CUTOFF_MINUTES),
                adminToken.reveal(), local.restartNeeded()), loaded -> {
                    loaded.startup().forEach((key, value) -> startup.get(key).set(value));
                    loaded.running().forEach((key, value) -> running.get(key).set(value));
                    payTimeout.set(loaded.payTimeout());
                    defaultPrice.set(Inputs.yuan(Integer.valueOf(loaded.defaultPriceCents())));
                    refundCutoff.set(loaded.refundCutoff());
                    token.set(loaded.adminToken());
                    settingsFile.set(local.file().toString());
                    restartNeeded.set(loaded.restartNeeded());
                });
    }

    public void save() {
        Map<String, String> values = new LinkedHashMap<>();
        startup.forEach((key, value) -> values.put(key, value.get()));
        String timeout = payTimeout.get();
        String price = defaultPrice.get();
        String cutoff = refundCutoff.get();
        tasks.run(i18n.t("settings.save"), () -> {
            int minutes = Inputs.number(i18n, timeout, 1, 1440, i18n.t("settings.payTimeout"));
            Integer cents = Inputs.cents(i18n, price, i18n.t("settings.defaultPrice"));
            int cutoffMinutes = Inputs.number(i18n, cutoff, 0, 10080, i18n.t("settings.refundCutoff"));
            // the start-up settings first: if one is refused, nothing at all is saved
            boolean restart;
            try {
                restart = local.save(values);
            } catch (SettingsRejected rejected) {
                // each wrong value by its label, in the staff's language; nothing was saved
                throw new InputRefused(i18n.t("settings.rejected", rejected.problems().entrySet().stream()
                        .map(e -> i18n.t("settings.rejectedItem", i18n.t("settings.key." + e.getKey()),
                                values.get(e.getKey()), i18n.t("settings.problem." + e.getValue().name())))
                        .collect(Collectors.joining("; "))));
            }
            live.set(SettingKey.PAY_TIMEOUT_MINUTE, Integer.toString(minutes));
            if (cents != null) {
                live.set(SettingKey.DEFAULT_PRICE_CENTS, Integer.toString(cents));
            }
            live.set(SettingKey.REFUND_CUTOFF_MINUTES, Integer.toString(cutoffMinutes));
            return restart;
        }, restart -> {
            restartNeeded.set(restart);
            notices.info(i18n.t(restart ? "settings.savedRestart" : "settings.saved"));
        });
    }

    /** The value saved for the next start (blank: default). */
    public StringProperty startup(String key) {
        return startup.get(key);
    }

    /** The value the engine runs with now, shown as a hint. */
    public StringProperty running(String key) {
        return running.get(key);
    }

    public StringProperty payTimeoutProperty() {
        return payTimeout;
    }

    public StringProperty defaultPriceProperty() {
        return defaultPrice;
    }

    public StringProperty refundCutoffProperty() {
        return refundCutoff;
    }

    public StringProperty tokenProperty() {
        return token;
    }

    public StringProperty settingsFileProperty() {
        return settingsFile;
    }

    public BooleanProperty restartNeededProperty() {
        return restartNeeded;
    }

    private record Loaded(Map<String, String> startup, Map<String, String> running, String payTimeout, String defaultPriceCents,
            String refundCutoff, String adminToken, boolean restartNeeded) {
    }
}
