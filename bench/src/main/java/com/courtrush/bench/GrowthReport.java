package com.courtrush.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The growth bench's report: the targets it is judged by, and the table it prints. */
final class GrowthReport {

    private GrowthReport() {}

    static List<Report.Target> targets(
            GrowthRun.Phase first, GrowthRun.Phase year, List<GrowthRequests.Compared> requests) {
        List<Report.Target> targets = new ArrayList<>();
        for (GrowthRequests.Compared request : requests) {
            if (!request.measured() || !request.alike()) {
                continue; // the engine measured does not have it, or the answers are not alike (printed, explained)
            }
            targets.add(new Report.Target(
                    request.request(),
                    f(
                            "%.1f ms vs %.1f ms = %.2f x",
                            request.year().medianMs(), request.first().medianMs(), request.ratio()),
                    f("<= %.1f x", GrowthRun.REQUEST_VS_FIRST),
                    request.ratio() <= GrowthRun.REQUEST_VS_FIRST));
            if (request.request().equals("a day's report")) {
                targets.add(new Report.Target(
                        "a day's report, median",
                        f("%.1f ms", request.year().medianMs()),
                        f("<= %.0f ms", GrowthRun.DAY_REPORT_MS),
                        request.year().medianMs() <= GrowthRun.DAY_REPORT_MS));
            }
        }
        if (year.retention() != null) {
            targets.add(new Report.Target(
                    "retention: a month's report long past, before and after the sweep",
                    year.retention().reportsSame() ? "the same" : "CHANGED",
                    "the same",
                    year.retention().reportsSame()));
        }
        GrowthRun.Rush a = first.rush();
        GrowthRun.Rush b = year.rush();
        double most = GrowthRun.RUSH_VS_FIRST;
        targets.add(new Report.Target(
                "rush: decided in Redis (x /ping) vs the first days",
                f(
                        "%.0f/s = %.2f x vs %.0f/s = %.2f x",
                        b.decidedPerSecond(), b.decidedVsPing(), a.decidedPerSecond(), a.decidedVsPing()),
                f(">= 1/%.1f of the first days", most),
                b.decidedVsPing() >= a.decidedVsPing() / most));
        targets.add(new Report.Target(
                "rush: winners' 202 p99 vs the first days",
                f("%.1f ms vs %.1f ms", b.winnersP99Ms(), a.winnersP99Ms()),
                f("<= %.1f x", most),
                b.winnersP99Ms() <= a.winnersP99Ms() * most));
        targets.add(new Report.Target(
                "rush: last place won -> every place committed vs the first days",
                f("%.0f ms vs %.0f ms", b.lastWinToCommittedMs(), a.lastWinToCommittedMs()),
                f("<= %.1f x", most),
                b.lastWinToCommittedMs() <= a.lastWinToCommittedMs() * most));
        targets.add(new Report.Target(
                "rush: 0 oversold, twice, Redis != DB, lost",
                (a.correct() ? "first days OK" : "first days FAILED") + ", "
                        + (b.correct() ? "history OK" : "history FAILED"),
                "both OK",
                a.correct() && b.correct()));
        return targets;
    }

    static void print(GrowthRun.Report report, PrintStream console) {
        console.println();
        console.printf("CourtRush growth bench - %s%n", report.takenAt());
        console.printf("  stack   : %s%n", report.stack());
        console.printf(
                "  history : %s (written in %.0f s)%n",
                report.year().history(), report.year().fillSeconds());
        for (GrowthRun.Phase phase : List.of(report.first(), report.year())) {
            console.printf("  %-8s: %s%n", phase.name(), started(phase));
        }
        console.println();
        console.printf(
                "%-52s %22s %22s %8s%n",
                "request (median / max ms of " + GrowthRequests.RUNS + ", answer)", "first days", "history", "ratio");
        for (GrowthRequests.Compared request : report.requests()) {
            GrowthRequests.Timed a = request.first();
            GrowthRequests.Timed b = request.year();
            console.printf(
                    "%-52s %22s %22s %7.2fx%s%n",
                    request.request(),
                    f("%.1f / %.1f, %s", a.medianMs(), a.maxMs(), kb(a.bytes())),
                    f("%.1f / %.1f, %s", b.medianMs(), b.maxMs(), kb(b.bytes())),
                    request.ratio(),
                    request.alike() ? "" : " (answers unlike: not a target)");
        }
        for (GrowthPlans.Plans plans : report.plans()) {
            console.printf(
                    "%nplan of \"%s\" (%.2f x), its slowest statements on the year:%n", plans.request(), plans.ratio());
            for (GrowthPlans.Explained statement : plans.statements()) {
                console.printf("  %.1f ms  %s%n", statement.ms(), statement.statement());
                statement.plan().forEach(line -> console.printf("      %s%n", line));
            }
        }
        console.println();
        for (GrowthRun.Phase phase : List.of(report.first(), report.year())) {
            GrowthRun.Rush rush = phase.rush();
            console.printf(
                    "rush, %-8s: decided in Redis %.0f/s = %.2f x /ping, winners' 202 p99 %.1f ms, last place won -> "
                            + "committed %.0f ms, %d granted, %s%n",
                    phase.name(),
                    rush.decidedPerSecond(),
                    rush.decidedVsPing(),
                    rush.winnersP99Ms(),
                    rush.lastWinToCommittedMs(),
                    rush.granted(),
                    rush.correct() ? "correct" : "INCORRECT");
        }
        for (GrowthRun.Phase phase : List.of(report.first(), report.year())) {
            if (phase.retention() != null) {
                console.printf(
                        "retention, %-8s: %d sweep(s), %.1f s, removed %s; a month's report long past %s%n",
                        phase.name(),
                        phase.retention().sweeps(),
                        phase.retention().seconds(),
                        phase.retention().removed(),
                        phase.retention().reportsSame() ? "the same after" : "CHANGED");
            }
            GrowthSweeps.Compaction compaction = phase.compaction();
            if (compaction != null) {
                console.printf(
                        "compaction, %-8s: the file %s -> %s while running; closed %.1f s (a desk asking every 0.1 s"
                                + " was told \"maintenance\" %d of %d times, over %.1f s)%n",
                        phase.name(),
                        mib(compaction.fileBefore()),
                        mib(compaction.fileAfter()),
                        compaction.closedMs() / 1000.0,
                        compaction.told503(),
                        compaction.asked(),
                        compaction.told503Ms() / 1000.0);
            }
        }
        console.println();
        Targets.print(console, report.targets(), 52, 20);
    }

    private static String started(GrowthRun.Phase phase) {
        return f("engine started in %.1f s", phase.startSeconds())
                + (phase.dbBytesBeforeStart() < 0
                        ? ""
                        : f(
                                "; database file %s before the start, %s after",
                                mib(phase.dbBytesBeforeStart()), mib(phase.dbBytesAfterStart())))
                + (phase.backupMs() == null
                        ? ""
                        : phase.backupMs() < 0
                                ? "; a backup: no answer within a minute"
                                : f("; a backup: %s in %.1f s", mib(phase.backupBytes()), phase.backupMs() / 1000.0));
    }

    private static String mib(long bytes) {
        return f("%.1f MiB", bytes / 1048576.0);
    }

    private static String kb(int bytes) {
        return bytes < 0 ? "no answer in 60 s" : f("%.1f KB", bytes / 1000.0);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
