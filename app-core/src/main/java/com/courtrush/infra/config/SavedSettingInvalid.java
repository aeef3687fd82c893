package com.courtrush.infra.config;

import java.nio.file.Path;

/**
 * A value in {@code <data-dir>/courtrush.properties} the engine cannot start with (put there by
 * hand, or by an older version that did not check): named, with its file, and removable — the
 * console offers to reset it to the default and start.
 */
public class SavedSettingInvalid extends InfraConfigException {

    private final String key;
    private final String value;
    private final transient Path file;
    private final SettingRules.Problem problem;

    public SavedSettingInvalid(String key, String value, Path file, SettingRules.Problem problem) {
        super(
                "The setting " + key + " = \"" + value + "\" in " + file + " " + problem.english() + ".",
                "Correct or remove that line of " + file + " (the console offers to reset it to the default).");
        this.key = key;
        this.value = value;
        this.file = file;
        this.problem = problem;
    }

    public String key() {
        return key;
    }

    public String value() {
        return value;
    }

    public Path file() {
        return file;
    }

    public SettingRules.Problem problem() {
        return problem;
    }
}
