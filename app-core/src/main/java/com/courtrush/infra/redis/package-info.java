/**
 * Redis: the one Redisson client, every key name ({@link com.courtrush.infra.redis.RedisKeys}), Lua
 * scripts and the pipeline that batches their calls, the count of round trips, Redis's clock and the
 * lock that runs a periodic job on one node at a time.
 */
package com.courtrush.infra.redis;
