package com.courtrush.infra.embedded;

import java.io.File;
import java.io.IOException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops the engine's redis-server when the JVM dies without closing it: SIGKILL, a power cut's twin, or a console
 * whose display went away (GTK then ends the process from native code, and no shutdown hook runs). A small shell
 * reads a pipe that only this JVM holds open; when the JVM dies, however it dies, the pipe ends and the shell sends
 * the redis-server SIGTERM (it writes its append-only file and exits). It starts the moment Redis is spawned, so it
 * also covers a start the JVM does not live through. On a clean close the watch is ended first and the engine stops
 * Redis itself. Where there is no POSIX shell (Windows) there is no watch, and the next start stops a leftover
 * ({@link LeftoverRedis}).
 */
final class RedisExitWatch implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RedisExitWatch.class);
    private static final File SHELL = new File("/bin/sh");

    private final Process shell;

    private RedisExitWatch(Process shell) {
        this.shell = shell;
    }

    /**
     * Watches {@code redis}, a child of this JVM run on {@code files}' configuration; empty where no shell can watch
     * it. The shell's command line names the configuration too, so that a watch is found by it like its Redis.
     */
    static Optional<RedisExitWatch> start(ProcessHandle redis, RedisFiles files) {
        if (!SHELL.canExecute()) {
            return Optional.empty();
        }
        try {
            // the shell reads until the pipe ends (this JVM gone), then stops Redis; nothing is ever written to it
            Process shell = new ProcessBuilder(
                            SHELL.getPath(),
                            "-c",
                            "while read -r _; do :; done; kill -TERM \"$1\" 2>/dev/null",
                            "courtrush-redis-watch",
                            Long.toString(redis.pid()),
                            files.config().toString())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return Optional.of(new RedisExitWatch(shell));
        } catch (IOException e) {
            log.warn(
                    "No watch on the embedded redis-server (pid {}): {}; if this process is killed, the next start "
                            + "stops it",
                    redis.pid(),
                    e.getMessage());
            return Optional.empty();
        }
    }

    /** Ends the watch without stopping Redis: killed before its pipe is closed, the shell sends nothing. */
    @Override
    public void close() {
        shell.destroyForcibly();
        try {
            shell.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
