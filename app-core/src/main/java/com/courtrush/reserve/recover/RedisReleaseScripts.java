package com.courtrush.reserve.recover;

import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Component;

/** {@link ReleaseScripts} on Redis: each a typed script call, one round trip. */
@Component
class RedisReleaseScripts implements ReleaseScripts {

    private final RScript script;

    RedisReleaseScripts(RedissonClient redisson) {
        this.script = redisson.getScript();
    }

    @Override
    public ReleaseCall.Reply release(ReleaseCall call) {
        return ReleaseCall.SCRIPT.call(script, call);
    }

    @Override
    public SettleCall.Reply settle(SettleCall call) {
        return SettleCall.SCRIPT.call(script, call);
    }
}
