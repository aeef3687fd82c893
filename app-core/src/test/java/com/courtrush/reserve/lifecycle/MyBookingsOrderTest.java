package com.courtrush.reserve.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.partner.Partners;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.AppSettings;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * My bookings puts the next game on top (SPEC §20, issue 75: it listed the newest booking first, so the game starting
 * in three minutes sat below one booked later for another day): the games not over yet soonest first — one being
 * played among them —, then those played, the latest first; a partner's game in the same order as the student's own.
 */
class MyBookingsOrderTest {

    static final ZoneId GYM = ZoneId.of("Asia/Shanghai");
    static final LocalDate TODAY = LocalDate.of(2026, 11, 28);

    final MyReservationMapper mapper = mock(MyReservationMapper.class);
    final Partners partners = mock(Partners.class);
    final MyReservations mine = new MyReservations(
            partners,
            mapper,
            mock(ReservationDeadlines.class),
            mock(AppSettings.class),
            Clock.fixed(TODAY.atTime(12, 0).atZone(GYM).toInstant(), GYM),
            ids -> Map.of());

    {
        when(partners.ofBookings(anyList())).thenReturn(Map.of());
    }

    @Test
    void theNextGameComesFirstThenThePlayedOnesLatestFirst() {
        LocalDate from = TODAY.minusDays(MyReservations.RECENT_DAYS);
        when(mapper.findFrom(7L, from, 200))
                .thenReturn(List.of(
                        booking(70, TODAY.minusDays(10), "18:00"),
                        booking(60, TODAY.plusDays(1), "18:00"),
                        booking(52, TODAY, "12:03"), // starts in three minutes, booked before the one above
                        booking(51, TODAY, "11:30"), // being played
                        booking(50, TODAY, "11:00"), // over at noon, now
                        booking(40, TODAY.plusDays(1), "08:00"),
                        booking(30, TODAY.minusDays(1), "20:00")));
        MyReservation partners = booking(45, TODAY.plusDays(1), "10:00");
        partners.setAsPartner(true);
        when(mapper.partnerFrom(7L, from, 200)).thenReturn(List.of(partners));

        assertThat(mine.of(7L))
                .extracting(MyReservation::getReservationId)
                .containsExactly(51L, 52L, 40L, 45L, 60L, 50L, 30L, 70L);
    }

    private static MyReservation booking(long id, LocalDate played, String start) {
        MyReservation booking = new MyReservation();
        booking.setReservationId(id);
        booking.setSlotDate(played);
        booking.setStartTime(LocalTime.parse(start));
        booking.setEndTime(LocalTime.parse(start).plusHours(1));
        booking.setStatus(ReservationStatus.CANCELLED);
        return booking;
    }
}
