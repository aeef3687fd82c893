package com.courtrush.infra.config;

import java.nio.file.Path;

/**
 * The embedded database's JDBC URL (decision 34): an H2 file reached through H2's {@code async:} file system, which
 * does its reads and writes on threads of its own and waits for them however often the caller is interrupted — so an
 * interrupt (a listener container stopping, a broker closing an "unresponsive" consumer, an executor's {@code
 * shutdownNow}) can never close the file under the database, as Java closes a {@code FileChannel} whose thread is
 * interrupted in it. The same files as H2's default file system: a data directory of an older version opens as it
 * was.
 */
public final class EmbeddedDatabaseUrl {

    /** The file systems an H2 database of a file is reached through: this engine's, and H2's default. */
    private static final String[] FILE_PREFIXES = {"jdbc:h2:async:", "jdbc:h2:file:"};

    private EmbeddedDatabaseUrl() {}

    /** The URL of the database {@code base} ({@code <dir>/courtrush}: H2 adds {@code .mv.db}), with {@code options}. */
    public static String of(Path base, String options) {
        return FILE_PREFIXES[0] + base + options;
    }

    /** Whether {@code url} names the H2 database file {@code base}, through either file system. */
    public static boolean names(String url, Path base) {
        for (String prefix : FILE_PREFIXES) {
            if (url.startsWith(prefix + base) || url.startsWith(prefix + base.toAbsolutePath())) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code url} is an H2 database of a file (not in memory, not a server's). */
    public static boolean isFile(String url) {
        for (String prefix : FILE_PREFIXES) {
            if (url.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
