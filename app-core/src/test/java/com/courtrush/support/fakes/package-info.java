/**
 * In-memory stand-ins for what the services read and write outside the JVM — the database's mappers, a
 * transaction manager, the place given back to Redis, the payment gateway — with the behaviour the services rely
 * on (compare-and-set updates, unique keys, a transaction's commit callbacks and rollback) and switches to make
 * them refuse or answer late. Used by the services' unit tests; the full stack tests the real ones.
 */
package com.courtrush.support.fakes;
