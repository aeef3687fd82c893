package com.courtrush.arch.broken.scripts;

import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptCall;
import java.util.List;
import org.redisson.api.RedissonClient;

/** Sends a script the allowed way, through a typed call: the rule leaves it alone. */
class TypedScripts {

    record KeyCall(String key) implements ScriptCall {
        @Override
        public List<Object> keys() {
            return List.of(key);
        }

        @Override
        public Object[] args() {
            return new Object[0];
        }
    }

    <R> R typed(RedissonClient redisson, RedisScript<KeyCall, R> script) {
        return script.call(redisson.getScript(), new KeyCall("key"));
    }
}
