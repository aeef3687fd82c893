package com.courtrush.infra.embedded;

import java.util.List;

/**
 * What a redis-server printed before it exited without accepting connections, and what that says.
 * Its append-only file is set aside only when Redis itself says that it cannot load the file's
 * content — never because the start failed otherwise (a stop, a port, a library) — in the words of
 * Redis 6.2's {@code aof.c} and, for the RDB preamble of a rewritten file, {@code rdb.c}.
 */
record RedisOutput(List<String> lines) {

    /** Every verdict of aof.c on the content: bad format, a read error, an unexpected end, an unknown command. */
    private static final String AOF_UNREADABLE = "reading the append only file";
    /** aof.c, when the preamble fails without rdb.c ending the process itself. */
    private static final String PREAMBLE_UNREADABLE = "Error reading the RDB preamble of the AOF file";
    /** aof.c, before it loads a rewritten file's RDB preamble. */
    private static final String READING_PREAMBLE = "Reading RDB preamble from AOF file";
    /** rdb.c's verdicts on RDB content (there, the preamble), which end the process before aof.c speaks. */
    private static final List<String> RDB_UNREADABLE = List.of(
            "Internal error in RDB reading",
            "RDB ERROR DETECTED",
            "Short read or OOM loading DB",
            "Wrong RDB checksum");

    private static final int TAIL_LINES = 12;
    /** server.c, when a signal (SIGTERM, SIGINT: a service manager, Ctrl+C) ended it while it started. */
    private static final List<String> SIGNALLED =
            List.of("Received shutdown signal during loading", "Received SIGTERM", "Received SIGINT");

    RedisOutput {
        lines = List.copyOf(lines);
    }

    /** Whether Redis said it cannot load its append-only file's content. */
    boolean appendOnlyFileUnreadable() {
        boolean readingPreamble = false;
        for (String line : lines) {
            if (line.contains(AOF_UNREADABLE) || line.contains(PREAMBLE_UNREADABLE)) {
                return true;
            }
            readingPreamble |= line.contains(READING_PREAMBLE);
            if (readingPreamble && RDB_UNREADABLE.stream().anyMatch(line::contains)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a signal from outside this JVM ended it (Ctrl+C reaches the whole process group). */
    boolean signalled() {
        return lines.stream().anyMatch(line -> SIGNALLED.stream().anyMatch(line::contains));
    }

    /** Its last lines, for a message; a configuration line it quotes never shows the password. */
    String tail() {
        return lines.isEmpty()
                ? "(it printed nothing)"
                : String.join(
                        " | ",
                        lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()).stream()
                                .map(line -> line.replaceAll("(?i)(requirepass)\\s.*", "$1 (hidden)"))
                                .toList());
    }
}
