package com.courtrush.infra.amqp;

/** Exchange, queue and routing-key names of the reserve pipeline, in one place. */
public final class Queues {

    public static final String RESERVE_EXCHANGE = "reserve.direct";
    public static final String RESERVE_QUEUE = "reserve.queue";
    public static final String RESERVE_ROUTING_KEY = "reserve";
    /** Fanout, because Qpid dead-letters with the original routing key. */
    public static final String DEAD_LETTER_EXCHANGE = "reserve.dlx";

    public static final String DEAD_LETTER_QUEUE = "reserve.dlq";

    /** Listener container factory with manual acknowledgement. */
    public static final String MANUAL_ACK_FACTORY = "manualAckListenerFactory";
    /** Listener container factory with manual acknowledgement that hands over what is waiting as one batch. */
    public static final String RESERVE_BATCH_FACTORY = "reserveBatchListenerFactory";

    public static final String RESERVE_LISTENER_ID = "reserveConsumer";
    public static final String DEAD_LETTER_LISTENER_ID = "reserveDlqConsumer";

    private Queues() {}
}
