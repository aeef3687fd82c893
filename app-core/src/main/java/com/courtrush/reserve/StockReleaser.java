package com.courtrush.reserve;

import com.courtrush.infra.LuaScript;
import com.courtrush.infra.RedisKeys;
import java.util.List;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/**
 * The only way stock goes back to Redis. Call it after the database change that ended the booking
 * has committed; the permit returns only if this call removes the student from the slot's dedup
 * set ({@code lua/release.lua}), so however many paths fire for one booking, it returns once.
 */
@Component
public class StockReleaser {

    private static final String RELEASED = "RELEASED";

    private final RedissonClient redisson;
    private final RScript script;
    private final LuaScript release = LuaScript.load("release");
    private final SoldOutFlags soldOut;

    StockReleaser(RedissonClient redisson, SoldOutFlags soldOut) {
        this.redisson = redisson;
        this.script = redisson.getScript();
        this.soldOut = soldOut;
    }

    /** Returns a booking's place (and forgets its in-flight grant, if {@code grant} is given). */
    public boolean release(long sessionId, long slotId, long userId, ReserveMessage grant) {
        String member = grant == null ? "" : grant.inflightMember();
        String pendingKey = grant == null ? RedisKeys.INFLIGHT : RedisKeys.pending(grant.traceId());
        String outcome = script.eval(RScript.Mode.READ_WRITE, release.source(), RScript.ReturnType.VALUE,
                List.of(RedisKeys.dedup(slotId), RedisKeys.semaphore(slotId), RedisKeys.quota(sessionId),
                        pendingKey, RedisKeys.INFLIGHT, RedisKeys.slotOff(slotId)),
                Long.toString(userId), member);
        boolean released = RELEASED.equals(outcome);
        if (released) {
            soldOut.released(slotId);
        }
        return released;
    }

    /** The grant is in the database (or settled): forget its pending record and in-flight entry. */
    public void forget(ReserveMessage grant) {
        forgetAll(List.of(grant));
    }

    /** {@link #forget} for several grants, in one round trip. */
    public void forgetAll(List<ReserveMessage> grants) {
        RBatch batch = redisson.createBatch();
        for (ReserveMessage grant : grants) {
            batch.getBucket(RedisKeys.pending(grant.traceId())).deleteAsync();
            batch.getScoredSortedSet(RedisKeys.INFLIGHT).removeAsync(grant.inflightMember());
        }
        batch.execute();
    }
}
