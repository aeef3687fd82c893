package com.courtrush.infra.config.api;

import java.nio.file.Path;

/**
 * A value in {@code <data-dir>/courtrush.properties} the engine cannot start with: the key, the value,
 * the file, and what is wrong with it.
 */
public record BadSavedSetting(String key, String value, Path file, SettingProblem problem) {}
