package com.courtrush.reserve.waitlist;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.recover.Offers;
import java.util.ArrayList;
import java.util.List;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;

/** The waitlist's Redis scripts: joining a line, and passing an offered place on (declined or expired). */
@Component
class WaitlistScripts {

    private final RedissonClient redisson;
    private final RScript script;
    private final LuaScript join = LuaScript.load("wait_join");
    private final LuaScript pass = LuaScript.load("offer_pass", "offers");

    WaitlistScripts(RedissonClient redisson) {
        this.redisson = redisson;
        this.script = redisson.getScript();
    }

    /** {@code lua/wait_join.lua}: {outcome, value}. */
    List<Object> join(long sessionId, long slotId, long userId, int perSlot, Offers.Terms terms) {
        return script.eval(
                RScript.Mode.READ_WRITE,
                join.source(),
                RScript.ReturnType.MULTI,
                List.of(
                        RedisKeys.waitlist(sessionId, slotId),
                        RedisKeys.semaphore(sessionId, slotId),
                        RedisKeys.dedup(sessionId, slotId),
                        RedisKeys.quota(sessionId),
                        RedisKeys.blocked(sessionId),
                        RedisKeys.offer(sessionId, slotId),
                        RedisKeys.warm(sessionId)),
                Long.toString(userId),
                Integer.toString(perSlot),
                Integer.toString(terms.limit()),
                Long.toString(terms.expireAt()));
    }

    /** {@code lua/offer_pass.lua}: {outcome, next student offered or '', expiry, passed over...}. */
    List<Object> pass(long sessionId, long slotId, long userId, Offers.Terms terms, boolean expire) {
        List<Object> args = new ArrayList<>(List.of(Long.toString(userId), Long.toString(slotId)));
        args.addAll(Offers.args(terms));
        args.add(expire ? "expire" : "decline");
        return script.eval(
                RScript.Mode.READ_WRITE,
                pass.source(),
                RScript.ReturnType.MULTI,
                List.of(
                        RedisKeys.waitlist(sessionId, slotId),
                        RedisKeys.offer(sessionId, slotId),
                        RedisKeys.offers(sessionId),
                        RedisKeys.dedup(sessionId, slotId),
                        RedisKeys.quota(sessionId),
                        RedisKeys.blocked(sessionId),
                        RedisKeys.semaphore(sessionId, slotId),
                        RedisKeys.slotOff(sessionId, slotId)),
                args.toArray());
    }

    /** The student's place in the slot's line (1 = next), or null when not in it. */
    Long position(long sessionId, long slotId, long userId) {
        Integer rank = line(sessionId, slotId).rank(Long.toString(userId));
        return rank == null ? null : rank + 1L;
    }

    /**
     * When the student's offer of the slot ends (epoch ms, Redis's clock), as Redis holds it: Redis decides offers,
     * the database follows. Null when Redis holds none for them (passed on, taken, or never made).
     */
    Long offerEnds(long sessionId, long slotId, long userId) {
        String ends = redisson.<String, String>getMap(RedisKeys.offer(sessionId, slotId), StringCodec.INSTANCE)
                .get(Long.toString(userId));
        return ends == null ? null : Long.valueOf(ends);
    }

    /** Leaves the slot's line; whether the student was in it. */
    boolean leave(long sessionId, long slotId, long userId) {
        return line(sessionId, slotId).remove(Long.toString(userId));
    }

    private RScoredSortedSet<String> line(long sessionId, long slotId) {
        return redisson.getScoredSortedSet(RedisKeys.waitlist(sessionId, slotId));
    }

    /** The opening's offers due by Redis's clock: "slotId|userId". */
    List<Object> due(long sessionId) {
        return script.eval(
                RScript.Mode.READ_ONLY,
                "local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000);"
                        + " return redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, 500)",
                RScript.ReturnType.MULTI,
                List.of(RedisKeys.offers(sessionId)));
    }
}
