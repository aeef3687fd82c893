package com.courtrush.bench;

import static com.courtrush.bench.Targets.f;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code --mix}: the students' mix ({@link StudentsMix}) on a server whose passwords cost what they
 * cost in production. First the password-hashing pool's own rate is measured (sign-ins from 8
 * clients, nothing else running), and a short rehearsal opening warms the reserve path up with the
 * students signed in by then; then the storm of the other students' sign-ins runs into the opening,
 * while the students signed in use the page. Targets are ratios within the run.
 */
final class MixRun {

    private static final int REHEARSAL_LEAD_SECONDS = 8;
    private static final int REHEARSAL_SECONDS = 15;
    private static final int REHEARSALS = 2;
    /** The storm goes on this long after the flash time, so the rush runs with it. */
    private static final int STORM_INTO_OPENING_SECONDS = 8;

    static final double SLOTS_VS_PING_P99 = 1.5;
    /** Refused taps, p99, while the sign-in storm is queued. */
    static final double TAPS_P99_MS = 50;
    /** The page's own requests (courts refreshed every 4-7 s by every student in) take their share of the two cores. */
    static final double SIGN_INS_VS_CEILING = 0.8;

    private final FlashBench bench;
    private final PrintStream console;

    MixRun(FlashBench bench, PrintStream console) {
        this.bench = bench;
        this.console = console;
    }

    MixReport.Mix measure(BenchServer server, BenchHttp http, String admin, String runId, java.nio.file.Path runDir)
            throws IOException, InterruptedException {
        return measure(server, http, admin, runId, runDir, bench.mixing.signInByLdap());
    }

    private MixReport.Mix measure(
            BenchServer server, BenchHttp http, String admin, String runId, java.nio.file.Path runDir, boolean ldap)
            throws IOException, InterruptedException {
        BenchData data = new BenchData(http, admin, runId, console);
        int rehearsalCourts = BenchData.courtsFor(WarmUp.REHEARSAL_SLOTS) * WarmUp.REHEARSAL_OPENINGS;
        bench.step(
                "creating %d courts and %,d students (passwords hashed at the server's own cost: this takes a while)",
                BenchData.courtsFor(bench.slots) + rehearsalCourts, bench.mixing.mixStudents);
        List<Long> courts = data.createCourts(BenchData.courtsFor(bench.slots) + rehearsalCourts);
        long importStart = System.nanoTime();
        List<String> ids;
        BenchDirectory directory = null;
        if (ldap) {
            // the students are the directory's: the engine makes each account at its first sign-in, keeps no password
            ids = new ArrayList<>(data.studentIds("m", bench.mixing.mixStudents));
            directory = BenchDirectory.start(ids, BenchData.PASSWORD, runDir, console);
            http.call(
                    "Turning the LDAP sign-in on",
                    http.put("/admin/campus-sign-in", admin, directory.settings("https://gym.example.edu")));
        } else {
            ids = new ArrayList<>(data.importStudents("m", bench.mixing.mixStudents));
        }
        double importSeconds = (System.nanoTime() - importStart) / 1e9;
        try {
            return measure(server, http, admin, data, courts, ids, importSeconds, directory);
        } finally {
            if (directory != null) {
                directory.close();
            }
        }
    }

    private MixReport.Mix measure(
            BenchServer server,
            BenchHttp http,
            String admin,
            BenchData data,
            List<Long> courts,
            List<String> ids,
            double importSeconds,
            BenchDirectory directory)
            throws IOException, InterruptedException {
        int rehearsalCourts = BenchData.courtsFor(WarmUp.REHEARSAL_SLOTS) * WarmUp.REHEARSAL_OPENINGS;
        Collections.shuffle(ids);

        SignInCeiling.Measured pool = new SignInCeiling(bench, http, console).measure(server, ids, directory);
        double ceiling = pool.perSecond();
        Analysis.Latency ceilingLatency = pool.latency();
        MixReport.SignIns signIns = pool.signIns();
        List<String> signedIn = pool.signedIn();
        List<String> toSignIn = pool.toSignIn();

        Report.Rehearsal rehearsal = null;
        if (bench.warmUpSeconds > 0 && signedIn.size() >= 2 * WarmUp.REHEARSAL_SLOTS) {
            rehearsal = rehearse(
                    http,
                    data,
                    admin,
                    courts.subList(BenchData.courtsFor(bench.slots), courts.size()),
                    signedIn,
                    REHEARSALS);
        }

        double rate = bench.mixing.signInRate > 0 ? bench.mixing.signInRate : 1.2 * ceiling;
        // the storm is paced by what the pool manages, not by what is offered: it ends that long after the flash time
        int lead = (int) Math.max(30, toSignIn.size() / Math.min(rate, ceiling) - STORM_INTO_OPENING_SECONDS);
        bench.step(
                "the opening: %d slots x %d places, flash time in %d s; %,d students signed in use the page, "
                        + "%,d more sign in at %.1f/s from now (%.0f%% with a wrong password first)",
                bench.slots,
                bench.capacity,
                lead,
                signedIn.size(),
                toSignIn.size(),
                rate,
                100 * bench.mixing.wrongPasswords);
        BenchData.Opening opening = data.createOpening(
                courts.subList(0, BenchData.courtsFor(bench.slots)), bench.slots, bench.capacity, 2, lead, bench.zone);
        String date = Instant.ofEpochMilli(opening.opensAtMs())
                .atZone(bench.zone)
                .toLocalDate()
                .plusDays(1)
                .toString();
        ServerMetrics metrics = new ServerMetrics(http, admin);
        long pendingFromDatabase = metrics.resultAnswers("PENDING", "database");
        long pendingFromRedis = metrics.resultAnswers("PENDING", "redis");

        StudentsMix mix = new StudentsMix(
                http,
                new StudentsMix.Options(
                        bench.mixing.mixClients,
                        rate,
                        bench.mixing.wrongPasswords,
                        bench.mixing.earlyShare,
                        bench.mixing.payShare,
                        bench.rushSeconds,
                        bench.mixing.mineShare,
                        bench.mixing.checkInSheets),
                opening,
                date);
        // the hashing pool's busy threads, sampled twice a second while the mix runs
        List<long[]> busy = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.ScheduledExecutorService sampler =
                java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        sampler.scheduleAtFixedRate(
                () -> {
                    try {
                        busy.add(new long[] {WallClock.epochMicros(), Math.round(metrics.hashingActive() * 1000)});
                    } catch (IOException | RuntimeException e) {
                        console.printf("    (a sample of the hashing pool failed: %s)%n", e);
                    }
                },
                0,
                500,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        StudentsMix.Result run;
        try {
            run = mix.run(signedIn, toSignIn);
        } finally {
            sampler.shutdownNow();
        }
        double hashingThreads = metrics.hashingThreads();

        long pendingDatabase = metrics.resultAnswers("PENDING", "database") - pendingFromDatabase;
        long pendingRedis = metrics.resultAnswers("PENDING", "redis") - pendingFromRedis;
        bench.step(
                "waiting until the %d granted places are in the database",
                run.grants().size());
        long recorded = Verification.awaitRecorded(
                http, admin, opening.sessionId(), run.grants().size(), console);
        bench.step("checking the invariants");
        Verification.Result check = Verification.check(http, admin, opening.sessionId(), run.grants());

        long flash = run.flashMicros();
        long openingFrom = flash - 2_000_000L;
        long openingTo = flash + 10_000_000L;
        long stormEnd = Math.max(run.lastSignInMicros(), run.startMicros());
        List<MixReport.MixKind> whole = run.table(run.startMicros(), run.endMicros() + 60_000_000L);
        List<MixReport.MixKind> atOpening = run.table(openingFrom, openingTo);
        List<MixReport.MixTick> ticks = new ArrayList<>();
        for (long t = flash - 1_000_000L; t < flash + 6_000_000L; t += 250_000L) {
            long end = t + 250_000L;
            ticks.add(new MixReport.MixTick(
                    (t - flash) / 1000,
                    run.recorders()
                            .get(StudentsMix.Kind.RESERVE)
                            .summary("", t, end)
                            .latency(),
                    run.recorders()
                            .get(StudentsMix.Kind.SLOTS)
                            .summary("", t, end)
                            .latency()
                            .p99Ms(),
                    run.recorders()
                            .get(StudentsMix.Kind.PING)
                            .summary("", t, end)
                            .latency()
                            .p99Ms(),
                    run.recorders()
                            .get(StudentsMix.Kind.SIGN_IN)
                            .summary("", t, end)
                            .count()));
        }
        // the storm until the rush begins (then the server holds the hashes: courtrush.auth.sign-in-hold); every
        // sign-in is a hash, a wrong password's too
        long hashing = Math.min(stormEnd + 1, flash - 1_000_000L);
        MixReport.MixKind stormSignIns =
                run.recorders().get(StudentsMix.Kind.SIGN_IN).summary("sign in (storm)", run.startMicros(), hashing);
        MixReport.MixKind stormWrong = run.recorders()
                .get(StudentsMix.Kind.SIGN_IN_WRONG)
                .summary("sign in wrong (storm)", run.startMicros(), hashing);
        // the taps the reserve decision answered (a refusal), and the winners, whose 202 follows the broker's confirm
        long rushEnd = Math.min(Math.max(stormEnd + 1, flash + 5_000_000L), run.endMicros());
        MixReport.MixKind decided = run.recorders()
                .get(StudentsMix.Kind.RESERVE)
                .summary("reserve refused (storm held)", flash - 1_000_000L, rushEnd, status -> status != 202);
        MixReport.MixKind won = run.recorders()
                .get(StudentsMix.Kind.RESERVE)
                .summary("reserve won", flash - 1_000_000L, rushEnd, status -> status == 202);
        MixReport.MixKind rushPing =
                run.recorders().get(StudentsMix.Kind.PING).summary("ping", flash - 1_000_000L, rushEnd);
        MixReport.MixKind slots = find(atOpening, "slots");
        MixReport.MixKind ping = find(atOpening, "ping");

        double busySum = 0;
        int busySamples = 0;
        synchronized (busy) {
            for (long[] sample : busy) {
                if (sample[0] >= run.startMicros() + 2_000_000L && sample[0] < hashing) {
                    busySum += sample[1] / 1000.0;
                    busySamples++;
                }
            }
        }
        double busyShare = busySamples == 0 || hashingThreads == 0 ? 0 : busySum / busySamples / hashingThreads;
        List<Report.Target> targets = new ArrayList<>();
        targets.add(new Report.Target(
                "hashing threads busy in the storm (before the rush)",
                f("%.0f%% of %.0f (%d samples)", 100 * busyShare, hashingThreads, busySamples),
                ">= 90%",
                busyShare >= 0.9));
        double signInRate =
                stormSignIns.seconds() > 0 ? (stormSignIns.count() + stormWrong.count()) / stormSignIns.seconds() : 0;
        // the page's own requests take their share of the two cores: the pool, busy, hashes a little slower than alone
        targets.add(new Report.Target(
                "sign-ins/s in the storm (before the rush) vs the hashing pool alone",
                f(
                        "%.1f/s = %.2f x (pool %.1f/s, offered %.1f/s)",
                        signInRate, ceiling == 0 ? 0 : signInRate / ceiling, ceiling, rate),
                f(">= %.1f x", SIGN_INS_VS_CEILING),
                rate >= ceiling && signInRate >= SIGN_INS_VS_CEILING * ceiling));
        targets.add(new Report.Target(
                "taps refused by the decision, p99, storm queued",
                stormEnd <= flash
                        ? "storm over before the opening"
                        : f(
                                "%.1f ms (%d; /ping %.1f; winners' 202 %.0f)",
                                decided.latency().p99Ms(),
                                decided.count(),
                                rushPing.latency().p99Ms(),
                                won.latency().p99Ms()),
                f("< %.0f ms", TAPS_P99_MS),
                stormEnd > flash && decided.count() > 0 && decided.latency().p99Ms() < TAPS_P99_MS));
        targets.add(new Report.Target(
                "GET /slots p99 vs GET /ping p99, opening -2 s..+10 s",
                f(
                        "%.1f vs %.1f ms = %.2f x",
                        slots.latency().p99Ms(),
                        ping.latency().p99Ms(),
                        ping.latency().p99Ms() == 0
                                ? 0
                                : slots.latency().p99Ms() / ping.latency().p99Ms()),
                f("<= %.1f x", SLOTS_VS_PING_P99),
                ping.latency().count() > 0
                        && slots.latency().p99Ms()
                                <= SLOTS_VS_PING_P99 * ping.latency().p99Ms()));
        targets.add(new Report.Target(
                "PENDING results read from the database",
                f("%d (of %d PENDING answers)", pendingDatabase, pendingDatabase + pendingRedis),
                "0",
                pendingDatabase == 0));
        targets.add(Targets.correct("", check));
        return new MixReport.Mix(
                LocalDateTime.now().withNano(0).toString(),
                bench.mixing.commandLine(bench),
                Machines.describe(),
                bench.external,
                bench.mixing.mixStudents,
                bench.slots,
                bench.capacity,
                importSeconds,
                ceiling,
                ceilingLatency,
                signIns,
                rate,
                run.signedIn(),
                (stormEnd - flash) / 1e6,
                run.grants().size(),
                recorded,
                rehearsal,
                whole,
                atOpening,
                ticks,
                server.peakRssMib(),
                check,
                targets);
    }

    /**
     * A rehearsal of the whole page at a small opening, with the students signed in so far and no storm:
     * taps, alternatives, result polls, my bookings, payments — so that the first time these paths run is
     * not the mix's opening (on two cores the JIT compiling them for the first time took a second of CPU
     * at the flash time).
     */
    private Report.Rehearsal rehearse(
            BenchHttp http, BenchData data, String admin, List<Long> courts, List<String> tokens, int openings)
            throws IOException, InterruptedException {
        // a place for every student: the grant's whole path (publish, broker, consumer, database) runs hundreds of
        // times
        int capacity = Math.max(1, tokens.size() / WarmUp.REHEARSAL_SLOTS);
        int courtsEach = BenchData.courtsFor(WarmUp.REHEARSAL_SLOTS);
        long places = 0;
        long granted = 0;
        long taps = 0;
        double seconds = 0;
        Analysis.Latency latency = null;
        for (int i = 0; i < openings; i++) {
            bench.step(
                    "rehearsal %d of %d: %,d students signed in use the page at an opening of %d slots x %d places",
                    i + 1, openings, tokens.size(), WarmUp.REHEARSAL_SLOTS, capacity);
            BenchData.Opening opening = data.createOpening(
                    courts.subList(i * courtsEach, (i + 1) * courtsEach),
                    WarmUp.REHEARSAL_SLOTS,
                    capacity,
                    2,
                    REHEARSAL_LEAD_SECONDS,
                    bench.zone);
            String date = Instant.ofEpochMilli(opening.opensAtMs())
                    .atZone(bench.zone)
                    .toLocalDate()
                    .plusDays(1)
                    .toString();
            StudentsMix rehearsal = new StudentsMix(
                    http,
                    new StudentsMix.Options(
                            bench.mixing.mixClients,
                            1,
                            0,
                            bench.mixing.earlyShare,
                            bench.mixing.payShare,
                            REHEARSAL_SECONDS,
                            bench.mixing.mineShare,
                            bench.mixing.checkInSheets),
                    opening,
                    date);
            StudentsMix.Result run = rehearsal.run(tokens, List.of());
            MixReport.MixKind tapped =
                    run.recorders().get(StudentsMix.Kind.RESERVE).summary("reserve", 0, Long.MAX_VALUE);
            console.printf(
                    "    rehearsal %d: %,d taps, %,d of %,d places granted; statuses %s%n",
                    i + 1, tapped.count(), run.grants().size(), opening.places(), tapped.statuses());
            Verification.awaitRecorded(
                    http, admin, opening.sessionId(), run.grants().size(), console);
            places += opening.places();
            granted += run.grants().size();
            taps += tapped.count();
            seconds += tapped.seconds();
            latency = tapped.latency();
        }
        return new Report.Rehearsal(
                openings,
                tokens.size(),
                places,
                granted,
                new Analysis.Rate(taps, seconds, seconds > 0 ? taps / seconds : 0),
                latency);
    }

    private static MixReport.MixKind find(List<MixReport.MixKind> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }
}
