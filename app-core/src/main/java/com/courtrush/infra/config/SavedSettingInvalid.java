package com.courtrush.infra.config;

import com.courtrush.infra.config.api.BadSavedSetting;
import com.courtrush.infra.config.api.SettingProblem;
import java.nio.file.Path;

/**
 * A value in {@code <data-dir>/courtrush.properties} the engine cannot start with (put there by
 * hand, or by an older version that did not check): named, with its file, and removable — the
 * console offers to reset it to the default and start ({@code SettingsDesk.badSavedSetting}).
 */
public class SavedSettingInvalid extends InfraConfigException {

    private final transient BadSavedSetting setting;

    public SavedSettingInvalid(String key, String value, Path file, SettingProblem problem) {
        super(
                "The setting " + key + " = \"" + value + "\" in " + file + " " + problem.english() + ".",
                "Correct or remove that line of " + file + " (the console offers to reset it to the default).");
        this.setting = new BadSavedSetting(key, value, file, problem);
    }

    /** The setting, its value, the file and what is wrong. */
    public BadSavedSetting setting() {
        return setting;
    }
}
