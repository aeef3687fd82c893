package com.courtrush.reserve.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.MovingClock;
import com.courtrush.support.TestProperties;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.TaskScheduler;

/**
 * The pay deadline is never after the slot's start (issue 55): booked at 09:38 for 09:40 with a 15-minute payment
 * timeout, it is due at 09:40 — not 09:53 — and the timeout job cancels it once the slot has started, on a fixed clock.
 */
class PayDeadlineTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 28);

    final AppSettings settings = mock(AppSettings.class);
    final ReservationDeadlines deadlines = new ReservationDeadlines(settings);

    {
        when(settings.getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE)).thenReturn(15);
    }

    @Test
    void aBookingJustBeforeTheStartIsDueAtTheStart() {
        assertThat(deadlines.payBy(DAY.atTime(9, 53), DAY.atTime(9, 38), DAY, LocalTime.of(9, 40)))
                .isEqualTo(DAY.atTime(9, 40));
        assertThat(deadlines.payBy(DAY.atTime(9, 53, 27), DAY.atTime(9, 38, 27), DAY, LocalTime.of(10, 0)))
                .as("far enough from the start: the deadline it was given, to the second")
                .isEqualTo(DAY.atTime(9, 53, 27));
        assertThat(deadlines.payBy(null, DAY.atTime(9, 38, 27), DAY, LocalTime.of(10, 0)))
                .as("a row an older engine wrote: its creation + the timeout set now")
                .isEqualTo(DAY.atTime(9, 53, 27));
    }

    @Test
    void theTimeoutJobCancelsAnUnpaidBookingOnceItsSlotHasStarted() {
        // 09:40:05 in the gym's zone: the booking made at 09:38 is 2 minutes old, its slot started at 09:40
        MovingClock clock = new MovingClock(
                DAY.atTime(9, 40, 5).atZone(ZoneId.of("Asia/Shanghai")).toInstant());
        ReservationMapper reservations = mock(ReservationMapper.class);
        ReservationCancellation cancellation = mock(ReservationCancellation.class);
        when(reservations.findOverdue(any(), anyInt(), anyInt())).thenReturn(List.of());
        when(reservations.findStartedUnpaid(DAY, LocalTime.of(9, 40, 5), 500)).thenReturn(List.of(5L));
        when(cancellation.timeOutAtStart(5)).thenReturn(true);
        PaymentTimeout timeout = new PaymentTimeout(
                reservations,
                cancellation,
                deadlines,
                mock(TaskScheduler.class),
                TestProperties.courtRush(Map.of()),
                clock,
                List.of(id -> true));

        assertThat(timeout.cancelOverdue()).isEqualTo(1);
        verify(reservations).findOverdue(eq(LocalDateTime.now(clock)), eq(15), anyInt());
        verify(cancellation).timeOutAtStart(5);
        verify(cancellation, never()).timeOut(anyLong(), any(), anyInt());
    }
}
