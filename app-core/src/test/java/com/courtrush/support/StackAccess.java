package com.courtrush.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.reset;

import com.courtrush.infra.amqp.Queues;
import com.courtrush.reserve.record.ReservationWriter;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.slot.SlotCatalog;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import org.redisson.api.RedissonClient;
import org.springframework.amqp.rabbit.listener.MessageListenerContainer;
import org.springframework.amqp.rabbit.listener.RabbitListenerEndpointRegistry;
import org.springframework.dao.TransientDataAccessResourceException;
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

    /**
     * {@code student} reserves {@code slot} while the database refuses to record any grant of it ("injected: disk
     * full"): the grant is retried, dead-lettered and compensated, and the student's trace ends FAILED. Returns it.
     */
    default String deadLettered(TestApi.Student student, long session, long slot) {
        ReservationWriter writer = bean(ReservationWriter.class);
        doThrow(new TransientDataAccessResourceException("injected: disk full"))
                .when(writer)
                .record(argThat(grant -> grant != null && grant.slotId() == slot));
        try {
            String trace = TestApi.expect(202, api().reserve(student, session, slot))
                    .data()
                    .path("traceId")
                    .asText();
            assertThat(api().awaitResult(student, trace, Times.SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("FAILED");
            return trace;
        } finally {
            reset(writer);
        }
    }

    /**
     * Makes a booking look won at {@code made}: its creation and the deadline it keeps, the payment timeout set now
     * after then (as the engine writes them when it records the grant).
     */
    default void bookedAt(long reservationId, LocalDateTime made) {
        int minutes = bean(AppSettings.class).getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
        jdbc().update(
                        "update reservation set create_time = ?, pay_by = ? where id = ?",
                        made,
                        made.plusMinutes(minutes),
                        reservationId);
    }

    /**
     * Moves a slot, its bookings and its opening to start at {@code start}, for an hour or to its day's end ({@link
     * #timeSlotAt}).
     */
    default void startSlotAt(long slotId, LocalDateTime start) {
        timeSlotAt(slotId, start, Duration.ofHours(1));
        // a booking keeps its slot's play date; an opening's slots are on its day
        jdbc().update("update reservation set slot_date = ? where slot_id = ?", start.toLocalDate(), slotId);
        jdbc().update(
                        "update reserve_session set session_date = ? where id = (select session_id from time_slot where id = ?)",
                        start.toLocalDate(),
                        slotId);
        bean(SlotCatalog.class).invalidateAll();
    }

    /**
     * Sets a slot's day and hours only: it starts at {@code start} and lasts {@code length} or to its day's end. A
     * slot never spans midnight (its day, start and end are one date; the database checks the end is after the
     * start), so one moved late in the evening ends at 23:59:59. Callers near midnight wait with {@link
     * Times#clearOfMidnight}.
     */
    default void timeSlotAt(long slotId, LocalDateTime start, Duration length) {
        LocalTime end = start.toLocalTime().plus(length);
        if (end.isBefore(start.toLocalTime())) {
            end = LocalTime.of(23, 59, 59);
        }
        jdbc().update(
                        "update time_slot set slot_date = ?, start_time = ?, end_time = ? where id = ?",
                        start.toLocalDate(),
                        start.toLocalTime().format(DateTimeFormatter.ISO_LOCAL_TIME),
                        end.format(DateTimeFormatter.ISO_LOCAL_TIME),
                        slotId);
    }

    /** The account id of a student the test created. */
    default long userIdOf(TestApi.Student student) {
        return jdbc().queryForObject(
                        "select id from user_account where student_id = ?", Long.class, student.studentId());
    }
}
