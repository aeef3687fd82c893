package com.courtrush.reserve.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.support.MovingClock;
import com.courtrush.support.fakes.FakePlaceReturns;
import com.courtrush.support.fakes.FakeReservations;
import com.courtrush.support.fakes.FakeSlots;
import com.courtrush.support.fakes.FakeTransactions;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The one way a reservation ends, on fakes (SPEC §7, I1/I3): the compare-and-set, {@code booked − 1}, the end
 * hooks, and the place back in Redis only after the commit and only for the call that ended it — also when a
 * student's cancel and the payment timeout race on two threads.
 */
class ReservationEnderTest {

    static final long SESSION = 3;
    static final long SLOT = 30;
    static final long STUDENT = 7;

    final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T02:00:00Z"));
    final FakeReservations reservations = new FakeReservations();
    final FakeSlots slots = new FakeSlots();
    final FakePlaceReturns places = new FakePlaceReturns();
    final FakeTransactions transactions = new FakeTransactions(reservations, slots);
    final List<String> hooked = new ArrayList<>();
    final ReservationEnder ender = new ReservationEnder(
            reservations,
            slots,
            places,
            List.of((reservation, reason, note) -> hooked.add(reservation.getId() + ":" + reason + ":" + note)),
            clock);
    final ReservationCancellation cancellation = new ReservationCancellation(
            reservations, Lifecycles.access(reservations), ender, transactions.template(), mock(AuditTrail.class));
    final ExecutorService threads = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        threads.shutdownNow();
    }

    LocalDateTime now() {
        return LocalDateTime.now(clock);
    }

    {
        slots.slot(SLOT, SESSION, LocalDate.of(2026, 11, 26), LocalTime.of(18, 0), LocalTime.of(19, 0), 100, 0);
    }

    Reservation booked(long id, long userId) {
        slots.book(SLOT);
        places.held(SLOT, userId);
        return reservations.pending(id, userId, SLOT, SESSION, now().minusMinutes(20));
    }

    static Caller student(long userId) {
        return new Caller(userId, "s" + userId, Role.STUDENT, null, null);
    }

    @Test
    void anEndChangesTheRowInItsTransactionAndGivesThePlaceBackOnlyAfterTheCommit() {
        Reservation row = booked(1, STUDENT);

        boolean ended = transactions.inTransaction(() -> {
            boolean result = ender.end(row, ReservationStatus.PENDING_PAYMENT, CancelReason.STAFF, "court flooded");
            assertThat(places.calls())
                    .as("Redis is not touched before the commit")
                    .isZero();
            assertThat(slots.booked(SLOT)).isZero();
            return result;
        });

        assertThat(ended).isTrue();
        Reservation after = reservations.row(1);
        assertThat(after.getStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(after.getCancelReason()).isEqualTo(CancelReason.STAFF);
        assertThat(after.getHolderId()).isNull();
        assertThat(after.getNote()).isEqualTo("court flooded");
        assertThat(after.getUpdateTime()).isEqualTo(now());
        assertThat(hooked).containsExactly("1:STAFF:court flooded");
        assertThat(places.returned(SLOT)).isEqualTo(1);
    }

    @Test
    void anEndOutsideATransactionIsRefusedAndChangesNothing() {
        Reservation row = booked(1, STUDENT);

        assertThatThrownBy(() -> ender.end(row, ReservationStatus.PENDING_PAYMENT, CancelReason.USER, null))
                .isInstanceOf(IllegalStateException.class);

        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
        assertThat(slots.booked(SLOT)).isEqualTo(1);
        assertThat(places.calls()).isZero();
    }

    @Test
    void aRolledBackEndGivesNoPlaceBack() {
        Reservation row = booked(1, STUDENT);

        assertThatThrownBy(() -> transactions.inTransaction(() -> {
                    ender.end(row, ReservationStatus.PENDING_PAYMENT, CancelReason.USER, null);
                    throw new IllegalStateException("a later statement of the same transaction failed");
                }))
                .isInstanceOf(IllegalStateException.class);

        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
        assertThat(slots.booked(SLOT)).isEqualTo(1);
        assertThat(places.calls()).as("nothing after a rollback").isZero();
    }

    @Test
    void anEndThatFindsTheStatusChangedMeanwhileEndsNothing() {
        Reservation stale = booked(1, STUDENT);
        transactions.inTransaction(() -> reservations.confirm(1, now()));

        boolean ended = transactions.inTransaction(
                () -> ender.end(stale, ReservationStatus.PENDING_PAYMENT, CancelReason.TIMEOUT, null));

        assertThat(ended).isFalse();
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(slots.booked(SLOT)).isEqualTo(1);
        assertThat(hooked).isEmpty();
        assertThat(places.calls()).isZero();
    }

    @Test
    void aLongNoteIsKeptToItsColumnsWidth() {
        Reservation row = booked(1, STUDENT);
        String note = "x".repeat(300);

        transactions.inTransaction(() -> ender.end(row, ReservationStatus.PENDING_PAYMENT, CancelReason.STAFF, note));

        assertThat(reservations.row(1).getNote()).hasSize(255);
        assertThat(hooked).containsExactly("1:STAFF:" + "x".repeat(255));
    }

    @Test
    void aPlaceRedisCannotTakeBackLeavesTheEndCommitted() {
        Reservation row = booked(1, STUDENT);
        places.failWith(new IllegalStateException("Redis is down"));

        boolean ended = transactions.inTransaction(
                () -> ender.end(row, ReservationStatus.PENDING_PAYMENT, CancelReason.USER, null));

        assertThat(ended).isTrue();
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(transactions.commits()).isEqualTo(1);
        assertThat(places.calls()).isEqualTo(1);
    }

    @Test
    void theTimeoutAfterAStudentsCancelEndsNothingAndTheStudentAfterTheTimeoutIsTold() {
        booked(1, STUDENT);
        booked(2, STUDENT + 1);

        cancellation.cancelByOwner(1, student(STUDENT));
        assertThat(cancellation.timeOut(1, now(), 15)).isFalse();

        assertThat(cancellation.timeOut(2, now(), 15)).isTrue();
        assertThatThrownBy(() -> cancellation.cancelByOwner(2, student(STUDENT + 1)))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.key()).isEqualTo("cancel.already"));

        assertThat(reservations.row(1).getCancelReason()).isEqualTo(CancelReason.USER);
        assertThat(reservations.row(2).getCancelReason()).isEqualTo(CancelReason.TIMEOUT);
        assertThat(places.calls()).as("one release per booking").isEqualTo(2);
        assertThat(places.returned(SLOT)).isEqualTo(2);
        assertThat(slots.booked(SLOT)).isZero();
    }

    @Test
    void aPaidReservationIsNotCancelledButRefunded() {
        booked(1, STUDENT);
        transactions.inTransaction(() -> reservations.confirm(1, now()));

        assertThatThrownBy(() -> cancellation.cancelByOwner(1, student(STUDENT)))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.key()).isEqualTo("cancel.paid"));
        assertThat(places.calls()).isZero();
    }

    @Test
    void aYoungUnpaidReservationTimesOutAtItsSlotsStartAndAPaidOneDoesNot() {
        booked(1, STUDENT);
        booked(2, STUDENT + 1);
        transactions.inTransaction(() -> reservations.confirm(2, now()));

        assertThat(cancellation.timeOutAtStart(1)).isTrue();
        assertThat(cancellation.timeOutAtStart(1)).as("once").isFalse();
        assertThat(cancellation.timeOutAtStart(2)).isFalse();

        assertThat(reservations.row(1).getCancelReason()).isEqualTo(CancelReason.TIMEOUT);
        assertThat(reservations.row(2).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(hooked).containsExactly("1:TIMEOUT:not paid by the slot's start");
    }

    @Test
    void aReservationNotDueYetDoesNotTimeOut() {
        booked(1, STUDENT);
        reservations.change(1, row -> row.setPayBy(now().plusSeconds(1)));

        assertThat(cancellation.timeOut(1, now(), 15)).isFalse();

        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
        assertThat(places.calls()).isZero();
    }

    /**
     * Issue 74: a booking times out by the deadline it was given when won, whatever the payment timeout is set to
     * since — longer, it is not kept waiting past its WeChat Pay order's expiry; shorter, it is not cut short. A row
     * an older engine wrote without its deadline is read as its creation + the timeout set now.
     */
    @Test
    void aReservationTimesOutByTheDeadlineItWasGivenWhateverTheTimeoutIsSetToSince() {
        booked(1, STUDENT); // 20 minutes ago, to be paid within 15: due 5 minutes ago
        booked(2, STUDENT + 1);
        reservations.change(2, row -> row.setPayBy(now().plusMinutes(10))); // given 30 minutes
        booked(3, STUDENT + 2);
        reservations.change(3, row -> row.setPayBy(null)); // written by an older engine

        assertThat(cancellation.timeOut(1, now(), 30))
                .as("the timeout raised to 30 since")
                .isTrue();
        assertThat(cancellation.timeOut(2, now(), 2))
                .as("the timeout lowered to 2 since")
                .isFalse();
        assertThat(cancellation.timeOut(3, now(), 30))
                .as("no deadline kept: 20 of 30 minutes")
                .isFalse();
        assertThat(cancellation.timeOut(3, now(), 19))
                .as("no deadline kept: 20 of 19 minutes")
                .isTrue();

        assertThat(reservations.row(2).getStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
        assertThat(hooked)
                .as("each said with the window it was given")
                .containsExactly("1:TIMEOUT:not paid within 15 min", "3:TIMEOUT:not paid within 19 min");
    }

    @Test
    void aCancelAndThePaymentTimeoutRacingOnTwoThreadsEndTheReservationOnce() throws Exception {
        for (long id = 1; id <= 40; id++) {
            long userId = 100 + id;
            Reservation row = booked(id, userId);
            int bookedBefore = slots.booked(SLOT);
            int returnedBefore = places.returned(SLOT);
            int callsBefore = places.calls();
            CyclicBarrier bothRead = new CyclicBarrier(2);
            // each path has read the row as PENDING_PAYMENT before either ends it
            CompletableFuture<Boolean> cancel = CompletableFuture.supplyAsync(
                    () -> transactions.inTransaction(() -> {
                        await(bothRead);
                        return ender.end(row, ReservationStatus.PENDING_PAYMENT, CancelReason.USER, null);
                    }),
                    threads);
            CompletableFuture<Boolean> timeout = CompletableFuture.supplyAsync(
                    () -> transactions.inTransaction(() -> {
                        await(bothRead);
                        return ender.end(row, ReservationStatus.PENDING_PAYMENT, CancelReason.TIMEOUT, "15 min");
                    }),
                    threads);

            assertThat(List.of(cancel.get(), timeout.get())).containsExactlyInAnyOrder(true, false);
            assertThat(slots.booked(SLOT)).as("booked − 1 once").isEqualTo(bookedBefore - 1);
            assertThat(places.calls() - callsBefore).as("one release asked").isEqualTo(1);
            assertThat(places.returned(SLOT) - returnedBefore)
                    .as("one place back")
                    .isEqualTo(1);
            assertThat(reservations.row(id).getCancelReason())
                    .isEqualTo(cancel.get() ? CancelReason.USER : CancelReason.TIMEOUT);
        }
        assertThat(hooked).hasSize(40);
    }

    static void await(CyclicBarrier barrier) {
        try {
            barrier.await(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
