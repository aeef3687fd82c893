package com.courtrush.reserve.decide;

import com.courtrush.reserve.record.ReserveMessage;
import java.util.concurrent.CompletableFuture;

/**
 * Where the fast path hands a place Redis granted: to recording, through the broker with a confirm.
 * Implemented by {@link GrantDispatch}; a test gives {@link ReserveService} one of its own. Public for the
 * waitlist, whose offer taken ({@code reserve.waitlist.OfferAcceptance}) is a grant handed on like any other.
 */
public interface GrantHandOff {

    /**
     * Completes with the grant's trace once the broker has confirmed it (or the confirm timed out, leaving it to
     * the consumer, DLQ or reconciler); fails with FAILED if the broker refused it and its place was given back.
     */
    CompletableFuture<String> dispatch(ReserveMessage grant);

    /** A grant Redis made after its request had been answered 503: never published, its place given back. */
    void answeredTooLate(ReserveMessage grant);
}
