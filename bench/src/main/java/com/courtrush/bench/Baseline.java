package com.courtrush.bench;

import com.courtrush.bench.Analysis.Rate;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The baseline: the server's trivial endpoint, {@code GET /ping}, from every client for the baseline's
 * seconds, measured before the crowd and again after it (the machine's speed drifts: the crowd is
 * compared with both). Anything but 200 fails the run.
 */
final class Baseline {

    private final BenchNodes server;
    private final int clients;
    private final int seconds;
    private final PrintStream console;

    Baseline(BenchNodes server, int clients, int seconds, PrintStream console) {
        this.server = server;
        this.clients = clients;
        this.seconds = seconds;
        this.console = console;
    }

    /** One measurement: what the clients recorded, its window (epoch µs), its rate and the server's cores used. */
    record Ping(LoadLoop.Run run, long from, long to, Rate rate, double cores) {}

    /** {@code GET /ping}, answered {@link Answer#PONG} when it is 200. */
    static LoadLoop.Shot shot(BenchHttp http) {
        return () -> http.get("/ping", null).status() == 200 ? Answer.PONG : Answer.OTHER;
    }

    /** {@code GET /ping} from every client for the baseline's seconds; anything but 200 fails the run. */
    Ping measure(LoadLoop.Shot ping) throws InterruptedException {
        Duration cpuBefore = server.cpu();
        long from = WallClock.epochMicros();
        long to = from + seconds * 1_000_000L;
        LoadLoop.Run run = LoadLoop.run("baseline", clients, from, to, Long.MAX_VALUE, ping, console);
        double cores = FlashBench.seconds(server.cpu().minus(cpuBefore).toNanos()) / seconds;
        Analysis stats = new Analysis(run.samples());
        Map<Answer, Long> answers = stats.answers(0, Long.MAX_VALUE);
        if (answers.keySet().stream().anyMatch(a -> a != Answer.PONG)) {
            throw new BenchException("The baseline got answers other than 200: " + answers
                    + (run.firstIoError() == null ? "" : " (first I/O error: " + run.firstIoError() + ")"));
        }
        return new Ping(run, from, to, stats.rate(from, to, a -> a == Answer.PONG), cores);
    }

    /** The report's baseline: both rates, the latency over both, the cores each used on average. */
    static Report.Baseline of(Ping before, Ping after) {
        List<Samples> samples = new ArrayList<>(before.run().samples());
        samples.addAll(after.run().samples());
        return Report.Baseline.of(
                "/ping",
                before.rate(),
                after.rate(),
                new Analysis(samples).latency(before.from(), after.to(), a -> true),
                (before.cores() + after.cores()) / 2);
    }
}
