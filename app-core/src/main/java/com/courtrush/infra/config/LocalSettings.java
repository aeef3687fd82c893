package com.courtrush.infra.config;

import com.courtrush.infra.config.api.SettingProblem;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Settings that take effect at the next start — infrastructure mode and connections, HTTP port and
 * address, limits, the admin token — kept in {@code <data-dir>/courtrush.properties}, which the
 * engine reads at start-up (above application.yml, below command-line arguments and environment
 * variables). The console edits them here and says when a restart is needed.
 */
@Component
public class LocalSettings {

    public static final String FILE_NAME = "courtrush.properties";

    /** The keys the console edits, in the order it shows them. */
    public static final List<String> KEYS = List.of(
            "courtrush.infra.mode",
            "spring.datasource.url",
            "spring.datasource.username",
            "spring.datasource.password",
            "spring.data.redis.host",
            "spring.data.redis.port",
            "spring.data.redis.password",
            "spring.rabbitmq.host",
            "spring.rabbitmq.port",
            "spring.rabbitmq.username",
            "spring.rabbitmq.password",
            "server.port",
            "server.address",
            "courtrush.limits.per-student-per-minute",
            "courtrush.limits.node-per-second",
            "courtrush.limits.per-ip-enabled",
            "courtrush.limits.per-ip-per-second",
            "courtrush.admin-token");

    private final Path file;
    private final Environment environment;

    LocalSettings(CourtRushProperties properties, Environment environment) {
        this.file = properties.dataDir().resolve(FILE_NAME);
        this.environment = environment;
    }

    public Path file() {
        return file;
    }

    /** What the engine runs with now, for each key (blank when unset). */
    public Map<String, String> running() {
        Map<String, String> values = new LinkedHashMap<>();
        KEYS.forEach(key -> values.put(key, environment.getProperty(key, "")));
        return values;
    }

    /** What the file holds for each key (blank: the default or what the command line gives). */
    public Map<String, String> saved() {
        Properties stored = read(file);
        Map<String, String> values = new LinkedHashMap<>();
        KEYS.forEach(key -> values.put(key, stored.getProperty(key, "")));
        return values;
    }

    /**
     * Saves the values (blank removes a key) and tells whether a restart is needed for them. Every
     * value is checked first ({@link SettingRules}, and a new HTTP port must be free): if any is
     * wrong, nothing is saved and {@link SettingsRejected} names each.
     */
    public boolean save(Map<String, String> values) {
        values.keySet().stream().filter(key -> !KEYS.contains(key)).findFirst().ifPresent(key -> {
            throw new IllegalArgumentException("Not a setting the console edits: " + key);
        });
        Map<String, SettingProblem> problems = SettingRules.problems(values);
        if (!problems.containsKey("server.port") && !problems.containsKey("server.address")) {
            SettingRules.portFree(
                            values.get("server.port"),
                            values.get("server.address"),
                            environment.getProperty("local.server.port", Integer.class, -1))
                    .ifPresent(problem -> problems.put("server.port", problem));
        }
        if (!problems.isEmpty()) {
            throw new SettingsRejected(problems);
        }
        Properties stored = read(file);
        values.forEach((key, value) -> {
            if (value == null || value.isBlank()) {
                stored.remove(key);
            } else {
                stored.setProperty(key, value.strip());
            }
        });
        write(file, stored);
        return restartNeeded();
    }

    /**
     * The settings file as start-up reads it, each value checked: the first the engine cannot start
     * with is thrown as {@link SavedSettingInvalid}, naming it and the file.
     */
    static Properties readChecked(Path file) {
        Properties stored = read(file);
        for (String key : KEYS) {
            String value = stored.getProperty(key);
            SettingRules.check(key, value).ifPresent(problem -> {
                throw new SavedSettingInvalid(key, value, file, problem);
            });
        }
        return stored;
    }

    /** Removes a key from the settings file (its default applies at the next start). */
    public static void reset(Path file, String key) {
        Properties stored = read(file);
        stored.remove(key);
        write(file, stored);
    }

    /** Whether the file sets a value the engine does not run with. */
    public boolean restartNeeded() {
        Map<String, String> running = running();
        return saved().entrySet().stream()
                .anyMatch(e -> !e.getValue().isEmpty() && !Objects.equals(e.getValue(), running.get(e.getKey())));
    }

    static Properties read(Path file) {
        Properties properties = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(reader);
            } catch (IOException e) {
                throw new InfraConfigException(
                        "Cannot read the settings file " + file + ": " + e.getMessage(),
                        "Fix or delete " + file + ".",
                        e);
            }
        }
        return properties;
    }

    private static void write(Path file, Properties properties) {
        try {
            StringWriter text = new StringWriter();
            properties.store(text, "CourtRush settings, read at start-up (passwords in clear: keep private)");
            DataDirectory.writePrivately(file, text.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the settings file " + file, e);
        }
    }
}
