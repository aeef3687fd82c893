package com.courtrush.infra.config;

import com.courtrush.infra.config.api.SettingProblem;
import java.util.Map;
import java.util.stream.Collectors;

/** Start-up settings that were not saved (nothing of them was): each key with what is wrong with its value. */
public class SettingsRejected extends IllegalArgumentException {

    private final transient Map<String, SettingProblem> problems;

    public SettingsRejected(Map<String, SettingProblem> problems) {
        super("Settings not saved: "
                + problems.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue().english())
                        .collect(Collectors.joining("; ")));
        this.problems = Map.copyOf(problems);
    }

    public Map<String, SettingProblem> problems() {
        return problems;
    }
}
