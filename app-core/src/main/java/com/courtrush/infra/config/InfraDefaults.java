package com.courtrush.infra.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertiesPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * Fills in the database defaults of the chosen infrastructure mode before any bean is made. In
 * embedded mode the database is an H2 file in MySQL mode under the data directory; in external
 * mode a database URL must be given, so that nobody silently runs on an in-memory database.
 */
class InfraDefaults implements EnvironmentPostProcessor {

    static final String SOURCE_NAME = "courtrushInfraDefaults";

    static final String SETTINGS_SOURCE_NAME = "courtrushDataDirSettings";

    static final String TLS_SOURCE_NAME = "courtrushDataDirCertificate";

    /** Where a certificate for HTTPS is looked for, under the data directory. */
    static final String TLS_DIR = "tls";

    static final String TLS_BUNDLE = "courtrush";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment env, SpringApplication application) {
        addSettingsFile(env);
        addCertificate(env);
        String mode = env.getProperty("courtrush.infra.mode", "embedded").trim().toLowerCase(Locale.ROOT);
        if (mode.equals("embedded")) {
            // above the configuration files: a server's application.yml naming its external database does not
            // take an embedded node there (arguments and the environment still can)
            addAboveFiles(env, new EmbeddedDatabase(env));
        } else if (mode.equals("external")) {
            if (env.getProperty("spring.datasource.url", "").isBlank()) {
                throw new InfraConfigException(
                        "courtrush.infra.mode=external but no database is configured.",
                        "Set spring.datasource.url (e.g. jdbc:mysql://127.0.0.1:3306/courtrush), "
                                + "spring.datasource.username and spring.datasource.password, "
                                + "or use courtrush.infra.mode=embedded.");
            }
        } else {
            throw new InfraConfigException(
                    "courtrush.infra.mode must be 'embedded' or 'external', not '" + mode + "'.",
                    "Fix courtrush.infra.mode.");
        }
    }

    /**
     * The embedded database's connection, worked out when it is asked for rather than now: the data
     * directory may still be set after this post-processor runs (a test's dynamic properties are).
     */
    static final class EmbeddedDatabase extends PropertySource<Object> {

        // not the property source's "source": Spring Boot would flatten an environment found there
        private final ConfigurableEnvironment env;

        EmbeddedDatabase(ConfigurableEnvironment env) {
            super(SOURCE_NAME);
            this.env = env;
        }

        @Override
        public Object getProperty(String name) {
            return switch (name) {
                case "spring.datasource.url" ->
                    EmbeddedDatabaseUrl.of(
                            dataDir(env).resolve("db").resolve("courtrush"),
                            ";MODE=MySQL;DATABASE_TO_LOWER=TRUE;CASE_INSENSITIVE_IDENTIFIERS=TRUE"
                                    + ";DEFAULT_NULL_ORDERING=HIGH;LOCK_TIMEOUT=10000;DB_CLOSE_ON_EXIT=FALSE"
                                    // a commit reaches the file before it returns (the default waits up to 500 ms): a
                                    // crash
                                    // must not lose a reservation the consumer acknowledged
                                    + ";WRITE_DELAY=0");
                // held off for a few seconds at night while the file is compacted (retention.FileCompaction)
                case "spring.datasource.hikari.allow-pool-suspension" -> "true";
                case "spring.datasource.username" -> "sa";
                case "spring.datasource.password" -> "";
                default -> null;
            };
        }
    }

    /**
     * HTTPS from a certificate in the data directory: {@code tls/cert.pem} (the chain) and
     * {@code tls/key.pem} (its private key, PKCS#8). Unless {@code server.ssl.*} is configured
     * otherwise, the students' port then serves HTTPS only, and answers carry HSTS.
     */
    private static void addCertificate(ConfigurableEnvironment env) {
        Path tls = dataDir(env).resolve(TLS_DIR);
        Path certificate = tls.resolve("cert.pem");
        Path key = tls.resolve("key.pem");
        if (!Files.isRegularFile(certificate)
                || !Files.isRegularFile(key)
                || env.containsProperty("server.ssl.bundle")
                || env.containsProperty("server.ssl.enabled")) {
            return;
        }
        Properties https = new Properties();
        https.setProperty("spring.ssl.bundle.pem." + TLS_BUNDLE + ".keystore.certificate", "file:" + certificate);
        https.setProperty("spring.ssl.bundle.pem." + TLS_BUNDLE + ".keystore.private-key", "file:" + key);
        https.setProperty("server.ssl.bundle", TLS_BUNDLE);
        env.getPropertySources().addLast(new PropertiesPropertySource(TLS_SOURCE_NAME, https));
    }

    /** {@code <data-dir>/courtrush.properties}: above application.yml, below arguments and environment. */
    private static void addSettingsFile(ConfigurableEnvironment env) {
        Path file = dataDir(env).resolve(LocalSettings.FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return;
        }
        addAboveFiles(env, new PropertiesPropertySource(SETTINGS_SOURCE_NAME, LocalSettings.readChecked(file)));
    }

    /** Below the arguments, system properties and environment variables; above application.yml. */
    private static void addAboveFiles(ConfigurableEnvironment env, PropertySource<?> source) {
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
