package com.courtrush.reserve.recover;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.redisson.api.RScript;

/**
 * {@code lua/resync.lua} (with {@code lua/lib/offers.lua}): an opening's Redis state rebuilt from the
 * database's view of it, read after {@code since}, plus what Redis logged since then.
 *
 * @param expireAt     epoch second at which the opening's keys expire
 * @param since        Redis time (ms) taken before the database was read: the logs' entries from then on apply
 * @param offerMs      how long an offer is held
 * @param perUserLimit the opening's per-student limit
 * @param slots        the opening's slots as the database has them
 * @param shareRules   the fair-share rules ({@code ShareRules#arg})
 * @param shares       each student's bookings elsewhere that count against their share, as the opening's copy
 *                     keeps them ({@code lua/lib/share.lua})
 */
public record ResyncCall(
        long sessionId,
        long expireAt,
        long since,
        long offerMs,
        int perUserLimit,
        List<Slot> slots,
        String shareRules,
        Map<Long, String> shares)
        implements ScriptCall {

    public static final RedisScript<ResyncCall, Reply> SCRIPT = RedisScript.writing(
            LuaScript.load("resync", "share", "offers"), RScript.ReturnType.MULTI, ResyncCall::read);

    /**
     * @param active  on sale (else its permits stay 0)
     * @param place   when it is played ({@code SharePlace#arg})
     * @param startMs the slot's start, epoch ms (0: offer nothing)
     * @param holders the students holding it
     * @param offers  its live offers
     * @param line    its waitlist, first joined first
     */
    public record Slot(
            long slotId,
            String place,
            int capacity,
            boolean active,
            long startMs,
            List<Long> holders,
            List<Offer> offers,
            List<Waiting> line) {}

    /** @param expiresMs when the offer ends, epoch ms */
    public record Offer(long userId, long expiresMs) {}

    /** @param joinedMs when the student joined the line, epoch ms */
    public record Waiting(long userId, long joinedMs) {}

    @Override
    public List<Object> keys() {
        List<Object> keys = new ArrayList<>(7 + 6 * slots.size());
        keys.add(RedisKeys.quota(sessionId));
        keys.add(RedisKeys.inflight(sessionId));
        keys.add(RedisKeys.warm(sessionId));
        keys.add(RedisKeys.settledLog(sessionId));
        keys.add(RedisKeys.releasedLog(sessionId));
        keys.add(RedisKeys.offers(sessionId));
        keys.add(RedisKeys.blocked(sessionId));
        for (Slot slot : slots) {
            keys.add(RedisKeys.semaphore(sessionId, slot.slotId()));
            keys.add(RedisKeys.dedup(sessionId, slot.slotId()));
            keys.add(RedisKeys.slotSession(sessionId, slot.slotId()));
            keys.add(RedisKeys.slotOff(sessionId, slot.slotId()));
            keys.add(RedisKeys.offer(sessionId, slot.slotId()));
            keys.add(RedisKeys.waitlist(sessionId, slot.slotId()));
        }
        keys.add(RedisKeys.share(sessionId));
        return keys;
    }

    @Override
    public Object[] args() {
        List<Object> args = new ArrayList<>();
        args.add(Long.toString(sessionId));
        args.add(Long.toString(expireAt));
        args.add(Long.toString(since));
        args.add(Integer.toString(slots.size()));
        args.add(Long.toString(offerMs));
        args.add(Integer.toString(perUserLimit));
        args.add(shareRules);
        for (Slot slot : slots) {
            args.add(Long.toString(slot.slotId()));
            args.add(slot.place());
            args.add(Integer.toString(slot.capacity()));
            args.add(slot.active() ? "1" : "0");
            args.add(Long.toString(slot.startMs()));
            args.add(Integer.toString(slot.holders().size()));
            slot.holders().forEach(user -> args.add(Long.toString(user)));
            args.add(Integer.toString(slot.offers().size()));
            for (Offer offer : slot.offers()) {
                args.add(Long.toString(offer.userId()));
                args.add(Long.toString(offer.expiresMs()));
            }
            args.add(Integer.toString(slot.line().size()));
            for (Waiting wait : slot.line()) {
                args.add(Long.toString(wait.userId()));
                args.add(Long.toString(wait.joinedMs()));
            }
        }
        args.add(Integer.toString(shares.size()));
        shares.forEach((user, entries) -> {
            args.add(Long.toString(user));
            args.add(entries);
        });
        return args.toArray();
    }

    /** What happened to a slot's line while its places were put on sale. */
    public enum Outcome {
        /** A place was offered to a student waiting. */
        OFFERED,
        /** Nobody was offered one; students who may not take it were passed over. */
        RELEASED
    }

    /** @param move who was offered a place of the slot, who was passed over */
    public record Moved(long slotId, Outcome outcome, PlaceOffers.Move move) {}

    /**
     * @param permits the opening's places on sale after the re-sync
     * @param moved   the slots whose lines moved
     */
    public record Reply(long permits, List<Moved> moved) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        List<Moved> moved = new ArrayList<>(reply.size() - 1);
        for (Object line : reply.subList(1, reply.size())) {
            List<?> slot = (List<?>) line;
            moved.add(new Moved(
                    Long.parseLong(slot.get(0).toString()),
                    Outcome.valueOf(slot.get(1).toString()),
                    PlaceOffers.Move.read(slot, 2)));
        }
        return new Reply(((Number) reply.get(0)).longValue(), moved);
    }
}
