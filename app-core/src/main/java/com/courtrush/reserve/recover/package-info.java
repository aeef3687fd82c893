/**
 * What settles grants that can never be recorded, and gives stock back: dead letters
 * ({@link com.courtrush.reserve.recover.DeadLetterConsumer}, {@link com.courtrush.reserve.recover.DeadLetterLog},
 * {@link com.courtrush.reserve.recover.DeadLetterActions}), the {@link com.courtrush.reserve.recover.Reconciler}
 * for grants lost on the way, {@link com.courtrush.reserve.recover.TraceCompensator} (whose database claim
 * decides between a late consumer and a compensation), the stock's re-sync and release, in-flight grants,
 * and the rebuild of an opening whose Redis state was lost. A place given back is offered to a student waiting
 * in the same script; what the waitlist does around it goes through the port
 * {@link com.courtrush.reserve.recover.PlaceOffers} (implemented in {@code reserve.waitlist}).
 */
package com.courtrush.reserve.recover;
