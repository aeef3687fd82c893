package com.courtrush.reserve.recover;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.reserve.record.ReserveMessage;
import java.util.ArrayList;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/settle.lua}: grants of one opening settled — their pending records and in-flight entries
 * forgotten, and, when just recorded in the database, logged in the opening's settled log.
 *
 * @param grants       the opening's grants
 * @param justRecorded they have just been recorded (else settled otherwise: nothing is logged)
 * @param logWindowMs  how long the settled log keeps an entry
 */
public record SettleCall(long sessionId, List<ReserveMessage> grants, boolean justRecorded, long logWindowMs)
        implements ScriptCall {

    public static final RedisScript<SettleCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("settle"), RScript.ReturnType.MULTI, SettleCall::read);

    @Override
    public List<Object> keys() {
        List<Object> keys = new ArrayList<>(2 + grants.size());
        keys.add(RedisKeys.inflight(sessionId));
        keys.add(RedisKeys.settledLog(sessionId));
        for (ReserveMessage grant : grants) {
            keys.add(RedisKeys.pending(sessionId, grant.traceId()));
        }
        return keys;
    }

    @Override
    public Object[] args() {
        Object[] args = new Object[2 + grants.size()];
        args[0] = Long.toString(logWindowMs);
        args[1] = justRecorded ? "1" : "0";
        for (int i = 0; i < grants.size(); i++) {
            args[2 + i] = grants.get(i).inflightMember();
        }
        return args;
    }

    /** @param unknown the in-flight members Redis did not hold: grants it has lost */
    public record Reply(List<String> unknown) {}

    public static Reply read(Object raw) {
        List<String> unknown = new ArrayList<>();
        if (raw != null) {
            for (Object member : (List<?>) raw) {
                unknown.add(member.toString());
            }
        }
        return new Reply(unknown);
    }
}
