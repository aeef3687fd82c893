package com.courtrush.support;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.TestApi.Student;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;

/**
 * An opening rushed while a test kills a service under it: 160 students for one court's twelve slots of
 * five places, the flash three seconds away; the crowd ({@link Crowd}) arrives over 8 s from the flash, each
 * trying again a second after a 503, and the kill comes 1.5 s after the flash, when about half the places
 * are gone.
 */
public final class OutageRush {

    private static final int STUDENTS = 160;
    private static final int CAPACITY = 5;

    private final StackAccess stack;
    private final List<Student> students;
    private final long session;
    private final List<Long> slots;
    private final LocalDateTime flash;
    private Crowd crowd;

    private OutageRush(StackAccess stack) {
        this.stack = stack;
        // the students first: making them takes seconds, which the flash must not be spent on
        this.students = stack.api().students(STUDENTS);
        long court = stack.api().createCourt();
        this.flash = now().plusSeconds(3).withNano(0);
        this.session = stack.api().createSession(tomorrow(), flash, 2);
        this.slots = stack.api().generateSlots(session, List.of(court), "08:00", "20:00", 60, CAPACITY);
    }

    /** The opening, its students and slots, made through the staff API. */
    public static OutageRush prepare(StackAccess stack) {
        return new OutageRush(stack);
    }

    public long session() {
        return session;
    }

    public int places() {
        return slots.size() * CAPACITY;
    }

    /**
     * Sends the crowd ({@code attempts} each at most, the arrivals drawn from {@code seed}) and returns at the
     * moment to kill: 1.5 s after the flash, as {@link System#currentTimeMillis}.
     */
    public long startAndAwaitTheKill(int attempts, long seed) {
        long flashMillis =
                System.currentTimeMillis() + Duration.between(now(), flash).toMillis();
        crowd = Crowd.start(
                stack.api(),
                session,
                slots,
                students,
                flashMillis,
                new Crowd.Manner(8000, attempts, 1000, seed),
                STUDENTS);
        sleepUntil(flash.plusNanos(1_500_000_000L));
        return System.currentTimeMillis();
    }

    /**
     * Waits for every student, then checks that nothing was answered with a server error but the outage's
     * 503, and that at most two requests had their connection closed without an answer; the crowd.
     */
    public Crowd finish() throws InterruptedException, ExecutionException {
        crowd.finish();
        Map<String, Integer> outcomes = outcomes();
        assertThat(outcomes.keySet())
                .as("answers %s: none a server error but the outage's 503", outcomes)
                .allMatch(answer -> !answer.startsWith("5") || answer.startsWith("503"));
        // a kept-alive connection closed as a request went out on it is HTTP/1.1's race, rare; an engine that hung
        // up on the crowd instead of answering 503 would do it to many
        assertThat(crowd.dropped())
                .as("connections closed without an answer: %s", outcomes)
                .isLessThanOrEqualTo(2);
        return crowd;
    }

    /** "status ENUM_CODE" → how many, sorted. */
    public Map<String, Integer> outcomes() {
        return new TreeMap<>(crowd.outcomes());
    }

    /** I4: every 202 ends SUCCESS or FAILED (within {@link Times#SETTLE}); how many ended SUCCESS. */
    public int settledSuccesses() {
        int succeeded = 0;
        for (Map.Entry<String, Student> grant : crowd.accepted().entrySet()) {
            String status = stack.api()
                    .awaitResult(grant.getValue(), grant.getKey(), SETTLE)
                    .data()
                    .path("status")
                    .asText();
            assertThat(status).as("trace %s", grant.getKey()).isIn("SUCCESS", "FAILED");
            succeeded += status.equals("SUCCESS") ? 1 : 0;
        }
        return succeeded;
    }
}
