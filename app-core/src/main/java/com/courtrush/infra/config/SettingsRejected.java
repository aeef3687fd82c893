package com.courtrush.infra.config;

import java.util.Map;
import java.util.stream.Collectors;

/** Start-up settings that were not saved (nothing of them was): each key with what is wrong with its value. */
public class SettingsRejected extends IllegalArgumentException {

    private final transient Map<String, SettingRules.Problem> problems;

    public SettingsRejected(Map<String, SettingRules.Problem> problems) {
        super("Settings not saved: "
                + problems.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue().english())
                        .collect(Collectors.joining("; ")));
        this.problems = Map.copyOf(problems);
    }

    public Map<String, SettingRules.Problem> problems() {
        return problems;
    }
}
