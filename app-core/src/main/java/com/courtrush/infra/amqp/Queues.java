package com.courtrush.infra.amqp;

/** Exchange, queue and routing-key names of the reserve pipeline, in one place. */
public final class Queues {

    public static final String RESERVE_EXCHANGE = "reserve.direct";
    public static final String RESERVE_QUEUE = "reserve.queue";
    public static final String RESERVE_ROUTING_KEY = "reserve";
    /** Fanout, because Qpid dead-letters with the original routing key. */
    public static final String DEAD_LETTER_EXCHANGE = "reserve.dlx";

    public static final String DEAD_LETTER_QUEUE = "reserve.dlq";

    /**
     * The start of each node's rehearsal queue's name (decision 28): exclusive to the node's connection,
     * gone with it, reached by the default exchange alone — no other node reads or counts its grants.
     */
    public static final String REHEARSAL_QUEUE_PREFIX = "reserve.rehearsal.";

    /** Listener container factory with manual acknowledgement. */
    public static final String MANUAL_ACK_FACTORY = "manualAckListenerFactory";
    /** Listener container factory with manual acknowledgement that hands over what is waiting as one batch. */
    public static final String RESERVE_BATCH_FACTORY = "reserveBatchListenerFactory";

    public static final String RESERVE_LISTENER_ID = "reserveConsumer";
    public static final String DEAD_LETTER_LISTENER_ID = "reserveDlqConsumer";

    private Queues() {}
}
