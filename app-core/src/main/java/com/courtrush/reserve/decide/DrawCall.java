package com.courtrush.reserve.decide;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.reserve.record.DrawReplay;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.redisson.api.RScript;

/**
 * {@code lua/draw.lua}: an opening's fair draw, made once its window has closed, by whichever node asks first.
 *
 * @param windowMs          the draw's window
 * @param secret            the opening's secret (hex), which sets the order
 * @param perUserLimit      the opening's per-student limit
 * @param pendingTtlSeconds how long a winner's pending record lives
 * @param expireAt          epoch second at which the opening's keys expire
 * @param passRequired      the opening asks for a booking pass (a winner's is spent)
 * @param node              the node that draws
 * @param slotIds           the opening's slots
 */
public record DrawCall(
        long sessionId,
        int windowMs,
        String secret,
        int perUserLimit,
        long pendingTtlSeconds,
        long expireAt,
        boolean passRequired,
        String node,
        String shareRules,
        List<Slot> slots)
        implements ScriptCall {

    /**
     * A slot of the opening.
     *
     * @param place when it is played ({@code SharePlace#arg}), for the fair share
     */
    public record Slot(long slotId, String place) {}

    public static final RedisScript<DrawCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("draw", "share"), RScript.ReturnType.MULTI, DrawCall::read);

    /** Where the winners' grants begin in the reply, after the outcome, time, counts and record. */
    private static final int FIRST_GRANT = 8;

    @Override
    public List<Object> keys() {
        List<Object> keys = new ArrayList<>(8 + 2 * slots.size());
        keys.add(RedisKeys.draw(sessionId));
        keys.add(RedisKeys.drawEntries(sessionId));
        keys.add(RedisKeys.gate(sessionId));
        keys.add(RedisKeys.gateTime(sessionId));
        keys.add(RedisKeys.quota(sessionId));
        keys.add(RedisKeys.inflight(sessionId));
        keys.add(RedisKeys.warm(sessionId));
        keys.add(RedisKeys.share(sessionId));
        for (Slot slot : slots) {
            keys.add(RedisKeys.semaphore(sessionId, slot.slotId()));
            keys.add(RedisKeys.dedup(sessionId, slot.slotId()));
        }
        return keys;
    }

    @Override
    public Object[] args() {
        List<Object> args = new ArrayList<>(11 + slots.size());
        args.add(Long.toString(sessionId));
        args.add(Integer.toString(windowMs));
        args.add(secret);
        args.add(Integer.toString(perUserLimit));
        args.add(Long.toString(pendingTtlSeconds));
        args.add(Long.toString(expireAt));
        args.add(passRequired ? "1" : "0");
        args.add(node);
        args.add(RedisKeys.pendingPrefix(sessionId));
        args.add(RedisKeys.passPrefix(sessionId));
        args.add(shareRules);
        for (Slot slot : slots) {
            args.add(slot.slotId() + "," + slot.place());
        }
        return args.toArray();
    }

    /** What a call of the draw found. */
    public enum Outcome {
        /** This call made the draw. */
        DRAWN,
        /** Made before (by this node or another). */
        ALREADY,
        /** The window is still open. */
        NOT_YET,
        /** Redis does not hold the opening; it is rebuilt, then drawn. */
        COLD
    }

    /** A winner's grant: its trace, student and slot. */
    public record Winner(String traceId, long userId, long slotId) {}

    /**
     * @param millisToClose for NOT_YET: how long the window is still open
     * @param redisNowMs    for DRAWN (as all below): Redis's clock when it drew
     * @param entrants      the entries
     * @param expired       the entries given up (their pending record expired)
     * @param open          the opening had opened (else every entrant lost)
     * @param digest        the SHA-1 of the entry lines
     * @param places        each slot's places at the close, by slot id
     * @param entries       the entry lines, under pseudonyms
     * @param winners       the grants made
     */
    public record Reply(
            Outcome outcome,
            long millisToClose,
            long redisNowMs,
            long entrants,
            long expired,
            boolean open,
            String digest,
            Map<String, Integer> places,
            List<DrawReplay.Entry> entries,
            List<Winner> winners) {

        static Reply of(Outcome outcome, long millisToClose) {
            return new Reply(outcome, millisToClose, 0, 0, 0, false, "", Map.of(), List.of(), List.of());
        }
    }

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        Outcome outcome = Outcome.valueOf(reply.get(0).toString());
        if (outcome == Outcome.NOT_YET) {
            return Reply.of(outcome, ((Number) reply.get(1)).longValue());
        }
        if (outcome != Outcome.DRAWN) {
            return Reply.of(outcome, 0);
        }
        List<Winner> winners = new ArrayList<>((reply.size() - FIRST_GRANT) / 3);
        for (int i = FIRST_GRANT; i + 2 < reply.size(); i += 3) {
            winners.add(new Winner(
                    reply.get(i).toString(),
                    Long.parseLong(reply.get(i + 1).toString()),
                    Long.parseLong(reply.get(i + 2).toString())));
        }
        return new Reply(
                outcome,
                0,
                ((Number) reply.get(1)).longValue(),
                ((Number) reply.get(2)).longValue(),
                ((Number) reply.get(3)).longValue(),
                "1".equals(reply.get(4).toString()),
                reply.get(5).toString(),
                places(reply.get(6).toString()),
                entries(reply.get(7).toString()),
                winners);
    }

    /** "slot=n,..." */
    private static Map<String, Integer> places(String list) {
        Map<String, Integer> places = new LinkedHashMap<>();
        for (String place : list.split(",")) {
            if (!place.isEmpty()) {
                int at = place.indexOf('=');
                places.put(place.substring(0, at), Integer.valueOf(place.substring(at + 1)));
            }
        }
        return places;
    }

    /** A line per entrant: "id wanted held taken expired". */
    private static List<DrawReplay.Entry> entries(String record) {
        List<DrawReplay.Entry> entries = new ArrayList<>();
        for (String line : record.split("\n")) {
            if (!line.isEmpty()) {
                String[] part = line.split(" ", -1);
                entries.add(new DrawReplay.Entry(
                        part[0],
                        List.of(part[1].split(",")),
                        Integer.parseInt(part[2]),
                        "-".equals(part[3]) ? List.of() : List.of(part[3].split(",")),
                        "1".equals(part[4])));
            }
        }
        return entries;
    }
}
