/**
 * What settles grants that can never be recorded: dead letters
 * ({@link com.courtrush.reserve.recovery.DeadLetterConsumer}, {@link com.courtrush.reserve.recovery.DeadLetterLog}),
 * the {@link com.courtrush.reserve.recovery.Reconciler} for grants lost on the way, and
 * {@link com.courtrush.reserve.recovery.TraceCompensator}, whose database claim decides between a late
 * consumer and a compensation.
 */
package com.courtrush.reserve.recovery;
