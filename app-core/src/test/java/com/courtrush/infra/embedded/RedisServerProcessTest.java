package com.courtrush.infra.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Stopping a redis-server that is still starting. Redis 6.2 exits at once on a SIGTERM that lands while it loads
 * its file, but one that lands between its setting up its signal handlers and beginning the load only schedules a
 * shutdown for after the whole load (seen in CI: a 58 MB file still loading 30 s after the stop, then killed). The
 * stand-in here behaves the same way: its first SIGTERM is noted, the next one ends it.
 */
class RedisServerProcessTest {

    @Test
    void aStopOfAStartingRedisSignalsAgainUntilItExitsInsteadOfWaitingAndKillingIt() throws Exception {
        Process standIn = new ProcessBuilder(
                        "sh", "-c", "trap 'trap - TERM' TERM; echo handlers set; while :; do sleep 0.05; done")
                .redirectErrorStream(true)
                .start();
        assertThat(standIn.inputReader().readLine()).isEqualTo("handlers set");
        RedisServerProcess server = new RedisServerProcess(standIn, Optional.empty());

        server.stop();

        assertThat(standIn.isAlive()).isFalse();
        assertThat(standIn.exitValue())
                .as("ended by a SIGTERM (128 + 15), not by SIGKILL (128 + 9) after the polite wait")
                .isEqualTo(143);
    }
}
