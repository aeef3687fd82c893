/**
 * Infrastructure, by what it is: {@code config} (every setting, the data directory, the start-up
 * settings and their rules, the database plumbing and background work), {@code embedded} (the
 * default one-process stack: a redis-server child, the in-process AMQP broker), {@code redis} (the
 * one Redisson client, key names, Lua scripts and their pipeline, Redis's clock, the cluster-wide
 * lock), {@code amqp} (the reserve pipeline's topology, listener containers and names), {@code
 * lifecycle} (start-up and shutdown as one lifecycle: the stop the start checks between its steps). Its
 * parts depend on each other one way: {@code redis} and {@code amqp} on {@code embedded} and {@code
 * config}, {@code embedded} on {@code config} and {@code lifecycle}, which depends on none of them.
 */
package com.courtrush.infra;
