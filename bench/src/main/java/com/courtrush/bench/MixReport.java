package com.courtrush.bench;

import com.courtrush.bench.Analysis.Latency;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** What the students' mix ({@code --mix}) measured, printed as a table and written as JSON. */
final class MixReport {

    private MixReport() {}

    /**
     * What a sign-in cost, measured over the sign-ins of the hashing pool's own rate (8 clients, nothing else
     * running): the engine's process CPU each, and with a directory its process's CPU and what it received each.
     */
    record SignIns(
            String how,
            int measured,
            double engineCpuMsEach,
            double directoryCpuMsEach,
            double directoryBindsEach,
            double directorySearchesEach) {}

    /**
     * The students' mix ({@code --mix}).
     *
     * @param signInCeiling       sign-ins a second the hashing pool managed alone
     * @param signInOffered       the storm's rate
     * @param stormPastOpeningSeconds how long after the flash time the last sign-in of the storm finished
     * @param whole               each kind of request over the whole run
     * @param atOpening           each kind from 2 s before the flash time to 10 s after it
     */
    record Mix(
            String takenAt,
            String command,
            Report.Machine machine,
            boolean external,
            int students,
            int slots,
            int capacity,
            double importSeconds,
            double signInCeiling,
            Latency signInCeilingLatency,
            SignIns signIns,
            double signInOffered,
            int signedIn,
            double stormPastOpeningSeconds,
            long granted,
            long recorded,
            Report.Rehearsal rehearsal,
            List<MixKind> whole,
            List<MixKind> atOpening,
            List<MixTick> aroundTheOpening,
            double peakRssMib,
            Verification.Result correctness,
            List<Report.Target> targets) {

        void print(PrintStream out) {
            out.println();
            out.printf("CourtRush students' mix - %s%n", takenAt);
            out.printf(
                    "  machine : %s, %s, %d cores, %.1f GiB, Java %s%n",
                    machine.os(), machine.cpu(), machine.cores(), machine.memoryGib(), machine.java());
            out.printf(
                    "  stack   : %s; %,d students (%,d signed in by the end), %d slots x %d; students imported "
                            + "in %.0f s%n",
                    external ? "external" : "embedded", students, signedIn, slots, capacity, importSeconds);
            out.printf(
                    "  sign-in : the hashing pool alone %.1f/s (p50 %.0f ms); the storm offered %.1f/s and its "
                            + "last sign-in finished %+.1f s from the flash time%n",
                    signInCeiling, signInCeilingLatency.p50Ms(), signInOffered, stormPastOpeningSeconds);
            out.printf(
                    "  checked : by %s; %d sign-ins alone cost the engine %.1f ms of CPU each; the directory %.1f ms "
                            + "(its own process), %.1f binds and %.1f searches each%n",
                    signIns.how(),
                    signIns.measured(),
                    signIns.engineCpuMsEach(),
                    signIns.directoryCpuMsEach(),
                    signIns.directoryBindsEach(),
                    signIns.directorySearchesEach());
            out.printf(
                    "  places  : %d granted, %d recorded; peak server RSS %.0f MiB%n", granted, recorded, peakRssMib);
            table(out, "every request of the run", whole);
            table(out, "from 2 s before the flash time to 10 s after", atOpening);
            out.println();
            out.println(
                    "around the opening, per 250 ms: taps (p50 / p99), GET /slots p99, GET /ping p99, sign-ins done");
            for (MixTick tick : aroundTheOpening) {
                out.printf(
                        "  %+6d ms  reserve %5d (%7.1f / %7.1f ms)  slots p99 %7.1f ms  ping p99 %7.1f ms  "
                                + "sign-ins %3d%n",
                        tick.fromOpeningMs,
                        tick.reserve.count(),
                        tick.reserve.p50Ms(),
                        tick.reserve.p99Ms(),
                        tick.slotsP99Ms,
                        tick.pingP99Ms,
                        tick.signIns);
            }
            out.printf(
                    "correctness: %d reservations (%d active); oversold %d, twice %d, Redis stock != DB %d, "
                            + "dedup != holders %d, lost grants %d -> %s%n",
                    correctness.reservations(),
                    correctness.active(),
                    correctness.oversold(),
                    correctness.twice(),
                    correctness.stockMismatches(),
                    correctness.dedupMismatches(),
                    correctness.lost(),
                    correctness.ok() ? "OK" : "FAILED " + correctness.problems());
            out.println();
            Targets.print(out, targets, 44, 14);
        }

        private static void table(PrintStream out, String title, List<MixKind> rows) {
            out.println();
            out.println(title);
            out.printf(
                    "%-16s %9s %8s %9s %8s %8s %8s %8s %7s  %s%n",
                    "", "requests", "seconds", "per sec", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "statuses");
            for (MixKind row : rows) {
                if (row.count == 0) {
                    continue;
                }
                out.printf(
                        "%-16s %9d %8.1f %9.1f %8.2f %8.2f %8.2f %8.2f %7d  %s%n",
                        row.name,
                        row.count,
                        row.seconds,
                        row.perSecond,
                        row.latency.p50Ms(),
                        row.latency.p90Ms(),
                        row.latency.p99Ms(),
                        row.latency.maxMs(),
                        row.errors,
                        row.statuses);
            }
        }
    }

    /** A quarter of a second of the mix around the flash time. */
    record MixTick(long fromOpeningMs, Latency reserve, double slotsP99Ms, double pingP99Ms, long signIns) {}

    /**
     * One kind of request of the mix in a window.
     *
     * @param seconds   from the first to the last of them in the window (their rate's span)
     * @param errors    I/O errors and 5xx other than 503 (the hashing pool full, said with Retry-After)
     */
    record MixKind(
            String name,
            long count,
            double seconds,
            double perSecond,
            Latency latency,
            long errors,
            Map<String, Long> statuses) {}
}
