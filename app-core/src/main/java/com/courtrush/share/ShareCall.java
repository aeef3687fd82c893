package com.courtrush.share;

import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import com.courtrush.share.api.ShareRules;
import java.util.ArrayList;
import java.util.List;
import org.redisson.api.RScript;

/**
 * {@code lua/share.lua}: an opening's copy of the shares, taken by a partner's acceptance or kept in step with
 * bookings elsewhere.
 *
 * @param rest the arguments after the mode: see the script
 */
public record ShareCall(long sessionId, String mode, List<String> rest) implements ScriptCall {

    public static final RedisScript<ShareCall, Reply> SCRIPT =
            RedisScript.writing(LuaScript.load("share", "share"), RScript.ReturnType.MULTI, ShareCall::read);

    public static ShareCall take(long sessionId, long userId, String entry, ShareRules rules) {
        return new ShareCall(sessionId, "take", List.of(Long.toString(userId), entry, rules.arg()));
    }

    /** An entry put in the copy of a student. */
    public static String[] put(long userId, String entry) {
        return new String[] {"put", Long.toString(userId), entry};
    }

    /** The entry of a key dropped from the copy of a student. */
    public static String[] drop(long userId, String key) {
        return new String[] {"drop", Long.toString(userId), key};
    }

    public static ShareCall sync(long sessionId, List<String[]> changes) {
        List<String> args = new ArrayList<>(3 * changes.size());
        changes.forEach(change -> args.addAll(List.of(change)));
        return new ShareCall(sessionId, "sync", args);
    }

    @Override
    public List<Object> keys() {
        return List.of(RedisKeys.share(sessionId), RedisKeys.warm(sessionId));
    }

    @Override
    public Object[] args() {
        List<Object> all = new ArrayList<>(1 + rest.size());
        all.add(mode);
        all.addAll(rest);
        return all.toArray();
    }

    /**
     * @param outcome TAKEN, SYNCED, SHARE_USED or COLD (Redis does not hold the opening)
     * @param rule    for SHARE_USED, the rule broken
     * @param holding for SHARE_USED, the entries that count against it
     */
    public record Reply(String outcome, String rule, List<String> holding) {}

    public static Reply read(Object raw) {
        List<?> reply = (List<?>) raw;
        String outcome = reply.get(0).toString();
        if (!"SHARE_USED".equals(outcome)) {
            return new Reply(outcome, null, List.of());
        }
        return new Reply(
                outcome,
                reply.get(1).toString(),
                reply.subList(2, reply.size()).stream().map(Object::toString).toList());
    }
}
