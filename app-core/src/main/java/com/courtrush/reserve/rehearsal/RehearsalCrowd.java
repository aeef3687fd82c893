package com.courtrush.reserve.rehearsal;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * A rehearsal's crowd: a few client threads sending {@code POST /reserve/} to this node's own connector, as
 * students' phones would — each a random student of the round at a random slot, with the page's headers — from
 * before the gate opens until the round ends. Every answer is read whole; what they were is counted.
 */
final class RehearsalCrowd {

    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);
    private static final int GRANTED = 202;
    /**
     * Before the gate opens each client waits this long after each answer: the UNGATED path is rehearsed, and the
     * students' attempts (the per-student limit counts these too) are left for the places — a warm node answers
     * thousands a second, which unpaced would spend every attempt of the round before its gate.
     */
    static final Duration PAUSE_BEFORE_GATE = Duration.ofMillis(20);

    private final URI reserve;
    private final int clients;

    RehearsalCrowd(URI base, int clients) {
        this.reserve = base.resolve("/reserve/");
        this.clients = clients;
    }

    /** What the crowd was answered, by HTTP status, and how many places it was granted (202). */
    record Answers(Map<Integer, Long> byStatus, long granted, long failed) {}

    /**
     * Sends requests from {@code clients} threads until {@code untilNanos} ({@link System#nanoTime}) and every place
     * of the round is granted — the sold-out answers are rehearsed too, however slow the node is now — or until
     * {@code lastNanos} or {@code stop}; paced before {@code gateNanos}.
     *
     * @param tokens each student's bearer token, by student id
     */
    Answers run(
            RehearsalOpening round,
            Map<Long, String> tokens,
            long gateNanos,
            long untilNanos,
            long lastNanos,
            BooleanSupplier stop)
            throws InterruptedException {
        Map<Integer, LongAdder> byStatus = new ConcurrentHashMap<>();
        LongAdder granted = byStatus.computeIfAbsent(GRANTED, status -> new LongAdder());
        long places = round.places();
        AtomicInteger failed = new AtomicInteger();
        List<Long> students = round.students();
        long[] slots = round.slots().stream().mapToLong(slot -> slot.slotId()).toArray();
        ExecutorService threads =
                Executors.newFixedThreadPool(clients, new CustomizableThreadFactory("rehearsal-crowd-"));
        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(ANSWER_TIMEOUT)
                .executor(threads)
                .build();
        ExecutorService crowd = Executors.newFixedThreadPool(clients, new CustomizableThreadFactory("rehearsal-"));
        try {
            for (int i = 0; i < clients; i++) {
                crowd.execute(() -> {
                    ThreadLocalRandom random = ThreadLocalRandom.current();
                    while ((System.nanoTime() - untilNanos < 0 || granted.sum() < places)
                            && System.nanoTime() - lastNanos < 0
                            && !stop.getAsBoolean()
                            && !Thread.currentThread().isInterrupted()) {
                        long student = students.get(random.nextInt(students.size()));
                        long slot = slots[random.nextInt(slots.length)];
                        try {
                            HttpResponse<byte[]> answer = http.send(
                                    request(round.sessionId(), slot, tokens.get(student), random.nextBoolean()),
                                    HttpResponse.BodyHandlers.ofByteArray());
                            byStatus.computeIfAbsent(answer.statusCode(), status -> new LongAdder())
                                    .increment();
                            long beforeGate = gateNanos - System.nanoTime();
                            if (beforeGate > 0) {
                                TimeUnit.NANOSECONDS.sleep(Math.min(beforeGate, PAUSE_BEFORE_GATE.toNanos()));
                            }
                        } catch (IOException e) {
                            failed.incrementAndGet();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
            }
            crowd.shutdown();
            long waitNanos = lastNanos - System.nanoTime() + ANSWER_TIMEOUT.toNanos();
            if (!crowd.awaitTermination(Math.max(0, waitNanos), TimeUnit.NANOSECONDS)) {
                crowd.shutdownNow();
            }
        } finally {
            crowd.shutdownNow();
            threads.shutdownNow();
        }
        Map<Integer, Long> counted = new java.util.TreeMap<>();
        byStatus.forEach((status, count) -> {
            if (count.sum() > 0) {
                counted.put(status, count.sum());
            }
        });
        return new Answers(counted, granted.sum(), failed.get());
    }

    private HttpRequest request(long sessionId, long slotId, String token, boolean chinese) {
        byte[] body = ("{\"sessionId\":" + sessionId + ",\"slotId\":" + slotId + "}").getBytes(StandardCharsets.UTF_8);
        return HttpRequest.newBuilder(reserve)
                .timeout(ANSWER_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Accept-Language", chinese ? "zh-CN,zh;q=0.9" : "en-US,en;q=0.8")
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
    }
}
