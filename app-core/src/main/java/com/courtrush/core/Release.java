package com.courtrush.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * What this build of CourtRush is (SPEC §23): its semantic version, from the one place the build sets it (the parent
 * pom's {@code revision}, written by Spring Boot's {@code build-info} into {@code META-INF/build-info.properties}),
 * when it was built, and the schema it brings — its newest migration. Said by {@code --version}, the log's first line,
 * {@code /actuator/info} and the console's About.
 *
 * @param version the semantic version, {@code 0.2.0}; {@code unknown} in a build without its build info
 * @param builtAt when it was built, as the build wrote it (ISO-8601, UTC); empty when unknown
 * @param schema the newest schema migration it brings ({@code V38__…} is 38)
 */
public record Release(String version, String builtAt, int schema) {

    /** Where Flyway finds the migrations: the SQL files of {@code sql/} and the Java ones. */
    public static final String MIGRATIONS = "db/migration";

    private static final Pattern MIGRATION = Pattern.compile("V(\\d+)__.+\\.(sql|class)");
    private static final Release CURRENT = load();

    /** This build's. */
    public static Release current() {
        return CURRENT;
    }

    /**
     * Whether the command line asks only which release this is ({@code --version} or {@code -V}, wherever it stands:
     * the server's script puts its own settings first): the caller prints {@link #line} and starts nothing.
     */
    public static boolean asked(String... args) {
        return java.util.Arrays.stream(args).anyMatch(arg -> "--version".equals(arg) || "-V".equals(arg));
    }

    /** {@code CourtRush 0.2.0 (schema 38)}: what {@code --version} prints and the log's first line begins with. */
    public String line() {
        return "CourtRush " + version + " (schema " + schema + ")";
    }

    private static Release load() {
        Properties build = new Properties();
        try (InputStream in = Release.class.getClassLoader().getResourceAsStream("META-INF/build-info.properties")) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read this build's META-INF/build-info.properties", e);
        }
        return new Release(
                build.getProperty("build.version", "unknown"), build.getProperty("build.time", ""), newestMigration());
    }

    /** The newest migration on the class path, by its version ({@code V38__wechat_account.sql}: 38). */
    public static int newestMigration() {
        int newest = 0;
        try {
            for (Resource each :
                    new PathMatchingResourcePatternResolver().getResources("classpath*:" + MIGRATIONS + "/V*")) {
                Matcher name = MIGRATION.matcher(String.valueOf(each.getFilename()));
                if (name.matches()) {
                    newest = Math.max(newest, Integer.parseInt(name.group(1)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list this build's schema migrations", e);
        }
        return newest;
    }
}
