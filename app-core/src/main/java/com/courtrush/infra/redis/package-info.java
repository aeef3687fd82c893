/**
 * Redis: the one Redisson client, every key name ({@link com.courtrush.infra.redis.RedisKeys}), Lua
 * scripts as typed calls ({@link com.courtrush.infra.redis.RedisScript}: a {@link
 * com.courtrush.infra.redis.ScriptCall} record names a call's keys and arguments, its reply is read into a
 * record; the call records live next to the classes that use them) and the pipeline that batches one
 * script's calls, the count of round trips, Redis's clock and the lock that runs a periodic job on one
 * node at a time.
 */
package com.courtrush.infra.redis;
