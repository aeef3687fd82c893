package com.courtrush.bench;

import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The rush past the node's capacity (issue 73): the crowd with {@code --overload} times the clients, fired while busy
 * loops take every core of the machine, then the loops stopped and health read until it is UP. It prints what a node
 * past its capacity answers — the share of 503 and 429, the latency of every answer, whether health kept answering —
 * the seconds until health is UP, and checks SPEC §11's invariants. No rehearsal: the crowd meets the server as it is.
 */
final class OverloadRun {

    /** How long health may take to read UP after the crowd before the run says it never did. */
    private static final long HEALTH_WAIT_S = 120;

    private final FlashBench bench;
    private final PrintStream console;

    OverloadRun(FlashBench bench, PrintStream console) {
        this.bench = bench;
        this.console = console;
    }

    /**
     * @param clients        the crowd's clients (the bench's --clients times --overload)
     * @param busyLoops      threads kept busy beside the crowd (two per core)
     * @param cores          the machine's cores
     * @param machineBusy    cores busy on average during the crowd, all processes
     * @param answers        the crowd's answers by kind
     * @param unavailable    share of the answers that were 503 (each with Retry-After)
     * @param tooMany        share that were 429
     * @param latency        every answer's latency
     * @param ioErrors       requests that got no answer at all
     * @param healthDuring   health read every 100 ms during the crowd: how it answered
     * @param secondsToUp    from the crowd's end until health read UP (-1: not within {@link #HEALTH_WAIT_S})
     * @param granted        places answered 202
     * @param recorded       of them in the database
     * @param correctness    SPEC §11's invariants after the crowd
     */
    record OverloadReport(
            String commandLine,
            String stack,
            int clients,
            int busyLoops,
            int cores,
            double machineBusy,
            Map<String, Long> answers,
            double unavailable,
            double tooMany,
            Analysis.Latency latency,
            long ioErrors,
            String healthDuring,
            double secondsToUp,
            long granted,
            long recorded,
            Verification.Result correctness) {

        void print(PrintStream out) {
            out.println();
            out.println("CourtRush overload bench — " + stack);
            out.printf(
                    Locale.ROOT,
                    "  crowd                 %,d clients beside %d busy loops (%d cores busy %.2f of %d on average)%n",
                    clients,
                    busyLoops,
                    cores,
                    machineBusy,
                    cores);
            out.printf(Locale.ROOT, "  answers               %s%n", answers);
            out.printf(
                    Locale.ROOT,
                    "  503 share             %.2f %%   (429 %.2f %%; no answer at all: %,d)%n",
                    unavailable * 100,
                    tooMany * 100,
                    ioErrors);
            out.printf(
                    Locale.ROOT,
                    "  latency of answers    p50 %.1f ms, p99 %.1f ms, max %.1f ms (%,d answers)%n",
                    latency.p50Ms(),
                    latency.p99Ms(),
                    latency.maxMs(),
                    latency.count());
            out.printf(Locale.ROOT, "  health during crowd   %s%n", healthDuring);
            out.printf(
                    Locale.ROOT,
                    "  health UP after       %s%n",
                    secondsToUp < 0 ? "never within " + HEALTH_WAIT_S + " s" : String.format("%.1f s", secondsToUp));
            out.printf(Locale.ROOT, "  places                %,d granted, %,d recorded%n", granted, recorded);
            out.printf(
                    Locale.ROOT,
                    "  invariants            %s%n",
                    correctness.ok() ? "hold" : "BROKEN: " + correctness.problems());
            out.println("  command               " + commandLine);
        }

        boolean ok() {
            return correctness.ok() && secondsToUp >= 0;
        }
    }

    OverloadReport measure(BenchNodes server, BenchHttp http, String admin, String runId)
            throws IOException, InterruptedException {
        BenchData data = new BenchData(http, admin, runId, console);
        Seeding.Seeded seeded = Seeding.seed(bench, data);
        int lead = Math.max(4, (bench.preOpenMs + 999) / 1000 + 3);
        bench.step("creating the opening: %d slots x %d places, flash time in %d s", bench.slots, bench.capacity, lead);
        BenchData.Opening opening = data.createOpening(
                seeded.courts(), bench.slots, bench.capacity, FlashRun.PER_STUDENT, lead, bench.zone);
        int cores = Runtime.getRuntime().availableProcessors();
        CrowdFire crowds = new CrowdFire(http, bench.clients, bench.maxAttempts, console);
        WallClock.awaitEpochMicros(opening.opensAtMs() * 1000 - bench.preOpenMs * 1000L - 500_000);

        bench.step(
                "the crowd: %,d students, %,d clients, beside %d busy loops, from %d ms before the opening to %d s after",
                bench.students, bench.clients, 2 * cores, bench.preOpenMs, bench.rushSeconds);
        MachineLoad.Sample loadBefore = MachineLoad.now();
        CrowdFire.Run run;
        String healthDuring;
        int busyLoops;
        try (BusyCores busy = BusyCores.start(2 * cores)) {
            busyLoops = busy.count();
            Bystander health = Bystander.start(http, "/actuator/health", admin);
            run = crowds.fire(opening, seeded.tokens(), null, bench.preOpenMs, bench.rushSeconds, 0);
            healthDuring = health.finish();
        }
        MachineLoad.Sample loadAfter = MachineLoad.now();
        long crowdEnded = System.nanoTime();
        double secondsToUp = secondsUntilHealthUp(http, admin, crowdEnded);
        bench.step("health UP %.1f s after the crowd", secondsToUp);

        List<Crowd.Grant> grants = run.grants();
        bench.step("waiting until the %d granted places are in the database", grants.size());
        long recorded = Verification.awaitRecorded(http, admin, opening.sessionId(), grants.size(), console);
        bench.step("checking the invariants");
        Verification.Result check = Verification.check(http, admin, opening.sessionId(), grants);

        Analysis analysis = new Analysis(run.loop().samples());
        Map<String, Long> answers = new TreeMap<>();
        analysis.answers(run.start(), Long.MAX_VALUE).forEach((answer, count) -> answers.put(answer.name(), count));
        long all = answers.values().stream().mapToLong(Long::longValue).sum();
        return new OverloadReport(
                bench.overloading.commandLine(bench),
                bench.stack(),
                bench.clients,
                busyLoops,
                cores,
                (loadAfter.busyTicks() - loadBefore.busyTicks())
                        / MachineLoad.TICKS_PER_SECOND
                        / FlashBench.seconds(loadAfter.atNanos() - loadBefore.atNanos()),
                answers,
                share(answers.getOrDefault(Answer.UNAVAILABLE.name(), 0L), all),
                share(answers.getOrDefault(Answer.TOO_MANY_REQUESTS.name(), 0L), all),
                analysis.latency(run.start(), Long.MAX_VALUE, answer -> answer != Answer.IO_ERROR),
                run.loop().ioErrors(),
                healthDuring,
                secondsToUp,
                grants.size(),
                recorded,
                check);
    }

    /**
     * Reads health every 100 ms from {@code sinceNanos} until it says UP, as a balancer's probe would; -1 if it has
     * not within the wait, and then what it last answered is printed.
     */
    private double secondsUntilHealthUp(BenchHttp http, String admin, long sinceNanos) throws InterruptedException {
        long deadline = sinceNanos + TimeUnit.SECONDS.toNanos(HEALTH_WAIT_S);
        String last = "nothing";
        while (System.nanoTime() < deadline) {
            try {
                BenchHttp.Reply reply = http.get("/actuator/health", admin);
                JSONObject json = reply.status() == 200 ? reply.json() : null;
                if (json != null && "UP".equals(json.getString("status"))) {
                    return FlashBench.seconds(System.nanoTime() - sinceNanos);
                }
                last = "HTTP " + reply.status() + " " + reply.text();
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(100);
        }
        console.printf("    health never read UP within %d s; it last answered %s%n", HEALTH_WAIT_S, last);
        return -1;
    }

    private static double share(long part, long whole) {
        return whole == 0 ? 0 : (double) part / whole;
    }
}
