package com.courtrush.reserve.api;

/** How a dead letter ended. */
public enum DeadLetterSettlement {
    /** Not settled yet (compensation pending or failed; the reconciler settles it after its horizon). */
    WAITING,
    /** Its place was given back and the attempt marked FAILED. */
    COMPENSATED,
    /** The database had the trace already: nothing to give back. */
    ALREADY_RECORDED,
    /** Staff put the message back on the queue. */
    REPLAYED
}
