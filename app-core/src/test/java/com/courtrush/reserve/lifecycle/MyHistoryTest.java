package com.courtrush.reserve.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.core.CourtRushException;
import com.courtrush.partner.Partners;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.AppSettings;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The older bookings a page at a time (SPEC §20), with the games the student played as an accepted partner (issue
 * 55): one order — latest play date first, then the latest booking — across both, a page of {@code size}, the next
 * page after any booking shown, a partner's included.
 */
class MyHistoryTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 28);
    static final LocalDate UNTIL = TODAY.minusDays(MyReservations.RECENT_DAYS);

    final MyReservationMapper mapper = mock(MyReservationMapper.class);
    final Partners partners = mock(Partners.class);
    final MyReservations mine = new MyReservations(
            partners,
            mapper,
            mock(ReservationDeadlines.class),
            mock(AppSettings.class),
            Clock.fixed(TODAY.atTime(12, 0).atZone(ZoneId.of("Asia/Shanghai")).toInstant(), ZoneId.of("Asia/Shanghai")),
            ids -> Map.of());

    {
        when(partners.ofBookings(anyList())).thenReturn(Map.of());
    }

    @Test
    void ownBookingsAndPartnersGamesComeInOneOrderAPageAtATime() {
        when(mapper.findBefore(7L, UNTIL, null, null, 3))
                .thenReturn(List.of(booking(30, UNTIL.minusDays(1), false), booking(12, UNTIL.minusDays(5), false)));
        when(mapper.partnerBefore(7L, UNTIL, null, null, 3))
                .thenReturn(List.of(booking(25, UNTIL.minusDays(1), true), booking(40, UNTIL.minusDays(3), true)));

        assertThat(mine.history(7L, null, 3))
                .extracting(MyReservation::getReservationId, MyReservation::isAsPartner)
                .as("by play date, then booking, the page's size at most")
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(30L, false),
                        org.assertj.core.groups.Tuple.tuple(25L, true),
                        org.assertj.core.groups.Tuple.tuple(40L, true));
    }

    @Test
    void theNextPageMayStartAfterAPartnersGameButNotAfterSomeoneElses() {
        LocalDate played = UNTIL.minusDays(3);
        when(mapper.played(40L)).thenReturn(new MyReservationMapper.Played(9L, played));
        when(mapper.acceptedPartner(40L, 7L)).thenReturn(1);
        when(mapper.findBefore(7L, UNTIL, played, 40L, 2)).thenReturn(List.of(booking(12, UNTIL.minusDays(5), false)));
        when(mapper.partnerBefore(7L, UNTIL, played, 40L, 2)).thenReturn(List.of());
        assertThat(mine.history(7L, 40L, 2))
                .extracting(MyReservation::getReservationId)
                .containsExactly(12L);

        when(mapper.played(41L)).thenReturn(new MyReservationMapper.Played(9L, played));
        assertThatThrownBy(() -> mine.history(7L, 41L, 2))
                .isInstanceOf(CourtRushException.class)
                .extracting(e -> ((CourtRushException) e).status().value())
                .isEqualTo(404);
    }

    private static MyReservation booking(long id, LocalDate played, boolean asPartner) {
        MyReservation booking = new MyReservation();
        booking.setReservationId(id);
        booking.setSlotDate(played);
        booking.setStatus(ReservationStatus.CANCELLED);
        booking.setAsPartner(asPartner);
        return booking;
    }
}
