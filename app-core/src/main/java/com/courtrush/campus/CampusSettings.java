package com.courtrush.campus;

import com.alibaba.fastjson2.JSON;
import com.courtrush.campus.api.CampusSignInSettings;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** The saved campus sign-in, read by every node from the database and kept for a few seconds. */
@Component
class CampusSettings {

    private final CampusSignInMapper mapper;
    private final Clock clock;
    private final LoadingCache<String, Optional<CampusSignInSettings>> cache;

    CampusSettings(CampusSignInMapper mapper, Clock clock) {
        this.mapper = mapper;
        this.clock = clock;
        this.cache = Caffeine.newBuilder()
                .expireAfterWrite(Duration.ofSeconds(5))
                .build(key -> Optional.ofNullable(mapper.config())
                        .map(json -> JSON.parseObject(json, CampusSignInSettings.class)));
    }

    /** The settings as saved, secret and all; {@link CampusSignInSettings#none()} when never saved. */
    CampusSignInSettings saved() {
        return cache.get("saved").orElseGet(CampusSignInSettings::none);
    }

    /** The settings, when a manager turned the campus sign-in on. */
    Optional<CampusSignInSettings> enabled() {
        return cache.get("saved").filter(CampusSignInSettings::enabled);
    }

    void keep(CampusSignInSettings settings) {
        mapper.keep(settings.enabled(), JSON.toJSONString(settings), LocalDateTime.now(clock));
        cache.invalidateAll();
    }
}
