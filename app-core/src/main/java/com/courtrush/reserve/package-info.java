/**
 * The reserve engine, in three parts found by their names — {@code grant} (deciding and recording a
 * place), {@code lifecycle} (a reservation once recorded), {@code recovery} (what can never be
 * recorded) — around the Redis side of stock kept here: {@link com.courtrush.reserve.StockSync}
 * (warm-up and re-sync), {@link com.courtrush.reserve.StockReleaser}, the stock keys and snapshots.
 * The engine. Fast path: {@link com.courtrush.reserve.grant.ReserveService} decides in one Redis
 * script ({@code lua/reserve.lua}) and publishes the winner with a publisher confirm. Slow path:
 * {@link com.courtrush.reserve.grant.ReserveConsumer} records it under the database guards;
 * {@link com.courtrush.reserve.recovery.DeadLetterConsumer} and {@link com.courtrush.reserve.recovery.Reconciler}
 * compensate what can never be recorded, through {@link com.courtrush.reserve.recovery.TraceCompensator}.
 * Stock goes back only through {@link com.courtrush.reserve.StockReleaser}, once per booking.
 * The guards (G1–G5) and invariants (I1–I6) it keeps are listed in {@code docs/invariants.md}.
 */
package com.courtrush.reserve;
