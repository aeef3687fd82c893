package com.courtrush.support;

import com.courtrush.infra.amqp.Queues;
import org.redisson.api.RedissonClient;
import org.springframework.amqp.rabbit.listener.MessageListenerContainer;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistry;
import org.springframework.jdbc.core.JdbcTemplate;

/** What scenario interfaces need from the running engine they test. */
public interface StackAccess {

    TestApi api();

    JdbcTemplate jdbc();

    RedissonClient redisson();

    StockInvariants invariants();

    /** A bean of the running engine (a spy where the test stack installs one). */
    <T> T bean(Class<T> type);

    /** Runs {@code queueing} while the reserve consumers are stopped: what it queues waits in the broker. */
    default void withReserveConsumersStopped(Runnable queueing) {
        MessageListenerContainer consumers =
                bean(RabbitListenerEndpointRegistry.class).getListenerContainer(Queues.RESERVE_LISTENER_ID);
        consumers.stop();
        try {
            queueing.run();
        } finally {
            consumers.start();
        }
    }

    /** The account id of a student the test created. */
    default long userIdOf(TestApi.Student student) {
        return jdbc().queryForObject(
                        "select id from user_account where student_id = ?", Long.class, student.studentId());
    }
}
