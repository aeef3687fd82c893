package com.courtrush.reserve.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.support.fakes.FakeReservations;
import com.courtrush.venue.DeskVenues;
import com.courtrush.venue.api.DeskScope;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

/**
 * Whose a reservation is, decided in one place for every door a student uses (cancel, pay, the check-in code) and
 * every one staff use (details, refund, cancel): the owner sees it and acts on it, staff see it, nobody else learns
 * it exists.
 */
class ReservationAccessTest {

    private static final LocalDateTime MADE = LocalDateTime.parse("2026-11-26T13:00:00");

    private final FakeReservations reservations = new FakeReservations();
    private final DeskVenues desks = org.mockito.Mockito.mock(DeskVenues.class);
    private final ReservationAccess access = new ReservationAccess(reservations, desks);

    private static Caller student(long userId) {
        return new Caller(userId, "s" + userId, Role.STUDENT, null, null);
    }

    private static Caller staff(long userId) {
        return Caller.atDesk(userId, "desk" + userId, Role.STAFF);
    }

    @Test
    void theOwnerSeesAndActsOnTheirReservation() {
        reservations.pending(1, 7, 10, 2, MADE);

        assertThat(access.visibleTo(1, student(7)).getId()).isEqualTo(1L);
        assertThat(access.ownedBy(1, student(7)).getId()).isEqualTo(1L);
    }

    @Test
    void anotherStudentIsToldItDoesNotExist() {
        reservations.pending(1, 7, 10, 2, MADE);

        assertNotFound(() -> access.visibleTo(1, student(8)));
        assertNotFound(() -> access.ownedBy(1, student(8)));
    }

    @Test
    void staffSeeAnyReservationButActOnNoneAsItsOwner() {
        reservations.pending(1, 7, 10, 2, MADE);
        org.mockito.Mockito.when(desks.scope(org.mockito.ArgumentMatchers.any()))
                .thenReturn(DeskScope.ALL);

        assertThat(access.visibleTo(1, staff(30)).getId()).isEqualTo(1L);
        assertThat(access.visibleTo(1, Caller.admin()).getId()).isEqualTo(1L);
        assertNotFound(() -> access.ownedBy(1, staff(30)));
        assertNotFound(() -> access.ownedBy(1, Caller.admin()));
    }

    /** SPEC §21: a desk worker of one venue never sees another venue's bookings; to them they do not exist. */
    @Test
    void aDeskWorkerOfOneVenueIsToldAnotherVenuesBookingDoesNotExist() {
        reservations.pending(1, 7, 10, 2, MADE);
        reservations.pending(2, 8, 11, 2, MADE);
        reservations.venues.put(2L, 3L);
        Caller eastDesk = staff(30);
        org.mockito.Mockito.when(desks.scope(eastDesk)).thenReturn(new DeskScope(java.util.Set.of(1L)));
        org.mockito.Mockito.when(desks.scope(Caller.admin())).thenReturn(DeskScope.ALL);

        assertThat(access.visibleTo(1, eastDesk).getId()).isEqualTo(1L);
        assertNotFound(() -> access.visibleTo(2, eastDesk));
        assertThat(access.visibleTo(2, Caller.admin()).getId()).isEqualTo(2L);
        assertThat(access.visibleTo(2, student(8)).getId())
                .as("its owner, whatever desk")
                .isEqualTo(2L);
    }

    @Test
    void aCompensatedOrMissingReservationExistsForNobody() {
        reservations.pending(1, 7, 10, 2, MADE);
        reservations.change(1, row -> row.setCancelReason(CancelReason.COMPENSATION));

        assertNotFound(() -> access.visibleTo(1, student(7)));
        assertNotFound(() -> access.visibleTo(1, staff(30)));
        assertNotFound(() -> access.visibleTo(99, staff(30)));
    }

    private static void assertNotFound(Runnable call) {
        assertThatThrownBy(call::run)
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.NOT_FOUND));
    }
}
