package com.courtrush.reserve.record;

/**
 * What the recording side counts, for the reserve statistics to keep ({@code reserve.statistics}
 * implements it): recording sits below the statistics and does not know them.
 */
public interface RecordingMeters {

    /** Grants this node holds unacknowledged changed by {@code delta}. */
    void handling(int delta);

    /** A batch of {@code grants} was taken from the queue. */
    void batch(int grants);

    /** A grant's publish ended with {@code result}. */
    void published(ReservePublisher.Result result);

    /** A consumed grant ended with {@code result}. */
    void consumed(ReservationWriter.Result result);

    /** A grant is now a committed reservation. */
    void recorded(ReserveMessage grant);

    /** A grant went to the dead-letter queue after its last attempt. */
    void deadLettered();
}
