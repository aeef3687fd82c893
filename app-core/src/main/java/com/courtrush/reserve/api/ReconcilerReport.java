package com.courtrush.reserve.api;

import java.time.Instant;

/**
 * One run of the reconciler.
 *
 * @param compensated grants given back now
 * @param settled     grants the database already had (their cleanup had not happened)
 */
public record ReconcilerReport(Instant time, int compensated, int settled, int stillInFlight) {}
