package com.courtrush.bench;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The flash crowd: logged-in students taking turns to press "reserve" on a slot of the opening. A
 * student who wins stops; one who is told the slot is sold out tries the first alternative offered
 * next, or another slot at random; everyone else keeps trying until the crowd's time is up, as
 * students refreshing at 13:00 do.
 */
final class Crowd implements LoadLoop.Shot {

    private final BenchHttp http;
    private final List<String> tokens;
    /** Each student's booking pass (same order as the tokens), or null when the opening asks for none. */
    private final List<String> passes;

    private final byte[][] bodies;
    private final long sessionId;
    private final AtomicLong cursor = new AtomicLong();
    private final AtomicIntegerArray won;
    private final AtomicLongArray nextSlot;
    private final Queue<Grant> grants = new ConcurrentLinkedQueue<>();
    /** Draw entries not yet taken by the {@link DrawWatch}. */
    private final Queue<Entry> entries = new ConcurrentLinkedQueue<>();

    Crowd(BenchHttp http, long sessionId, long[] slotIds, List<String> tokens, List<String> passes) {
        this(http, sessionId, slotIds, tokens, passes, false);
    }

    /** A crowd at several venues' openings at once (SPEC §21): each slot asked for in its own opening. */
    Crowd(BenchHttp http, BenchData.Opening openings, List<String> tokens) {
        this(http, openings.sessionId(), openings.slotIds(), tokens, null, false);
        for (int i = 0; i < bodies.length; i++) {
            bodies[i] = body(openings.slotSessions()[i], openings.slotIds()[i]);
        }
    }

    /**
     * @param drawEntries the opening starts with a fair draw: each request also names the next two slots
     *                    (a student who would take the hour after, or the one after that)
     */
    Crowd(
            BenchHttp http,
            long sessionId,
            long[] slotIds,
            List<String> tokens,
            List<String> passes,
            boolean drawEntries) {
        this.passes = passes == null ? null : List.copyOf(passes);
        this.http = http;
        this.sessionId = sessionId;
        this.tokens = List.copyOf(tokens);
        this.won = new AtomicIntegerArray(tokens.size());
        this.nextSlot = new AtomicLongArray(tokens.size());
        this.bodies = new byte[slotIds.length][];
        for (int i = 0; i < slotIds.length; i++) {
            bodies[i] = drawEntries && slotIds.length > 2
                    ? body(slotIds[i], slotIds[(i + 1) % slotIds.length], slotIds[(i + 2) % slotIds.length])
                    : body(slotIds[i]);
        }
    }

    @Override
    public Answer fire() throws IOException {
        int student = nextStudent();
        if (student < 0) {
            return null;
        }
        long alternative = nextSlot.getAndSet(student, 0);
        byte[] body = alternative != 0
                ? body(alternative)
                : bodies[ThreadLocalRandom.current().nextInt(bodies.length)];
        long sentAt = WallClock.epochMicros();
        BenchHttp.Reply reply =
                http.postRaw("/reserve/", tokens.get(student), body, passes == null ? null : passes.get(student));
        JSONObject json = reply.json();
        Answer answer = Answer.ofReserve(reply.status(), json == null ? null : json.getString("enumCode"));
        JSONObject data = json == null ? null : json.getJSONObject("data");
        if (answer == Answer.ACCEPTED && data != null && data.get("drawClosesInMs") != null) {
            // in the draw: like the page, the student waits for the result and taps nothing more
            won.set(student, 1);
            entries.add(new Entry(data.getString("traceId"), tokens.get(student), sentAt));
            return Answer.ENTERED;
        }
        if (answer == Answer.ACCEPTED) {
            won.set(student, 1);
            grants.add(new Grant(data == null ? null : data.getString("traceId"), sentAt, WallClock.epochMicros()));
        } else if (answer == Answer.OUT_OF_STOCK && json != null) {
            JSONArray others = data == null ? null : data.getJSONArray("alternatives");
            if (others != null && !others.isEmpty()) {
                nextSlot.set(student, others.getJSONObject(0).getLongValue("slotId"));
            }
        }
        return answer;
    }

    /** The next student still without a place, or -1 when every student has one. */
    private int nextStudent() {
        int size = tokens.size();
        for (int tries = 0; tries < size; tries++) {
            int student = (int) (cursor.getAndIncrement() % size);
            if (won.get(student) == 0) {
                return student;
            }
        }
        return -1;
    }

    private byte[] body(long slotId) {
        return body(sessionId, slotId);
    }

    private static byte[] body(long session, long slotId) {
        return ("{\"sessionId\":" + session + ",\"slotId\":" + slotId + "}").getBytes(StandardCharsets.UTF_8);
    }

    private byte[] body(long slotId, long then, long thenAgain) {
        return ("{\"sessionId\":" + sessionId + ",\"slotId\":" + slotId + ",\"fallbackSlotIds\":[" + then + ","
                        + thenAgain + "]}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The next draw entry not yet taken, or null. */
    Entry takeEntry() {
        return entries.poll();
    }

    boolean hasEntries() {
        return !entries.isEmpty();
    }

    List<Grant> grants() {
        return List.copyOf(grants);
    }

    /**
     * A place the server granted (HTTP 202): when the client asked for it (the decision came after)
     * and when it heard of it (epoch µs).
     */
    record Grant(String traceId, long sentMicros, long atMicros) {}

    /** A student's entry in a fair draw: its trace, to follow with the student's token. */
    record Entry(String traceId, String token, long sentMicros) {}
}
