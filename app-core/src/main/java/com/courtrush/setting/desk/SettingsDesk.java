package com.courtrush.setting.desk;

import com.courtrush.infra.config.LocalSettings;
import com.courtrush.infra.config.SavedSettingInvalid;
import com.courtrush.infra.config.api.BadSavedSetting;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.GymName;
import com.courtrush.setting.api.SettingKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * The settings as the staff console shows them: live ones (the default price, any key), and the start-up
 * ones saved for the next start and those running now (the gym's time zone is the engine clock's).
 */
@Component
public class SettingsDesk {

    /** The start-up settings, in the order the console shows them. */
    public static final List<String> STARTUP_KEYS = LocalSettings.KEYS;

    /**
     * Puts one saved start-up setting back to its default, for a console whose engine could not start
     * with it (no engine, no bean: a static call on the settings file).
     */
    public static void resetSaved(Path file, String key) {
        LocalSettings.reset(file, key);
    }

    /**
     * The saved start-up setting the engine could not start with, when that is why {@code startFailure}
     * happened (somewhere among its causes); for the console to name it and offer {@link #resetSaved}.
     */
    public static Optional<BadSavedSetting> badSavedSetting(Throwable startFailure) {
        for (Throwable cause = startFailure;
                cause != null;
                cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SavedSettingInvalid invalid) {
                return Optional.of(invalid.setting());
            }
        }
        return Optional.empty();
    }

    private final AppSettings live;
    private final LocalSettings local;
    private final GymName gymName;

    public SettingsDesk(AppSettings live, LocalSettings local, GymName gymName) {
        this.live = live;
        this.local = local;
        this.gymName = gymName;
    }

    /** The gym's name as receipts and shift reports print it. */
    public String gymName() {
        return gymName.current();
    }

    /**
     * Names the gym, at the console's first start before its first manager is created (issue 76); refused (400) when
     * blank, too long or holding a control character.
     */
    public void nameTheGym(String name) {
        gymName.name(name);
    }

    /** See {@link AppSettings#get}. */
    public String get(SettingKey key) {
        return live.get(key);
    }

    /** What a slot costs: its own price, else {@code DEFAULT_PRICE_CENTS}. */
    public int priceCents(Integer slotPriceCents) {
        return live.priceCents(slotPriceCents);
    }

    /** See {@link LocalSettings#file}. */
    public Path file() {
        return local.file();
    }

    /** What the engine runs with now, for each key (blank when unset). */
    public Map<String, String> running() {
        return local.running();
    }

    /** What the file holds for each key (blank: the default or what the command line gives). */
    public Map<String, String> saved() {
        return local.saved();
    }

    /** Whether the file sets a value the engine does not run with. */
    public boolean restartNeeded() {
        return local.restartNeeded();
    }
}
