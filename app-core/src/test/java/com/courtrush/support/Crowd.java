package com.courtrush.support;

import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Students of a rush against an outage: they arrive spread over some seconds from the flash, each
 * wants one place and tries until it has one — another slot after a sold-out answer, the same again a
 * while after a 503 — a few attempts at most. Every answer is counted; each 202 is kept with its
 * student and when it came.
 */
public final class Crowd {

    /** The answer counted for a request whose connection closed without one. */
    public static final String DROPPED = "000";

    private final Map<String, Integer> outcomes = new ConcurrentHashMap<>();
    private final Map<String, Student> accepted = new ConcurrentHashMap<>();
    private final Map<String, Long> acceptedAt = new ConcurrentHashMap<>();
    private final List<Long> answered503Ms = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger dropped = new java.util.concurrent.atomic.AtomicInteger();
    private final List<Future<?>> done = new ArrayList<>();
    private final ExecutorService threads;

    /** How the crowd behaves. */
    public record Manner(int arrivalSpreadMs, int attempts, long retryAfter503Ms, long seed) {}

    private Crowd(int threads) {
        this.threads = Executors.newFixedThreadPool(threads);
    }

    /** Sends the students on their way; {@code flashMillis} is the flash in {@link System#currentTimeMillis}. */
    public static Crowd start(
            TestApi api,
            long session,
            List<Long> slots,
            List<Student> students,
            long flashMillis,
            Manner manner,
            int threads) {
        Crowd crowd = new Crowd(threads);
        Random random = new Random(manner.seed());
        for (Student student : students) {
            long arrival = flashMillis + 100 + random.nextInt(manner.arrivalSpreadMs());
            int firstSlot = random.nextInt(slots.size());
            crowd.done.add(crowd.threads.submit(
                    () -> crowd.tryUntilPlaced(api, session, slots, student, arrival, firstSlot, manner)));
        }
        return crowd;
    }

    private void tryUntilPlaced(
            TestApi api, long session, List<Long> slots, Student student, long arrival, int firstSlot, Manner manner) {
        TestApi.sleep(Math.max(0, arrival - System.currentTimeMillis()));
        int slot = firstSlot;
        for (int attempt = 0; attempt < manner.attempts(); attempt++) {
            long started = System.nanoTime();
            Reply reply;
            try {
                reply = api.reserve(student, session, slots.get(slot % slots.size()));
            } catch (UncheckedIOException failed) {
                // the connection closed with no answer (once in CI, a kept-alive one while a broker node was killed):
                // counted, and the student taps again a while later as after a 503; a grant it made is the
                // student's all the same (see dropped()), and the tap again is told so. A timeout or an answer not
                // JSON is the engine's failure, and the test's
                if (!(failed.getCause() instanceof java.net.ConnectException
                        || failed.getCause() instanceof java.io.EOFException
                        || String.valueOf(failed.getCause().getMessage()).contains("received no bytes")
                        || String.valueOf(failed.getCause().getMessage()).contains("Connection reset"))) {
                    throw failed;
                }
                dropped.incrementAndGet();
                outcomes.merge(DROPPED + " " + failed.getCause().getMessage(), 1, Integer::sum);
                TestApi.sleep(manner.retryAfter503Ms());
                continue;
            }
            outcomes.merge(reply.status() + " " + reply.enumCode(), 1, Integer::sum);
            if (reply.status() == 202) {
                String trace = reply.data().path("traceId").asText();
                accepted.put(trace, student);
                acceptedAt.put(trace, System.currentTimeMillis());
                return;
            }
            if (reply.status() == 503) {
                answered503Ms.add((System.nanoTime() - started) / 1_000_000);
                TestApi.sleep(manner.retryAfter503Ms());
            } else if (reply.status() == 409 && "OUT_OF_STOCK".equals(reply.enumCode())) {
                slot++;
            } else {
                return;
            }
        }
    }

    /** Waits until every student has a place or has given up. */
    public Crowd finish() throws InterruptedException, ExecutionException {
        for (Future<?> each : done) {
            each.get();
        }
        threads.shutdown();
        return this;
    }

    /** "status ENUM_CODE" → how many answers. */
    public Map<String, Integer> outcomes() {
        return outcomes;
    }

    /** Trace id → the student told 202 for it. */
    public Map<String, Student> accepted() {
        return accepted;
    }

    /**
     * Requests whose connection closed without an answer: each may have been granted all the same, a place its
     * student holds without a 202 (as a phone that lost the answer finds it under My bookings).
     */
    public int dropped() {
        return dropped.get();
    }

    /** How long each 503 took to come, in milliseconds. */
    public List<Long> answered503Ms() {
        return answered503Ms;
    }

    /** Places granted strictly before the moment. */
    public long grantedBefore(long millis) {
        return acceptedAt.values().stream().filter(at -> at < millis).count();
    }

    /** Places granted strictly after the moment. */
    public long grantedAfter(long millis) {
        return acceptedAt.values().stream().filter(at -> at > millis).count();
    }

    /** The first 202 after the moment (millis), or -1 when none came. */
    public long firstGrantAfter(long millis) {
        return acceptedAt.values().stream()
                .filter(at -> at > millis)
                .mapToLong(Long::longValue)
                .min()
                .orElse(-1);
    }
}
