package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An append-only file is set aside only when Redis says it cannot read its content — in Redis 6.2's
 * own words, as the bundled redis-server (6.2.6) printed them on files made unreadable on purpose —
 * and never for a start that failed otherwise: stopped while loading, a port taken, a library missing.
 */
class RedisOutputTest {

    private static final List<String> STARTING = List.of(
            "13196:C 26 Nov 2026 03:02:04.933 # oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo",
            "13196:C 26 Nov 2026 03:02:04.933 # Configuration loaded",
            "13196:M 26 Nov 2026 03:02:04.934 * Running mode=standalone, port=16999.",
            "13196:M 26 Nov 2026 03:02:04.934 # Server initialized");

    @Test
    void aFileRedisSaysItCannotReadIsUnreadable() {
        assertThat(output("13196:M 26 Nov 2026 03:02:04.934 # Bad file format reading the append only file: make a "
                                + "backup of your AOF file, then use ./redis-check-aof --fix <filename>")
                        .appendOnlyFileUnreadable())
                .as("garbage")
                .isTrue();
        assertThat(output("13134:M 26 Nov 2026 03:02:04.934 # Unknown command 'FOOBARZ' reading the append only file")
                        .appendOnlyFileUnreadable())
                .as("a command Redis does not know")
                .isTrue();
        assertThat(output("9:M 26 Nov 2026 03:02:04.934 # Unrecoverable error reading the append only file: "
                                + "Input/output error")
                        .appendOnlyFileUnreadable())
                .as("a read error")
                .isTrue();
        assertThat(output("9:M 26 Nov 2026 03:02:04.934 # Error reading the RDB preamble of the AOF file, AOF loading "
                                + "aborted")
                        .appendOnlyFileUnreadable())
                .isTrue();
    }

    @Test
    void aRewrittenFileWhosePreambleRedisCannotReadIsUnreadable() {
        assertThat(output(
                                "13461:M 26 Nov 2026 03:02:04.949 * Reading RDB preamble from AOF file...",
                                "13461:M 26 Nov 2026 03:02:04.949 * Loading RDB produced by version 6.2.6",
                                "13461:M 26 Nov 2026 03:02:04.949 # Wrong RDB checksum expected: (b10f3ea27f1cf7cf) "
                                        + "but got (bc8dcf98aa8f3b0f). Aborting now.",
                                "13461:M 26 Nov 2026 03:02:04.949 # Internal error in RDB reading offset 0, function at "
                                        + "rdb.c:2726 -> RDB CRC error",
                                "[offset 0] Checking RDB file appendonly.aof",
                                "--- RDB ERROR DETECTED ---")
                        .appendOnlyFileUnreadable())
                .isTrue();
        assertThat(output(
                                "13461:M 26 Nov 2026 03:02:04.949 * Reading RDB preamble from AOF file...",
                                "13461:M 26 Nov 2026 03:02:04.949 # Short read or OOM loading DB. Unrecoverable error, "
                                        + "aborting now.")
                        .appendOnlyFileUnreadable())
                .as("cut short in its preamble")
                .isTrue();
    }

    @Test
    void aStartThatFailedOtherwiseSaysNothingOfTheFile() {
        assertThat(output("3364:signal-handler (1795662700) Received shutdown signal during loading, exiting now.")
                        .appendOnlyFileUnreadable())
                .as("stopped while loading: the engine's own stop")
                .isFalse();
        assertThat(output(
                                "14407:M 26 Nov 2026 03:02:26.050 # Warning: Could not create server TCP listening "
                                        + "socket 127.0.0.1:16997: bind: Address already in use",
                                "14407:M 26 Nov 2026 03:02:26.050 # Failed listening on port 16997 (TCP), aborting.")
                        .appendOnlyFileUnreadable())
                .as("its port taken")
                .isFalse();
        assertThat(new RedisOutput(List.of("/data/redis/bin/redis-server-6.2.6-v5-linux-amd64: error while loading "
                                + "shared libraries: libssl.so.3: cannot open shared object file: No such file or "
                                + "directory"))
                        .appendOnlyFileUnreadable())
                .as("a library missing")
                .isFalse();
        assertThat(output("9:M 26 Nov 2026 03:02:04.934 # Fatal error: can't open the append log file for reading: "
                                + "Permission denied")
                        .appendOnlyFileUnreadable())
                .as("a file it may not open: nothing is known of its content")
                .isFalse();
        assertThat(output("9:M 26 Nov 2026 03:02:04.934 # Redis needs to enable the AOF but can't open the append only "
                                + "file appendonly.aof (in server root dir /data/redis): Permission denied")
                        .appendOnlyFileUnreadable())
                .as("nor one it may not write")
                .isFalse();
        RedisOutput signalled = output(
                "9:M 26 Nov 2026 03:02:04.934 # Received SIGINT scheduling shutdown...",
                "9:M 26 Nov 2026 03:02:04.934 # Received shutdown signal during loading, exiting now.");
        assertThat(signalled.appendOnlyFileUnreadable())
                .as("Ctrl+C while it loads")
                .isFalse();
        assertThat(signalled.signalled()).isTrue();
        assertThat(output(
                                "9:M 26 Nov 2026 03:02:04.934 # Bad directive or wrong number of arguments",
                                ">>> 'requirepass my secret'")
                        .tail())
                .as("a configuration line it quotes")
                .doesNotContain("my secret")
                .contains("requirepass (hidden)");
        assertThat(new RedisOutput(List.of()).appendOnlyFileUnreadable())
                .as("killed before it said anything")
                .isFalse();
        assertThat(output(
                                "13211:M 26 Nov 2026 03:02:04.949 # !!! Warning: short read while loading the AOF file "
                                        + "!!!",
                                "13211:M 26 Nov 2026 03:02:04.949 # !!! Truncating the AOF at offset 27 !!!",
                                "13211:M 26 Nov 2026 03:02:04.949 # AOF loaded anyway because aof-load-truncated is "
                                        + "enabled")
                        .appendOnlyFileUnreadable())
                .as("a file cut short by a crash is loaded up to its last whole command")
                .isFalse();
    }

    @Test
    void theTailNamesTheLastLines() {
        assertThat(output("last words").tail()).endsWith("Server initialized | last words");
        assertThat(new RedisOutput(List.of()).tail()).isEqualTo("(it printed nothing)");
    }

    private static RedisOutput output(String... last) {
        List<String> lines = new java.util.ArrayList<>(STARTING);
        lines.addAll(List.of(last));
        return new RedisOutput(lines);
    }
}
