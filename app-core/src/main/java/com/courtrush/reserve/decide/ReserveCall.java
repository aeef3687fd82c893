package com.courtrush.reserve.decide;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.reserve.decide.ReserveScript.Decision;
import com.courtrush.reserve.decide.ReserveScript.Verdict;
import com.courtrush.reserve.record.ReserveMessage;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.redisson.api.RScript;

/**
 * {@code lua/reserve.lua}: the whole reserve decision for one grant, read into a {@link Decision}. Sent
 * through {@link ReserveScript}'s pipeline.
 *
 * @param grant             the grant to decide (its trace, student, slot, opening)
 * @param perUserLimit      the opening's per-student limit
 * @param attemptsPerWindow a student's attempts allowed per window (0: no limit)
 * @param windowMs          the window of the attempts' limit
 * @param pendingTtlSeconds how long the pending record lives
 * @param expireAt          epoch second at which the opening's keys expire
 * @param passHash          the hash of the booking pass presented; null for none
 * @param passRequired      the opening asks for a booking pass
 * @param drawWindowMs      the opening's fair-draw window, 0 for none
 * @param wanted            the slots of a draw entry in order of preference
 * @param place             when the slot is played ({@code SharePlace#arg})
 * @param shareRules        the fair-share rules ({@code ShareRules#arg})
 */
public record ReserveCall(
        ReserveMessage grant,
        int perUserLimit,
        int attemptsPerWindow,
        long windowMs,
        long pendingTtlSeconds,
        long expireAt,
        String passHash,
        boolean passRequired,
        int drawWindowMs,
        List<Long> wanted,
        String place,
        String shareRules)
        implements ScriptCall {

    public static final RedisScript<ReserveCall, Decision> SCRIPT =
            RedisScript.writing(LuaScript.load("reserve", "share"), RScript.ReturnType.MULTI, ReserveCall::read);

    @Override
    public List<Object> keys() {
        long opening = grant.sessionId();
        return List.of(
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
                RedisKeys.blocked(opening),
                RedisKeys.share(opening));
    }

    @Override
    public Object[] args() {
        return new Object[] {
            Long.toString(grant.userId()),
            grant.traceId(),
            Integer.toString(perUserLimit),
            Integer.toString(attemptsPerWindow),
            Long.toString(windowMs),
            grant.pendingValue(),
            Long.toString(pendingTtlSeconds),
            grant.inflightMember(),
            Long.toString(expireAt),
            passHash == null ? "" : passHash,
            passRequired ? "1" : "0",
            Integer.toString(drawWindowMs),
            slotList(wanted),
            place,
            shareRules
        };
    }

    /** {verdict, value, redisNowMs[, holders | entry trace]}. */
    public static Decision read(Object raw) {
        List<?> reply = (List<?>) raw;
        Verdict verdict = Verdict.valueOf((String) reply.get(0));
        if (verdict == Verdict.SHARE_USED) {
            return new Decision(
                    verdict,
                    0,
                    ((Number) reply.get(2)).longValue(),
                    Set.of(),
                    reply.get(4).toString(),
                    ((List<?>) reply.get(3)).stream().map(Object::toString).toList());
        }
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
}
