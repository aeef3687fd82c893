package com.courtrush.infra;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertiesPropertySource;
import org.springframework.core.env.StandardEnvironment;
import java.nio.file.Files;

/**
 * Fills in the database defaults of the chosen infrastructure mode before any bean is made. In
 * embedded mode the database is an H2 file in MySQL mode under the data directory; in external
 * mode a database URL must be given, so that nobody silently runs on an in-memory database.
 */
class InfraDefaults implements EnvironmentPostProcessor {

    static final String SOURCE_NAME = "courtrushInfraDefaults";

    static final String SETTINGS_SOURCE_NAME = "courtrushDataDirSettings";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        addSettingsFile(env);
        String mode = env.getProperty("courtrush.infra.mode", "embedded").trim().toLowerCase(Locale.ROOT);
        Map<String, Object> defaults = new HashMap<>();
        if (mode.equals("embedded")) {
            Path dataDir = dataDir(env);
            defaults.put("spring.datasource.url", "jdbc:h2:file:" + dataDir.resolve("db").resolve("courtrush")
                    + ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE"
                    + ";DEFAULT_NULL_ORDERING=HIGH;LOCK_TIMEOUT=10000;DB_CLOSE_ON_EXIT=FALSE");
            defaults.put("spring.datasource.username", "sa");
            defaults.put("spring.datasource.password", "");
        } else if (mode.equals("external")) {
            if (env.getProperty("spring.datasource.url", "").isBlank()) {
                throw new InfraConfigException(
                        "courtrush.infra.mode=external but no database is configured.",
                        "Set spring.datasource.url (e.g. jdbc:mysql://127.0.0.1:3306/courtrush), "
                                + "spring.datasource.username and spring.datasource.password, "
                                + "or use courtrush.infra.mode=embedded.");
            }
        } else {
            throw new InfraConfigException("courtrush.infra.mode must be 'embedded' or 'external', not '" + mode + "'.",
                    "Fix courtrush.infra.mode.");
        }
        env.getPropertySources().addLast(new MapPropertySource(SOURCE_NAME, defaults));
    }

    /** {@code <data-dir>/courtrush.properties}: above application.yml, below arguments and environment. */
    private static void addSettingsFile(ConfigurableEnvironment env) {
        Path file = dataDir(env).resolve(LocalSettings.FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return;
        }
        PropertiesPropertySource source = new PropertiesPropertySource(SETTINGS_SOURCE_NAME, LocalSettings.read(file));
        MutablePropertySources sources = env.getPropertySources();
        if (sources.contains(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME)) {
            sources.addAfter(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, source);
        } else if (sources.contains(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME)) {
            sources.addAfter(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME, source);
        } else {
            sources.addFirst(source);
        }
    }

    static Path dataDir(ConfigurableEnvironment env) {
        String configured = env.getProperty("courtrush.data-dir");
        if (configured == null || configured.isBlank()) {
            return Path.of(System.getProperty("user.home"), ".courtrush").toAbsolutePath();
        }
        return Path.of(configured).toAbsolutePath();
    }
}
