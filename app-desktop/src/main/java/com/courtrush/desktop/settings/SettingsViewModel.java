package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.infra.config.api.SettingProblem;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.setting.desk.SettingsDesk;
import com.courtrush.staff.desk.StaffDesk;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Settings. Live ones (the gym's name, pay timeout, default price, refund cut-off; check-in, no-shows and the waitlist)
 * apply at once on every node;
 * start-up ones (infrastructure, connections, HTTP port and address, limits, admin token) are saved
 * in the data directory and need a restart, which the screen says.
 */
public final class SettingsViewModel {

    /** The settings of check-in, no-shows and the waitlist (SPEC §16), applied at once like the others. */
    public static final List<SettingKey> AFTER_RUSH = List.of(
            SettingKey.NO_SHOW_GRACE_MINUTES,
            SettingKey.NO_SHOW_REFUND,
            SettingKey.BOOKING_REMINDER_MINUTES,
            SettingKey.STRIKES_TO_BLOCK,
            SettingKey.STRIKE_WINDOW_DAYS,
            SettingKey.BLOCK_DAYS,
            SettingKey.WAITLIST_PER_SLOT,
            SettingKey.WAITS_PER_STUDENT,
            SettingKey.OFFER_MINUTES,
            SettingKey.PARTNERS_PER_BOOKING,
            SettingKey.BOOKINGS_PER_DAY,
            SettingKey.BOOKINGS_PER_WEEK,
            SettingKey.ONE_PLACE_AT_A_TIME);

    /** How long the history is kept (SPEC §20): swept by the engine past these, applied at once like the others. */
    public static final List<SettingKey> HISTORY = List.of(
            SettingKey.NOTICE_DAYS,
            SettingKey.OUTBOX_DAYS,
            SettingKey.EMAIL_CODE_DAYS,
            SettingKey.AUDIT_DAYS,
            SettingKey.WAIT_DAYS,
            SettingKey.RUSH_HISTORY_DAYS);

    private final SettingsDesk settingsDesk;
    private final StaffDesk settings;
    private final Caller staff;
    private final StaffAccountDesk adminToken;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;

    private final Map<String, StringProperty> startup = new LinkedHashMap<>();
    private final Map<String, StringProperty> running = new LinkedHashMap<>();
    private final StringProperty payTimeout = new SimpleStringProperty("");
    private final StringProperty defaultPrice = new SimpleStringProperty("");
    private final StringProperty refundCutoff = new SimpleStringProperty("");
    /** The gym's name as receipts and emails print it: renamed here after the first start. */
    private final StringProperty gymName = new SimpleStringProperty("");
    /** The name as last read or saved: only a change is sent (an unchanged one is not audited again). */
    private String gymNameSaved = "";

    private final Map<SettingKey, StringProperty> afterRush = new LinkedHashMap<>();
    private final StringProperty token = new SimpleStringProperty("");
    private final StringProperty settingsFile = new SimpleStringProperty("");
    private final BooleanProperty restartNeeded = new SimpleBooleanProperty(false);

    public SettingsViewModel(
            SettingsDesk settingsDesk,
            StaffDesk settings,
            StaffAccountDesk adminToken,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Caller staff) {
        this.settingsDesk = settingsDesk;
        this.settings = settings;
        this.staff = staff;
        this.adminToken = adminToken;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        AFTER_RUSH.forEach(key -> afterRush.put(key, new SimpleStringProperty("")));
        HISTORY.forEach(key -> afterRush.put(key, new SimpleStringProperty("")));
        SettingsDesk.STARTUP_KEYS.forEach(key -> {
            startup.put(key, new SimpleStringProperty(""));
            running.put(key, new SimpleStringProperty(""));
        });
    }

    public void load() {
        tasks.run(
                i18n.t("settings.load"),
                () -> new Loaded(
                        settingsDesk.saved(),
                        settingsDesk.running(),
                        settingsDesk.get(SettingKey.PAY_TIMEOUT_MINUTE),
                        settingsDesk.get(SettingKey.DEFAULT_PRICE_CENTS),
                        settingsDesk.get(SettingKey.REFUND_CUTOFF_MINUTES),
                        afterRushSaved(),
                        adminToken.revealAdminToken(staff),
                        settingsDesk.restartNeeded(),
                        Objects.toString(settingsDesk.gymName(), "")),
                loaded -> {
                    loaded.startup().forEach((key, value) -> startup.get(key).set(value));
                    loaded.running().forEach((key, value) -> running.get(key).set(value));
                    payTimeout.set(loaded.payTimeout());
                    defaultPrice.set(Inputs.yuan(Integer.valueOf(loaded.defaultPriceCents())));
                    refundCutoff.set(loaded.refundCutoff());
                    loaded.afterRush()
                            .forEach((key, value) -> afterRush.get(key).set(value));
                    token.set(loaded.adminToken());
                    settingsFile.set(settingsDesk.file().toString());
                    restartNeeded.set(loaded.restartNeeded());
                    gymNameSaved = loaded.gymName();
                    gymName.set(loaded.gymName());
                });
    }

    /**
     * Saves everything on the screen through the engine's settings (the API's rules): if one value is
     * wrong, nothing is saved and each wrong one is named by its label.
     */
    public void save() {
        save(true, true);
    }

    /** Saves the settings that apply at once (the ones staff change on a working day); start-up ones stay. */
    public void saveLive() {
        save(true, false);
    }

    /** Saves the start-up settings only, which apply at the next start; the live ones stay as saved. */
    public void saveStartup() {
        save(false, true);
    }

    private void save(boolean live, boolean atStart) {
        Map<String, String> values = new LinkedHashMap<>();
        if (atStart) {
            startup.forEach((key, value) -> values.put(key, value.get()));
        }
        String price = live ? defaultPrice.get() : null;
        if (live) {
            values.put(SettingKey.PAY_TIMEOUT_MINUTE.name(), payTimeout.get());
            values.put(SettingKey.REFUND_CUTOFF_MINUTES.name(), refundCutoff.get());
            afterRush.forEach((key, value) -> values.put(key.name(), value.get()));
            String name = Objects.toString(gymName.get(), "").strip();
            if (!name.equals(gymNameSaved)) {
                values.put(SettingKey.GYM_NAME.name(), name);
            }
        }
        tasks.run(
                i18n.t("settings.save"),
                () -> {
                    Integer cents = price == null ? null : Inputs.cents(i18n, price, i18n.t("settings.defaultPrice"));
                    if (cents != null) {
                        values.put(SettingKey.DEFAULT_PRICE_CENTS.name(), Integer.toString(cents));
                    }
                    try {
                        return settings.update(values, true, staff).restartNeeded();
                    } catch (CourtRushException refused) {
                        if (!(refused.data() instanceof Map<?, ?> problems)) {
                            throw refused;
                        }
                        // each wrong value by its label, in the staff's language; nothing was saved
                        throw new InputRefused(i18n.t(
                                "settings.rejected",
                                problems.entrySet().stream()
                                        .map(e -> i18n.t(
                                                "settings.rejectedItem",
                                                label(e.getKey().toString()),
                                                values.get(e.getKey().toString()),
                                                i18n.t("settings.problem." + ((SettingProblem) e.getValue()).name())))
                                        .collect(Collectors.joining("; "))));
                    }
                },
                restart -> {
                    if (values.containsKey(SettingKey.GYM_NAME.name())) {
                        gymNameSaved = values.get(SettingKey.GYM_NAME.name());
                    }
                    restartNeeded.set(restart);
                    notices.info(i18n.t(restart ? "settings.savedRestart" : "settings.saved"));
                });
    }

    private Map<SettingKey, String> afterRushSaved() {
        Map<SettingKey, String> saved = new LinkedHashMap<>();
        AFTER_RUSH.forEach(key -> saved.put(key, Objects.toString(settingsDesk.get(key), "")));
        HISTORY.forEach(key -> saved.put(key, Objects.toString(settingsDesk.get(key), "")));
        return saved;
    }

    private String label(String key) {
        return switch (key) {
            case "PAY_TIMEOUT_MINUTE" -> i18n.t("settings.payTimeout");
            case "DEFAULT_PRICE_CENTS" -> i18n.t("settings.defaultPrice");
            case "REFUND_CUTOFF_MINUTES" -> i18n.t("settings.refundCutoff");
            case "GYM_NAME" -> i18n.t("settings.gymName");
            default -> i18n.t("settings.key." + key);
        };
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

    /** A setting of check-in, no-shows and the waitlist (SPEC §16), or of the history kept (§20), as typed. */
    public StringProperty afterRush(SettingKey key) {
        return afterRush.get(key);
    }

    public StringProperty gymNameProperty() {
        return gymName;
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

    private record Loaded(
            Map<String, String> startup,
            Map<String, String> running,
            String payTimeout,
            String defaultPriceCents,
            String refundCutoff,
            Map<SettingKey, String> afterRush,
            String adminToken,
            boolean restartNeeded,
            String gymName) {}
}
