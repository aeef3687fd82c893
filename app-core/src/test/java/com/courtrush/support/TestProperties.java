package com.courtrush.support;

import com.courtrush.infra.config.CourtRushProperties;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** {@code courtrush.*} settings as the engine binds them: the defaults, with the given ones on top. */
public final class TestProperties {

    public static CourtRushProperties courtRush(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings))
                .bindOrCreate("courtrush", CourtRushProperties.class);
    }

    private TestProperties() {}
}
