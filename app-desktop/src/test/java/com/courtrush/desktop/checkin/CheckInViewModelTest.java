package com.courtrush.desktop.checkin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentPage;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.api.RunningSlot;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.till.api.DeskChannel;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CheckInViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 25);
    final AttendanceDesk desk = mock(AttendanceDesk.class);
    final StudentDesk students = mock(StudentDesk.class);

    @org.junit.jupiter.api.BeforeEach
    void nobodyIsFacultyUnlessSaid() {
        when(students.list(any(), anyInt(), anyInt())).thenReturn(new StudentPage(List.of(), 0, false));
    }

    final RecordingNotices notices = new RecordingNotices();
    final Caller staff = Caller.atDesk(7, "desk1", Role.STAFF);
    final CheckInViewModel model = new CheckInViewModel(
            desk, students, staff, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), () -> TODAY);

    @Test
    void theDayIsListedWithWhatEachBookingNeedsAndTheGraceInTheHint() {
        when(desk.graceMinutes()).thenReturn(20);
        DeskBookingView withPartners = booking(1, ReservationStatus.CONFIRMED, null, null, "Bob, Cai");
        when(desk.day(TODAY, "", null, staff))
                .thenReturn(List.of(
                        withPartners,
                        booking(2, ReservationStatus.CONFIRMED, null, LocalDateTime.of(TODAY, LocalTime.of(17, 55))),
                        booking(3, ReservationStatus.CANCELLED, CancelReason.NO_SHOW, null)));
        model.refresh();
        assertThat(model.rows())
                .extracting(
                        CheckInViewModel.Row::state, CheckInViewModel.Row::canCheckIn, CheckInViewModel.Row::checkedIn)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("Confirmed", true, false),
                        org.assertj.core.groups.Tuple.tuple("checked in 17:55", false, true),
                        org.assertj.core.groups.Tuple.tuple("no-show", false, false));
        assertThat(model.rows().get(0).time()).isEqualTo("18:00–19:00");
        assertThat(model.rows().get(0).partners())
                .as("who plays with Ann, as the desk sees them")
                .isEqualTo("Bob, Cai");
        assertThat(model.rows().get(1).partners()).isEmpty();
        assertThat(model.hintProperty().get())
                .isEqualTo("Bookings not checked in 20 min after their start become no-shows.");
    }

    /** SPEC §21: a manager picks a venue and the day's list and the running slots are that venue's. */
    @Test
    void aPickedVenuesBookingsAndRunningSlotsAreRead() {
        model.venueProperty().set(3L);
        verify(desk).day(TODAY, "", 3L, staff);
        model.loadRunning();
        verify(desk).running(3L, staff);
    }

    @Test
    void aListLeftOpenOverNightShowsTheNewDayAtItsNextRead() {
        java.util.concurrent.atomic.AtomicReference<LocalDate> clock =
                new java.util.concurrent.atomic.AtomicReference<>(TODAY);
        CheckInViewModel overnight = new CheckInViewModel(
                desk, students, staff, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), clock::get);
        LocalDate next = TODAY.plusDays(1);
        when(desk.day(next, "", null, staff)).thenReturn(List.of(booking(9, ReservationStatus.CONFIRMED, null, null)));
        overnight.refresh();
        verify(desk).day(TODAY, "", null, staff);

        clock.set(next); // midnight passed with the console open on the check-in screen
        overnight.refresh();
        assertThat(overnight.dateProperty().get()).isEqualTo(next);
        verify(desk).day(next, "", null, staff);
        assertThat(overnight.rows())
                .extracting(CheckInViewModel.Row::reservationId)
                .containsExactly(9L);
    }

    @Test
    void aScanChecksInEmptiesTheFieldAndSaysWhoInLargeType() {
        DeskBookingView done =
                booking(1, ReservationStatus.CONFIRMED, null, LocalDateTime.of(TODAY, LocalTime.of(17, 50)));
        when(desk.scan("CI1.1.abc", staff)).thenReturn(done);
        model.scannedProperty().set("  CI1.1.abc \n");
        model.scan();
        assertThat(model.scannedProperty().get()).isEmpty();
        assertThat(model.lastKindProperty().get()).isEqualTo("ok");
        assertThat(model.lastResultProperty().get()).isEqualTo("✓ Checked in: Ann (2024001) · Court 1 18:00–19:00");
    }

    @Test
    void aRefusedScanIsShownWhereTheDeskLooksNotInADialog() {
        when(desk.scan(eq("XYZ"), any()))
                .thenThrow(CourtRushException.conflict("checkIn.already", "2026-11-25 17:50", "Ann", "2024001"));
        model.scannedProperty().set("XYZ");
        model.scan();
        assertThat(model.lastKindProperty().get()).isEqualTo("refused");
        assertThat(model.lastResultProperty().get())
                .isEqualTo("✗ Already checked in at 2026-11-25 17:50: Ann (2024001).");
        assertThat(notices.failures).isEmpty();
        assertThat(model.scannedProperty().get()).isEmpty();
    }

    @Test
    void anEmptyScanAsksNothing() {
        model.scannedProperty().set("   ");
        model.scan();
        verify(desk, never()).scan(any(), any());
    }

    @Test
    void aWalkInIsBookedPaidAndCheckedInAndTheDeskIsToldWhatToTake() {
        RunningSlot slot =
                new RunningSlot(9, 3, 1, "Court 1", TODAY, LocalTime.of(18, 0), LocalTime.of(19, 0), 1, 4, 2500, null);
        when(desk.running(null, staff)).thenReturn(List.of(slot));
        model.loadRunning();
        assertThat(model.running()).containsExactly(slot);
        assertThat(model.describe(slot)).isEqualTo("18:00–19:00 · Court 1 · 1 free · ¥25.00");
        // the price shown is the amount the desk confirms; the channel ticked is the one recorded
        when(desk.walkIn(9, "2024001", DeskChannel.CARD, 2500, staff))
                .thenReturn(
                        booking(5, ReservationStatus.CONFIRMED, null, LocalDateTime.of(TODAY, LocalTime.of(18, 20))));
        model.walkIn(slot, " 2024001 ", DeskChannel.CARD);
        assertThat(model.lastKindProperty().get()).isEqualTo("ok");
        assertThat(model.lastResultProperty().get())
                .isEqualTo("✓ Walk-in booked: take ¥25.00 (Card at the desk) — paid and checked in: Ann (2024001) · "
                        + "Court 1 18:00–19:00");
    }

    /** SPEC §21: a faculty member walking in pays the faculty price, shown in the dialog before the desk takes it. */
    @Test
    void aFacultyWalkInPaysTheFacultyPriceAndOneTheVenueDoesNotTakeIsRefusedBeforeBooking() {
        RunningSlot slot = new RunningSlot(
                9,
                3,
                1,
                "Court 1",
                TODAY,
                LocalTime.of(18, 0),
                LocalTime.of(19, 0),
                1,
                4,
                2500,
                Map.of(Category.STUDENT, 2500, Category.FACULTY, 4000));
        assertThat(model.describe(slot)).isEqualTo("18:00–19:00 · Court 1 · 1 free · ¥25.00 · Faculty ¥40.00");
        when(students.list("T1001", 1, 20))
                .thenReturn(new StudentPage(
                        List.of(new Student(5, "T1001", "Prof Li", Role.STUDENT, true, null, Category.FACULTY)),
                        1,
                        false));
        when(desk.walkIn(9, "T1001", DeskChannel.CASH, 4000, staff))
                .thenReturn(
                        booking(6, ReservationStatus.CONFIRMED, null, LocalDateTime.of(TODAY, LocalTime.of(18, 20))));
        model.walkIn(slot, "T1001", DeskChannel.CASH);
        verify(desk).walkIn(9, "T1001", DeskChannel.CASH, 4000, staff);
        assertThat(model.lastResultProperty().get()).startsWith("✓ Walk-in booked: take ¥40.00 (Cash");

        RunningSlot studentsOnly =
                new RunningSlot(9, 3, 1, "Court 1", TODAY, LocalTime.of(18, 0), LocalTime.of(19, 0), 1, 4, 2500, null);
        model.walkIn(studentsOnly, "T1001", DeskChannel.CASH);
        assertThat(model.lastKindProperty().get()).isEqualTo("refused");
        assertThat(model.lastResultProperty().get()).contains("not booked by");
        verify(desk, never()).walkIn(eq(9L), eq("T1001"), any(), eq(2500), any());
    }

    @Test
    void aRefusedWalkInSaysWhyWhereTheDeskLooks() {
        RunningSlot slot =
                new RunningSlot(9, 3, 1, "Court 1", TODAY, LocalTime.of(18, 0), LocalTime.of(19, 0), 1, 4, 2500, null);
        when(desk.walkIn(eq(9L), eq("2024002"), any(), anyInt(), any()))
                .thenThrow(new CourtRushException(com.courtrush.core.Outcome.OUT_OF_STOCK, "walkIn.full"));
        model.walkIn(slot, "2024002", DeskChannel.CASH);
        assertThat(model.lastKindProperty().get()).isEqualTo("refused");
        assertThat(model.lastResultProperty().get())
                .isEqualTo("✗ Walk-in, student 2024002 · Court 1 18:00–19:00: No free place left in this slot.");
        model.walkIn(slot, "  ", DeskChannel.CASH);
        assertThat(model.lastResultProperty().get()).isEqualTo("✗ Choose a slot and type the student's id.");
        verify(desk, never()).walkIn(eq(9L), eq(""), any(), anyInt(), any());
    }

    /**
     * Issue 76: "✗ Too early…" did not say whose booking the desk had tried to check in. A refusal of a booking of the
     * list says the student, the court and the hours, where the desk looks; so does one of an undo.
     */
    @Test
    void aRefusedCheckInSaysWhoseBookingItWas() {
        when(desk.day(TODAY, "", null, staff)).thenReturn(List.of(booking(1, ReservationStatus.CONFIRMED, null, null)));
        model.refresh();
        when(desk.checkIn(1L, staff)).thenThrow(CourtRushException.conflict("checkIn.tooEarly", "17:30"));
        model.checkIn(model.rows().get(0));
        assertThat(model.lastKindProperty().get()).isEqualTo("refused");
        assertThat(model.lastResultProperty().get())
                .startsWith("✗ Ann (2024001) · Court 1, 2026-11-25 18:00–19:00: ")
                .contains("17:30");
        when(desk.undo(1L, staff)).thenThrow(CourtRushException.conflict("checkIn.tooEarly", "17:30"));
        model.undo(model.rows().get(0));
        assertThat(model.lastResultProperty().get()).startsWith("✗ Ann (2024001) · Court 1, 2026-11-25 18:00–19:00: ");
        assertThat(notices.failures).isEmpty();
    }

    /**
     * Money with a look (issue 52): the amount is shown and confirmed before the payment is taken, for exactly that
     * amount, in cash or (ticked) by card; stepping back takes nothing.
     */
    @Test
    void anUnpaidBookingIsPaidAtTheDeskForTheAmountShownAndCheckedInIfItsTimeHasCome() {
        when(desk.day(TODAY, "", null, staff))
                .thenReturn(List.of(booking(1, ReservationStatus.PENDING_PAYMENT, null, null)));
        model.refresh();
        assertThat(model.rows().get(0).unpaid()).isTrue();
        notices.answer = false;
        model.payAtDesk(model.rows().get(0));
        assertThat(notices.lastStep().action()).isEqualTo("Take ¥20.00");
        assertThat(notices.lastStep().consequence()).contains("¥20.00");
        verify(desk, never()).payAtDesk(eq(1L), anyInt(), any(), any());

        notices.answer = true;
        when(desk.payAtDesk(1, 2000, DeskChannel.CASH, staff))
                .thenReturn(
                        booking(1, ReservationStatus.CONFIRMED, null, LocalDateTime.of(TODAY, LocalTime.of(17, 45))));
        model.payAtDesk(model.rows().get(0));
        assertThat(model.lastResultProperty().get())
                .isEqualTo("✓ Paid at the desk and checked in: Ann (2024001) · Court 1 18:00–19:00");
        notices.option = true;
        when(desk.payAtDesk(1, 2000, DeskChannel.CARD, staff))
                .thenReturn(booking(1, ReservationStatus.CONFIRMED, null, null));
        model.payAtDesk(model.rows().get(0));
        assertThat(model.lastResultProperty().get())
                .isEqualTo("✓ Paid at the desk: Ann (2024001) · Court 1 18:00–19:00");
    }

    static DeskBookingView booking(long id, ReservationStatus status, CancelReason reason, LocalDateTime checkedIn) {
        return booking(id, status, reason, checkedIn, null);
    }

    static DeskBookingView booking(
            long id, ReservationStatus status, CancelReason reason, LocalDateTime checkedIn, String partners) {
        return new DeskBookingView(
                id,
                null,
                null,
                "2024001",
                "Ann",
                status,
                reason,
                TODAY,
                LocalTime.of(18, 0),
                LocalTime.of(19, 0),
                null,
                "Court 1",
                null,
                checkedIn,
                null,
                partners,
                "K7PQRS",
                LocalDateTime.of(TODAY, LocalTime.of(9, 0)),
                2000);
    }
}
