package com.courtrush.reserve.waitlist;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.ArrayList;
import java.util.List;
import org.redisson.api.RScript;

/** {@code lua/offers_due.lua}: an opening's offers due by Redis's clock (500 at most). */
public record OffersDueCall(long sessionId) implements ScriptCall {

    public static final RedisScript<OffersDueCall, Reply> SCRIPT =
            RedisScript.reading(LuaScript.load("offers_due"), RScript.ReturnType.MULTI, OffersDueCall::read);

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.offers(sessionId));
    }

    /** An offer due: the slot's, the student's. */
    public record Due(long slotId, long userId) {}

    public record Reply(List<Due> due) {}

    public static Reply read(Object raw) {
        List<?> members = (List<?>) raw;
        List<Due> due = new ArrayList<>(members.size());
        for (Object member : members) {
            String[] slotAndUser = member.toString().split("\\|");
            due.add(new Due(Long.parseLong(slotAndUser[0]), Long.parseLong(slotAndUser[1])));
        }
        return new Reply(due);
    }
}
