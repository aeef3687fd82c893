package com.courtrush.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The password-hashing pool's own rate, before the mix: half the students sign in from 8 clients with
 * nothing else running (after a few seconds that compile the sign-in's code), and what each sign-in
 * cost the engine (and, with {@code --sign-in=ldap}, the directory).
 */
final class SignInCeiling {

    private static final int SECONDS = 20;
    private static final int WARM_UP_SECONDS = 5;
    static final int CLIENTS = 8;

    /** What the pool managed, and who it signed in (their tokens) and who is left to sign in. */
    record Measured(
            double perSecond,
            Analysis.Latency latency,
            MixReport.SignIns signIns,
            List<String> signedIn,
            List<String> toSignIn) {}

    private final FlashBench bench;
    private final BenchHttp http;
    private final PrintStream console;

    SignInCeiling(FlashBench bench, BenchHttp http, PrintStream console) {
        this.bench = bench;
        this.http = http;
        this.console = console;
    }

    Measured measure(BenchServer server, List<String> ids, BenchDirectory directory)
            throws IOException, InterruptedException {
        bench.step(
                "the password-hashing pool's own rate: sign-ins from %d clients for %d s, nothing else running",
                CLIENTS, SECONDS);
        List<String> tokens = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        java.util.concurrent.atomic.AtomicLong lastDone = new java.util.concurrent.atomic.AtomicLong();
        LoadLoop.Shot signIn = () -> {
            int i = next.getAndIncrement();
            if (i >= ids.size() / 2) {
                return null;
            }
            BenchHttp.Reply reply =
                    http.post("/auth/login", null, Map.of("studentId", ids.get(i), "password", BenchData.PASSWORD));
            if (reply.status() == 200) {
                tokens.add(reply.json().getJSONObject("data").getString("token"));
                lastDone.set(WallClock.epochMicros());
                return Answer.ACCEPTED;
            }
            return Answer.OTHER;
        };
        // the first seconds of a fresh server compile the sign-in's code: not what a sign-in costs
        long warmFrom = WallClock.epochMicros();
        LoadLoop.run(
                "sign-in warm-up",
                CLIENTS,
                warmFrom,
                warmFrom + WARM_UP_SECONDS * 1_000_000L,
                Long.MAX_VALUE,
                signIn,
                console);
        int warmedUp = tokens.size();
        long from = WallClock.epochMicros();
        long to = from + SECONDS * 1_000_000L;
        java.time.Duration engineCpuFrom = server.cpu();
        java.time.Duration directoryCpuFrom = directory == null ? java.time.Duration.ZERO : directory.cpu();
        BenchDirectory.Counts countsFrom = directory == null ? null : directory.counts();
        LoadLoop.Run ceilingRun = LoadLoop.run("sign-in ceiling", CLIENTS, from, to, Long.MAX_VALUE, signIn, console);
        int measured = tokens.size() - warmedUp;
        double engineCpuMs = server.cpu().minus(engineCpuFrom).toNanos() / 1e6;
        MixReport.SignIns signIns;
        if (directory == null) {
            signIns = new MixReport.SignIns(
                    "BCrypt (a password the engine keeps)", measured, engineCpuMs / Math.max(1, measured), 0, 0, 0);
        } else {
            BenchDirectory.Counts countsTo = directory.counts();
            double directoryCpuMs = directory.cpu().minus(directoryCpuFrom).toNanos() / 1e6;
            signIns = new MixReport.SignIns(
                    "LDAP bind (search-then-bind; first sign-ins, each makes its account)",
                    measured,
                    engineCpuMs / Math.max(1, measured),
                    directoryCpuMs / Math.max(1, measured),
                    (countsTo.binds() - countsFrom.binds()) / (double) Math.max(1, measured),
                    (countsTo.searches() - countsFrom.searches()) / (double) Math.max(1, measured));
        }
        // students may run out before the end: the rate is over the time they lasted
        long until = next.get() >= ids.size() / 2 ? Math.min(to, Math.max(lastDone.get(), from + 1)) : to;
        Analysis ceilingStats = new Analysis(ceilingRun.samples());
        double ceiling =
                ceilingStats.rate(from, until, a -> a == Answer.ACCEPTED).perSecond();
        Analysis.Latency ceilingLatency = ceilingStats.latency(from, until, a -> true);
        console.printf(
                "    the pool signs in %.1f students a second (p50 %.0f ms from %d clients)%n",
                ceiling, ceilingLatency.p50Ms(), CLIENTS);
        return new Measured(ceiling, ceilingLatency, signIns, List.copyOf(tokens), ids.subList(next.get(), ids.size()));
    }
}
