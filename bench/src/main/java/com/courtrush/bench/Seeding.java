package com.courtrush.bench;

import java.io.IOException;
import java.util.List;

/**
 * The bench's setup: the courts of the measured opening and of the rehearsal, the students of the crowd
 * and of the rehearsal, imported, then signed in (timed: the report gives both durations).
 */
final class Seeding {

    private Seeding() {}

    /**
     * What the setup made: the courts (the measured opening's first, then the rehearsal's), the crowd's
     * and the rehearsal's sign-in tokens, and how long importing and signing in the crowd took.
     */
    record Seeded(
            List<Long> courts,
            List<String> tokens,
            List<String> rehearsalTokens,
            double setupSeconds,
            double loginSeconds) {}

    /** Students of the rehearsal: enough for its openings' places twice over, else four in five of the crowd. */
    static int rehearsalStudents(int students, int warmUpSeconds) {
        return warmUpSeconds > 0
                ? Math.max(2 * WarmUp.REHEARSAL_OPENINGS * WarmUp.REHEARSAL_SLOTS, students * 4 / 5)
                : 0;
    }

    /** Courts for the measured opening's slots, and for each rehearsal opening's. */
    static int courtCount(int slots, int warmUpSeconds) {
        return BenchData.courtsFor(slots)
                + (warmUpSeconds > 0 ? WarmUp.REHEARSAL_OPENINGS * BenchData.courtsFor(WarmUp.REHEARSAL_SLOTS) : 0);
    }

    static Seeded seed(FlashBench bench, BenchData data) throws IOException, InterruptedException {
        int rehearsalStudents = rehearsalStudents(bench.students, bench.warmUpSeconds);
        int courtCount = courtCount(bench.slots, bench.warmUpSeconds);
        bench.step(
                "creating %d courts and %,d students (+%,d for the rehearsal)",
                courtCount, bench.students, rehearsalStudents);
        long setupStart = System.nanoTime();
        List<Long> courts = data.createCourts(courtCount);
        List<String> studentIds = data.importStudents("b", bench.students);
        List<String> rehearsalIds = data.importStudents("w", rehearsalStudents);
        double setupSeconds = FlashBench.seconds(System.nanoTime() - setupStart);
        bench.step("logging in %,d students", bench.students + rehearsalStudents);
        long loginStart = System.nanoTime();
        List<String> tokens = data.logIn(studentIds, bench.setUpClients());
        double loginSeconds = FlashBench.seconds(System.nanoTime() - loginStart);
        List<String> rehearsalTokens = data.logIn(rehearsalIds, bench.setUpClients());
        return new Seeded(courts, tokens, rehearsalTokens, setupSeconds, loginSeconds);
    }
}
