/**
 * The reserve engine. Fast path: {@link com.courtrush.reserve.ReserveService} decides in one Redis
 * script ({@code lua/reserve.lua}) and publishes the winner with a publisher confirm. Slow path:
 * {@link com.courtrush.reserve.ReserveConsumer} records it under the database guards;
 * {@link com.courtrush.reserve.DeadLetterConsumer} and {@link com.courtrush.reserve.Reconciler}
 * compensate what can never be recorded, through {@link com.courtrush.reserve.TraceCompensator}.
 * Stock goes back only through {@link com.courtrush.reserve.StockReleaser}, once per booking.
 * The guards (G1–G5) and invariants (I1–I6) it keeps are listed in {@code docs/invariants.md}.
 */
package com.courtrush.reserve;
