package com.courtrush.setting;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.BackgroundWork;
import com.courtrush.setting.api.SettingKey;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Reads and writes {@code app_config}. Values are cached on each node and read again in the background a few seconds
 * after they were read ({@link BackgroundWork}), so an edit reaches every node within about that time, and a request
 * never waits for the database once a value has been read: the rush reads settings on every request, and with the
 * database out (its pool waits 3 s for a connection) a value read again on the request's thread held that request
 * and every other one asking for it, until the engine answered nothing at all (FaultSuiteIT, 2026-12-01). A value
 * that cannot be read again stays as it was.
 */
@Service
public class AppSettings {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(AppSettings.class);

    private static final Duration CACHE_TTL = Duration.ofSeconds(5);

    private final AppConfigMapper mapper;
    private final LoadingCache<SettingKey, Optional<String>> cache;

    @Autowired
    AppSettings(AppConfigMapper mapper, BackgroundWork refreshes) {
        this(mapper, refreshes, Ticker.systemTicker());
    }

    /** On {@code ticker}'s time, reading values again on {@code refreshes}. */
    AppSettings(AppConfigMapper mapper, Executor refreshes, Ticker ticker) {
        this.mapper = mapper;
        this.cache = Caffeine.newBuilder()
                .refreshAfterWrite(CACHE_TTL)
                .executor(refreshes)
                .ticker(ticker)
                .build(this::load);
    }

    public String get(SettingKey key) {
        return cache.get(key).orElse(key.defaultValue());
    }

    /** A positive integer setting; a broken stored value falls back to the default. */
    public int getPositiveInt(SettingKey key) {
        return getInt(key, 1);
    }

    /** An integer setting of at least {@code min}; a broken stored value falls back to the default. */
    public int getInt(SettingKey key, int min) {
        String value = get(key);
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min) {
                return parsed;
            }
        } catch (NumberFormatException | NullPointerException e) {
            log.warn("Setting {} holds '{}', not a number; using its default {}", key, value, key.defaultValue());
        }
        return Integer.parseInt(key.defaultValue());
    }

    /** What a slot costs: its own price, else {@code DEFAULT_PRICE_CENTS}. */
    public int priceCents(Integer slotPriceCents) {
        return slotPriceCents != null ? slotPriceCents : getInt(SettingKey.DEFAULT_PRICE_CENTS, 0);
    }

    public void set(SettingKey key, String value) {
        if (value == null || value.isBlank() || value.length() > 1024) {
            throw CourtRushException.badRequest("setting.valueLength", key);
        }
        AppConfig row = findRow(key);
        if (row == null) {
            row = new AppConfig();
            row.setConfigKey(key.name());
            row.setConfigValue(value);
            mapper.insert(row);
        } else {
            row.setConfigValue(value);
            mapper.updateById(row);
        }
        cache.invalidate(key);
    }

    /**
     * The stored value, or the one {@code generator} makes, stored once for every node: when two
     * nodes race, the first insert wins and both read it back.
     */
    public String getOrCreate(SettingKey key, Supplier<String> generator) {
        AppConfig row = findRow(key);
        if (row != null) {
            return row.getConfigValue();
        }
        AppConfig created = new AppConfig();
        created.setConfigKey(key.name());
        created.setConfigValue(generator.get());
        try {
            mapper.insert(created);
            return created.getConfigValue();
        } catch (DuplicateKeyException raced) {
            return findRow(key).getConfigValue();
        }
    }

    private Optional<String> load(SettingKey key) {
        AppConfig row = findRow(key);
        return Optional.ofNullable(row).map(AppConfig::getConfigValue);
    }

    private AppConfig findRow(SettingKey key) {
        return mapper.selectOne(new LambdaQueryWrapper<AppConfig>().eq(AppConfig::getConfigKey, key.name()));
    }
}
