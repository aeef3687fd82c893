package com.courtrush.attendance;

import static com.courtrush.support.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.lifecycle.Lifecycles;
import com.courtrush.setting.FakeSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.MovingClock;
import com.courtrush.support.fakes.FakeReservations;
import com.courtrush.support.fakes.FakeSlots;
import com.courtrush.venue.api.DeskScope;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.junit.jupiter.api.Test;

/**
 * Check-in at the desk on fakes (SPEC §16): by QR code, short code or search; open from 30 minutes before the
 * slot to its end; paid bookings only; undone within a minute; and a check-in that another desk or the no-show
 * sweep got to first told which it was.
 */
class CheckInsTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 25);
    static final long SLOT = 40;
    static final long STUDENT = 8;

    // 17:40 in the gym: twenty minutes before the slot from 18:00 to 19:00
    final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T09:40:00Z"));
    final FakeReservations reservations = new FakeReservations();
    final FakeSlots slots = new FakeSlots();
    final FakeAttendance attendance = new FakeAttendance(reservations, slots);
    final FakeSettings settings = new FakeSettings();
    final CheckInCodes codes = new CheckInCodes(settings);
    final AuditTrail audit = mock(AuditTrail.class);
    final CheckIns checkIns = new CheckIns(
            attendance, codes, Lifecycles.access(reservations), audit, settings, Lifecycles.everyVenue(), clock);
    final Caller desk = new Caller(900L, "t900", Role.STAFF, null, null);

    CheckInsTest() {
        slots.slot(SLOT, 4, DAY, LocalTime.of(18, 0), LocalTime.of(19, 0), 4, 0);
    }

    LocalDateTime now() {
        return LocalDateTime.now(clock);
    }

    long booking(long id, long userId, boolean paid) {
        attendance.student(userId, "2026" + userId);
        reservations.pending(id, userId, SLOT, 4, now().minusDays(1));
        if (paid) {
            reservations.confirm(id, now());
        }
        return id;
    }

    String qr(long id, long userId) {
        return codes.qrText(id, userId, SLOT);
    }

    @Test
    void aPaidBookingIsCheckedInByItsQrCodeAndAudited() {
        booking(1, STUDENT, true);

        DeskBooking checked = checkIns.scan(qr(1, STUDENT), desk);

        assertThat(checked.getCheckedInTime()).isEqualTo(now());
        assertThat(checked.getCheckedInBy()).isEqualTo("staff:t900");
        assertThat(checked.getCode()).isEqualTo(codes.shortCode(1));
        verify(audit)
                .record(
                        eq("staff:t900"),
                        eq(AuditAction.CHECK_IN),
                        eq(AuditTarget.RESERVATION),
                        eq(1L),
                        any(EngineText.class));
    }

    @Test
    void aShortCodeChecksInToo() {
        booking(1, STUDENT, true);

        assertThat(checkIns.scan(" " + codes.shortCode(1) + " ", desk).getCheckedInTime())
                .isEqualTo(now());
    }

    @Test
    void whatIsNoCodeIsRefusedAndNothingIsCheckedIn() {
        booking(1, STUDENT, true);
        booking(2, STUDENT + 1, true);

        refused(() -> checkIns.scan("  ", desk), Outcome.PARAM_ERROR, "checkIn.code");
        refused(() -> checkIns.scan("x".repeat(129), desk), Outcome.PARAM_ERROR, "checkIn.code");
        refused(() -> checkIns.scan("no such code", desk), Outcome.NOT_FOUND, "checkIn.unknownCode");
        String forged = codes.qrText(1, STUDENT + 1, SLOT); // booking 1's number, signed for someone else
        refused(() -> checkIns.scan(forged, desk), Outcome.NOT_FOUND, "checkIn.unknownCode");
        refused(() -> checkIns.scan(codes.shortCode(77), desk), Outcome.NOT_FOUND, "checkIn.unknownCode");

        assertThat(reservations.row(1).getCheckedInTime()).isNull();
        verify(audit, never())
                .record(anyString(), any(AuditAction.class), any(AuditTarget.class), any(), any(EngineText.class));
    }

    @Test
    void anUnpaidBookingIsNotCheckedInAndShowsNoCodeUntilPaid() {
        booking(1, STUDENT, false);

        refused(() -> checkIns.checkIn(1, desk), Outcome.FAILED, "checkIn.unpaid");
        refused(
                () -> checkIns.codesFor(1, new Caller(STUDENT, "s", Role.STUDENT, null, null)),
                Outcome.FAILED,
                "checkIn.payFirst");
        assertThat(reservations.row(1).getCheckedInTime()).isNull();
    }

    @Test
    void anEndedOrCompensatedBookingIsNotCheckedIn() {
        booking(1, STUDENT, true);
        reservations.cancel(1, ReservationStatus.CONFIRMED, CancelReason.REFUND, null, now());
        booking(2, STUDENT + 1, false);
        reservations.cancel(2, ReservationStatus.PENDING_PAYMENT, CancelReason.COMPENSATION, null, now());

        refused(() -> checkIns.checkIn(1, desk), Outcome.FAILED, "checkIn.ended");
        refused(() -> checkIns.checkIn(2, desk), Outcome.NOT_FOUND, "reservation.notFound");
    }

    @Test
    void theDeskOpensHalfAnHourBeforeTheSlotAndClosesAtItsEnd() {
        booking(1, STUDENT, true);
        clock.move(Duration.ofMinutes(-11)); // 17:29

        refused(() -> checkIns.checkIn(1, desk), Outcome.FAILED, "checkIn.tooEarly");

        clock.move(Duration.ofMinutes(1)); // 17:30
        assertThat(checkIns.checkIn(1, desk).getCheckedInTime()).isEqualTo(now());

        booking(2, STUDENT + 1, true);
        clock.move(Duration.ofMinutes(90)); // 19:00, the slot's end
        refused(() -> checkIns.checkIn(2, desk), Outcome.FAILED, "checkIn.over");
    }

    @Test
    void aBookingIsCheckedInOnce() {
        booking(1, STUDENT, true);
        checkIns.checkIn(1, desk);

        refused(() -> checkIns.checkIn(1, desk), Outcome.FAILED, "checkIn.already");
    }

    @Test
    void anotherDeskCheckingInMeanwhileIsToldAsAlreadyCheckedIn() {
        booking(1, STUDENT, true);
        attendance.beforeNextCheckIn(() -> attendance.checkIn(1, "staff:t901", now()));

        refused(() -> checkIns.checkIn(1, desk), Outcome.FAILED, "checkIn.already");
        assertThat(reservations.row(1).getCheckedInBy()).isEqualTo("staff:t901");
    }

    @Test
    void theNoShowSweepEndingTheBookingMeanwhileIsToldAsEnded() {
        booking(1, STUDENT, true);
        attendance.beforeNextCheckIn(
                () -> reservations.cancel(1, ReservationStatus.CONFIRMED, CancelReason.NO_SHOW, null, now()));

        refused(() -> checkIns.checkIn(1, desk), Outcome.FAILED, "checkIn.ended");
        verify(audit, never())
                .record(anyString(), any(AuditAction.class), any(AuditTarget.class), any(), any(EngineText.class));
    }

    @Test
    void aCheckInIsTakenBackWithinAMinuteOnly() {
        booking(1, STUDENT, true);
        booking(2, STUDENT + 1, true);
        refused(() -> checkIns.undo(1, desk), Outcome.FAILED, "checkIn.notCheckedIn");

        checkIns.checkIn(1, desk);
        checkIns.checkIn(2, desk);
        clock.move(Duration.ofSeconds(59));
        assertThat(checkIns.undo(1, desk).getCheckedInTime()).isNull();

        clock.move(Duration.ofSeconds(2));
        refused(() -> checkIns.undo(2, desk), Outcome.FAILED, "checkIn.undoTooLate");
        assertThat(reservations.row(2).getCheckedInTime()).isNotNull();
    }

    @Test
    void aStudentSeesTheCodesOfTheirPaidBookingOnly() {
        booking(1, STUDENT, true);
        settings.with(SettingKey.NO_SHOW_GRACE_MINUTES, "10");

        CheckIns.StudentCheckIn mine = checkIns.codesFor(1, new Caller(STUDENT, "s", Role.STUDENT, null, null));

        assertThat(mine.code()).isEqualTo(codes.shortCode(1));
        assertThat(mine.qrText()).isEqualTo(qr(1, STUDENT));
        assertThat(mine.validFrom()).isEqualTo(DAY.atTime(17, 30));
        assertThat(mine.validUntil()).isEqualTo(DAY.atTime(19, 0));
        assertThat(mine.noShowAfter()).isEqualTo(DAY.atTime(18, 10));
        refused(
                () -> checkIns.codesFor(1, new Caller(STUDENT + 1, "o", Role.STUDENT, null, null)),
                Outcome.NOT_FOUND,
                "reservation.notFound");
    }

    /** SPEC §21: the day's list is the desk's venues' only, a short code of another venue's booking too. */
    @Test
    void theDaysListHoldsTheDesksVenuesOnly() {
        booking(1, STUDENT, true);
        booking(2, STUDENT + 1, false);
        reservations.venues.put(2L, 3L);
        DeskScope east = new DeskScope(java.util.Set.of(1L));
        assertThat(checkIns.day(DAY, null, east))
                .extracting(DeskBooking::getReservationId)
                .containsExactly(1L);
        assertThat(checkIns.day(DAY, codes.shortCode(2), east)).isEmpty();
    }

    @Test
    void theDaysListIsSearchedByShortCodeOrStudentId() {
        booking(1, STUDENT, true);
        booking(2, STUDENT + 1, false);

        assertThat(checkIns.day(DAY, null, DeskScope.ALL))
                .extracting(DeskBooking::getReservationId)
                .containsExactly(1L, 2L);
        assertThat(checkIns.day(DAY, codes.shortCode(2), DeskScope.ALL))
                .extracting(DeskBooking::getReservationId)
                .containsExactly(2L);
        assertThat(checkIns.day(DAY, "2026" + STUDENT, DeskScope.ALL))
                .extracting(DeskBooking::getReservationId)
                .containsExactly(1L);
        assertThat(checkIns.day(DAY.plusDays(1), codes.shortCode(2), DeskScope.ALL))
                .isEmpty();
        refused(() -> checkIns.day(DAY, "q".repeat(65), DeskScope.ALL), Outcome.PARAM_ERROR, "checkIn.query");
    }
}
