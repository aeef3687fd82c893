package com.courtrush.arch.broken.scripts;

import java.util.List;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;

/** Sends scripts the way the typed-call rule forbids: keys and arguments by position, alone and in a batch. */
class PositionalScripts {

    Object alone(RedissonClient redisson) {
        return redisson.getScript()
                .eval(RScript.Mode.READ_WRITE, "return KEYS[1]", RScript.ReturnType.VALUE, List.of("key"), "arg");
    }

    void inABatch(RedissonClient redisson, String sha1) {
        RBatch batch = redisson.createBatch();
        batch.getScript().evalShaAsync(RScript.Mode.READ_WRITE, sha1, RScript.ReturnType.VALUE, List.of("key"), "arg");
        batch.execute();
    }
}
