package com.courtrush.reserve.record;

import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import java.util.List;

/**
 * What recording hands on to recovery ({@code reserve.recover} implements it): recording sits below
 * recovery and calls it only through this.
 */
public interface RecordingFollowUp {

    /** The grants are committed reservations: their in-flight entries are settled. */
    void recorded(List<ReserveMessage> grants);

    /** The grant was recorded before (a redelivery): its in-flight entry is forgotten. */
    void alreadyRecorded(ReserveMessage grant);

    /**
     * A database guard refused the grant: it is compensated, its place given back. {@code refusal}: what the student
     * would have been answered had Redis known (SHARE_USED, QUOTA_EXCEEDED, DUP_REQ, OUT_OF_STOCK), kept for its
     * result; {@code reason}: the staff's words.
     */
    void refused(ReserveMessage grant, Outcome refusal, EngineText reason);

    /** The grant failed its last attempt and goes to the dead-letter queue: it is logged there. */
    void failed(ReserveMessage grant, Throwable error);
}
