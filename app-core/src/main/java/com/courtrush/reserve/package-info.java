/**
 * The reserve engine, cut by what happens to a grant. Its parts, lowest first; each uses only the
 * parts below it ({@code ArchitectureTest.reserveLayers}):
 * <ul>
 *   <li>{@code stock} — the Redis keys of an opening's stock, its snapshots and the sold-out flags;
 *   <li>{@code record} — the grant message ({@link com.courtrush.reserve.record.ReserveMessage}), its
 *       publisher, the consumer and writer that record it under the database guards, the reservation
 *       row; it reaches statistics and recovery only through the ports it owns
 *       ({@link com.courtrush.reserve.record.RecordingMeters}, {@link com.courtrush.reserve.record.RecordingFollowUp});
 *   <li>{@code statistics} — the rush and queue series and the reserve meters;
 *   <li>{@code pass} — booking passes;
 *   <li>{@code recover} — what settles grants that can never be recorded: compensation, dead letters,
 *       the reconciler, stock re-sync and release (stock goes back only through
 *       {@link com.courtrush.reserve.recover.StockReleaser}, once per booking), in-flight grants;
 *   <li>{@code lifecycle} — a reservation once recorded: cancel, payment timeout, its end, the queries
 *       and endpoints of "my bookings" and the staff's reservations;
 *   <li>{@code decide} — {@code POST /reserve/} and its results: one Redis script decides
 *       ({@code lua/reserve.lua}), a fair draw, load shedding, the winner published with a confirm.
 * </ul>
 * The guards (G1–G5) and invariants (I1–I6) it keeps are listed in {@code docs/invariants.md}.
 */
package com.courtrush.reserve;
