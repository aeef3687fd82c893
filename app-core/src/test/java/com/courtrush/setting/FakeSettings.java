package com.courtrush.setting;

import com.courtrush.setting.api.SettingKey;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The gym's settings in memory, read as the engine reads them (defaults, bounds, a broken value falling back):
 * only where they are stored differs. For unit tests of services that read settings.
 */
public final class FakeSettings extends AppSettings {

    private final Map<SettingKey, String> values = new EnumMap<>(SettingKey.class);

    public FakeSettings() {
        super(null, Runnable::run, com.github.benmanes.caffeine.cache.Ticker.systemTicker());
    }

    /** Sets a value, as a manager would. */
    public FakeSettings with(SettingKey key, String value) {
        values.put(key, value);
        return this;
    }

    @Override
    public synchronized String get(SettingKey key) {
        return values.getOrDefault(key, key.defaultValue());
    }

    @Override
    public synchronized void set(SettingKey key, String value) {
        values.put(key, value);
    }

    @Override
    public synchronized String getOrCreate(SettingKey key, Supplier<String> generator) {
        return values.computeIfAbsent(key, k -> generator.get());
    }
}
