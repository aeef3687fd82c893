package com.courtrush.staff;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.infra.config.LocalSettings;
import com.courtrush.infra.config.SettingRules;
import com.courtrush.infra.config.SettingsRejected;
import com.courtrush.infra.config.api.SettingProblem;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.GymName;
import com.courtrush.setting.SettingsChanged;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.staff.api.StaffSetting;
import com.courtrush.staff.api.StaffSettingsView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/**
 * The settings staff see in the console, read and changed in one place for the console and the API:
 * live ones ({@link SettingKey}: pay timeout, default price, refund cut-off) apply at once on every
 * node; start-up ones ({@link LocalSettings}) are this node's, saved in its data directory, and need
 * a restart, which the answer says. Every value is checked first: if one is wrong nothing is saved.
 * The signing secret is never among them, nor (but in the console) the admin token; passwords can be
 * set, never read back.
 */
@Service
public class StaffSettings {

    /** The admin token, which the API neither shows nor changes (the console does). */
    public static final String ADMIN_TOKEN_KEY = "courtrush.admin-token";

    /** Start-up settings whose value is never shown: the passwords. */
    private static final Set<String> SECRET =
            Set.of("spring.datasource.password", "spring.data.redis.password", "spring.rabbitmq.password");

    /** How the audit trail shows a secret's value: never. */
    private static final String HIDDEN = "•••";

    private final LocalSettings local;
    private final AppSettings live;
    private final AuditTrail audit;
    private final ApplicationEventPublisher events;

    public StaffSettings(LocalSettings local, AppSettings live, AuditTrail audit, ApplicationEventPublisher events) {
        this.local = local;
        this.live = live;
        this.audit = audit;
        this.events = events;
    }

    /**
     * Every setting staff see, live ones first; passwords' values left out (only whether they are set),
     * the admin token left out altogether.
     */
    public StaffSettingsView read() {
        List<StaffSetting> settings = new ArrayList<>();
        for (SettingKey key : SettingKey.values()) {
            if (key.visible()) {
                settings.add(new StaffSetting(key.name(), true, live.get(key), null, false, true));
            }
        }
        Map<String, String> saved = local.saved();
        Map<String, String> running = local.running();
        saved.forEach((key, value) -> {
            if (key.equals(ADMIN_TOKEN_KEY)) {
                return;
            }
            boolean secret = SECRET.contains(key);
            settings.add(new StaffSetting(
                    key, false, secret ? null : value, secret ? null : running.get(key), secret, !value.isEmpty()));
        });
        return new StaffSettingsView(settings, local.restartNeeded());
    }

    /**
     * Changes the given settings (others stay; a blank start-up value means its default; {@code GYM_NAME} renames the
     * gym). Refused
     * (400, each wrong key with its problem) before anything is saved. {@code withAdminToken}: whether
     * the admin token may be among them (the console; never the API).
     */
    public StaffSettingsView update(Map<String, String> values, boolean withAdminToken, Caller by) {
        Map<String, String> startup = new LinkedHashMap<>();
        Map<SettingKey, String> liveValues = new LinkedHashMap<>();
        Map<String, SettingProblem> problems = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            SettingKey liveKey = Arrays.stream(SettingKey.values())
                    .filter(k -> k.visible() && k.name().equals(key))
                    .findFirst()
                    .orElse(null);
            if (key.equals(SettingKey.GYM_NAME.name())) {
                // the gym's name, renamed after the first start: a name, not a number
                GymName.problem(value)
                        .ifPresentOrElse(
                                problem -> problems.put(key, problem),
                                () -> liveValues.put(SettingKey.GYM_NAME, value.strip()));
            } else if (liveKey != null) {
                // the console's rule and the API's: a whole number from the key's min to its max
                SettingRules.wholeNumber(value == null ? "" : value.strip(), liveKey.min(), liveKey.max())
                        .ifPresentOrElse(
                                problem -> problems.put(key, problem), () -> liveValues.put(liveKey, value.strip()));
            } else if (LocalSettings.KEYS.contains(key) && (withAdminToken || !key.equals(ADMIN_TOKEN_KEY))) {
                startup.put(key, value == null ? "" : value);
            } else {
                throw CourtRushException.badRequest("settings.unknown", key);
            }
        });
        problems.putAll(SettingRules.problems(startup));
        Map<String, String> before = local.saved();
        boolean restartNeeded;
        try {
            if (!problems.isEmpty()) {
                throw new SettingsRejected(problems);
            }
            // checked again there, with whether a new HTTP port is free
            restartNeeded = startup.isEmpty() ? local.restartNeeded() : local.save(startup);
        } catch (SettingsRejected rejected) {
            throw CourtRushException.badRequest(
                            "settings.rejected",
                            String.join(", ", rejected.problems().keySet()))
                    .withData(rejected.problems());
        }
        Set<SettingKey> changed = new LinkedHashSet<>();
        List<String> changes = new ArrayList<>();
        liveValues.forEach((key, value) -> {
            String was = live.get(key);
            if (!value.equals(was)) {
                changed.add(key);
                changes.add(change(key.name(), was, value));
            }
            live.set(key, value);
        });
        startup.forEach((key, value) -> {
            String was = before.getOrDefault(key, "");
            if (!value.equals(was)) {
                changes.add(change(key, was, value));
            }
        });
        if (!changes.isEmpty()) {
            audit.record(
                    by.actor(),
                    AuditAction.UPDATE_SETTINGS,
                    AuditTarget.SETTINGS,
                    "-",
                    new EngineText("audit.settingsChanged", String.join("; ", changes)));
        }
        if (!changed.isEmpty()) {
            // what depends on them re-applies them now (the console sends every value of a screen on each save)
            events.publishEvent(new SettingsChanged(changed));
        }
        return new StaffSettingsView(read().settings(), restartNeeded);
    }

    /**
     * One setting's change as the audit trail keeps it: "key: old → new", an empty value (the default) as "—"; a
     * secret's values (passwords, the admin token) never, only that it changed ("key: ••• → •••").
     */
    static String change(String key, String was, String now) {
        if (SECRET.contains(key) || key.equals(ADMIN_TOKEN_KEY)) {
            return key + ": " + HIDDEN + " → " + HIDDEN;
        }
        return key + ": " + shown(was) + " → " + shown(now);
    }

    private static String shown(String value) {
        return value == null || value.isEmpty() ? "—" : value;
    }
}
