package com.courtrush.reserve;

import com.courtrush.infra.CourtRushProperties;
import com.courtrush.infra.LuaScript;
import com.courtrush.infra.RedisKeys;
import java.util.List;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/** Runs {@code lua/reserve.lua}: the whole reserve decision in one Redis round trip. */
@Component
class ReserveScript {

    private static final long WINDOW_MS = 60_000;

    private final RScript script;
    private final LuaScript reserve = LuaScript.load("reserve");
    private final CourtRushProperties properties;

    ReserveScript(RedissonClient redisson, CourtRushProperties properties) {
        this.script = redisson.getScript();
        this.properties = properties;
    }

    Decision decide(ReserveMessage grant, int perUserLimit, long expireAt) {
        List<Object> reply = reserve.run(script, RScript.Mode.READ_WRITE, RScript.ReturnType.MULTI,
                List.of(RedisKeys.attemptLog(grant.userId()), RedisKeys.gate(grant.sessionId()),
                        RedisKeys.gateTime(grant.sessionId()), RedisKeys.dedup(grant.slotId()),
                        RedisKeys.quota(grant.sessionId()), RedisKeys.semaphore(grant.slotId()),
                        RedisKeys.pending(grant.traceId()), RedisKeys.INFLIGHT),
                Long.toString(grant.userId()), grant.traceId(), Integer.toString(perUserLimit),
                Integer.toString(properties.limits().perStudentPerMinute()), Long.toString(WINDOW_MS),
                grant.pendingValue(), Long.toString(properties.reserve().pendingTtl().toSeconds()),
                grant.inflightMember(), Long.toString(expireAt));
        return new Decision(Verdict.valueOf((String) reply.get(0)), ((Number) reply.get(1)).longValue(),
                ((Number) reply.get(2)).longValue());
    }

    /** What the script decided. */
    enum Verdict {
        ACCEPTED, TOO_MANY_REQUESTS, UNGATED, DUP_REQ, QUOTA_EXCEEDED, OUT_OF_STOCK
    }

    /**
     * @param value       see {@code reserve.lua}: permits left, ms to wait, places held
     * @param redisNowMs  the Redis clock when the script ran
     */
    record Decision(Verdict verdict, long value, long redisNowMs) {
    }
}
