package com.courtrush.reserve.decide;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.ScriptPipeline;
import com.courtrush.reserve.record.ReserveMessage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * Runs {@code lua/reserve.lua}: the whole reserve decision in one script call, sent with the
 * decisions of the other request threads waiting at that moment (one round trip for all of them).
 */
@Component
public class ReserveScript implements PlaceDecider {

    private static final long WINDOW_MS = 60_000;

    private final ScriptPipeline reserve;
    private final CourtRushProperties properties;

    ReserveScript(RedissonClient redisson, CourtRushProperties properties) {
        this.reserve = new ScriptPipeline(
                redisson,
                LuaScript.load("reserve"),
                RScript.Mode.READ_WRITE,
                properties.reserve().decisionDeadline());
        this.properties = properties;
    }

    /**
     * @param passRequired whether the opening asks for a booking pass
     * @param passHash     the hash of the pass presented; null for none
     * @param drawWindowMs the opening's fair-draw window, 0 for none
     * @param wanted       the slots of a draw entry in order of preference, the grant's first
     * @param answeredLate given what Redis decided if it did so after this call gave up (a 503)
     */
    public Decision decide(
            ReserveMessage grant,
            int perUserLimit,
            long expireAt,
            boolean passRequired,
            String passHash,
            int drawWindowMs,
            List<Long> wanted,
            Consumer<Decision> answeredLate) {
        return decide(
                grant,
                perUserLimit,
                properties.limits().perStudentPerMinute(),
                expireAt,
                passRequired,
                passHash,
                drawWindowMs,
                wanted,
                answeredLate);
    }

    /**
     * Staff at the desk book a place for a walk-in: the same decision — the student's block, one place per
     * slot, the opening's per-student limit, the stock — without the per-minute limit of a student's own
     * attempts, a booking pass or a draw (the gate of an opening staff closed still refuses).
     */
    public Decision decideAtDesk(
            ReserveMessage grant, int perUserLimit, long expireAt, Consumer<Decision> answeredLate) {
        return decide(grant, perUserLimit, 0, expireAt, false, null, 0, List.of(grant.slotId()), answeredLate);
    }

    private Decision decide(
            ReserveMessage grant,
            int perUserLimit,
            int attemptsPerWindow,
            long expireAt,
            boolean passRequired,
            String passHash,
            int drawWindowMs,
            List<Long> wanted,
            Consumer<Decision> answeredLate) {
        long opening = grant.sessionId();
        List<Object> reply = reserve.call(
                late -> answeredLate.accept(decisionOf(late)),
                List.of(
                        RedisKeys.attemptLog(opening, grant.userId()),
                        RedisKeys.gate(opening),
                        RedisKeys.gateTime(opening),
                        RedisKeys.dedup(opening, grant.slotId()),
                        RedisKeys.quota(opening),
                        RedisKeys.semaphore(opening, grant.slotId()),
                        RedisKeys.pending(opening, grant.traceId()),
                        RedisKeys.inflight(opening),
                        RedisKeys.warm(opening),
                        RedisKeys.pass(opening, grant.userId()),
                        RedisKeys.draw(opening),
                        RedisKeys.drawEntries(opening),
                        RedisKeys.blocked(opening)),
                Long.toString(grant.userId()),
                grant.traceId(),
                Integer.toString(perUserLimit),
                Integer.toString(attemptsPerWindow),
                Long.toString(WINDOW_MS),
                grant.pendingValue(),
                Long.toString(properties.reserve().pendingTtl().toSeconds()),
                grant.inflightMember(),
                Long.toString(expireAt),
                passHash == null ? "" : passHash,
                passRequired ? "1" : "0",
                Integer.toString(drawWindowMs),
                slotList(wanted));
        return decisionOf(reply);
    }

    private static Decision decisionOf(List<Object> reply) {
        Verdict verdict = Verdict.valueOf((String) reply.get(0));
        if (verdict == Verdict.ENTERED_ALREADY) {
            return new Decision(
                    verdict,
                    ((Number) reply.get(1)).longValue(),
                    ((Number) reply.get(2)).longValue(),
                    Set.of(),
                    reply.get(3).toString());
        }
        return new Decision(
                verdict,
                ((Number) reply.get(1)).longValue(),
                ((Number) reply.get(2)).longValue(),
                reply.size() > 3 ? holders((List<?>) reply.get(3)) : Set.of(),
                null);
    }

    private static String slotList(List<Long> slots) {
        StringBuilder list = new StringBuilder();
        for (Long slot : slots) {
            list.append(list.isEmpty() ? "" : ",").append(slot);
        }
        return list.toString();
    }

    private static Set<Long> holders(List<?> members) {
        Set<Long> holders = new HashSet<>(members.size() * 2);
        for (Object member : members) {
            holders.add(Long.valueOf(member.toString()));
        }
        return holders;
    }

    /** What the script decided. */
    public enum Verdict {
        ACCEPTED,
        TOO_MANY_REQUESTS,
        UNGATED,
        DUP_REQ,
        QUOTA_EXCEEDED,
        OUT_OF_STOCK,
        COLD,
        PASS_REQUIRED,
        /** The student is blocked by no-show strikes; value = epoch ms at which the block ends. */
        BLOCKED,
        /** Entered the opening's fair draw; value = ms until its window closes. */
        ENTERED,
        /** The student's one entry is in the draw already: {@code entryTrace} is its trace. */
        ENTERED_ALREADY,
        /** The draw's window has closed and the draw is not made yet. */
        DRAWING
    }

    /**
     * @param value       see {@code reserve.lua}: permits left, ms to wait, places held
     * @param redisNowMs  the Redis clock when the script ran
     * @param holders     the students holding the slot, when the decision found it sold out (else empty)
     * @param entryTrace  for ENTERED_ALREADY, the trace of the student's entry
     */
    public record Decision(Verdict verdict, long value, long redisNowMs, Set<Long> holders, String entryTrace) {}
}
