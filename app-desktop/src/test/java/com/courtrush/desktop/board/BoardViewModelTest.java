package com.courtrush.desktop.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentPage;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.desk.TillDesk;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The board's view model (issue 52), without a window: the layout, what each cell says, and its actions. */
class BoardViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 27);
    static final LocalDateTime NOW = TODAY.atTime(18, 20);

    final AttendanceDesk attendance = mock(AttendanceDesk.class);
    final PaymentDesk payments = mock(PaymentDesk.class);
    final TillDesk till = mock(TillDesk.class);
    final StudentDesk students = mock(StudentDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller staff = Caller.atDesk(7, "d01", Role.STAFF);
    final BoardViewModel model = new BoardViewModel(
            attendance,
            payments,
            mock(ReservationDesk.class),
            till,
            students,
            staff,
            new DirectUiTasks(notices),
            notices,
            I18n.of(I18n.ENGLISH),
            () -> TODAY);

    static DeskBookingView booking(
            long id,
            long slotId,
            LocalTime start,
            ReservationStatus status,
            CancelReason reason,
            LocalDateTime checkedIn,
            LocalDateTime booked,
            String partners) {
        return new DeskBookingView(
                id,
                id + 100,
                slotId,
                "2024" + id,
                "Student " + id,
                status,
                reason,
                TODAY,
                start,
                start.plusHours(1),
                1L,
                "Court 1",
                null,
                checkedIn,
                null,
                partners,
                "K7PQ" + id,
                booked,
                2000);
    }

    static DeskBoard.Cell cell(long slotId, long courtId, LocalTime start, int capacity, DeskBookingView... held) {
        long active = List.of(held).stream().filter(DeskBookingView::active).count();
        boolean running = !TODAY.atTime(start).isAfter(NOW) && NOW.isBefore(TODAY.atTime(start.plusHours(1)));
        boolean ended = !NOW.isBefore(TODAY.atTime(start.plusHours(1)));
        return new DeskBoard.Cell(
                slotId,
                9,
                courtId,
                start,
                start.plusHours(1),
                capacity,
                (int) (capacity - active),
                2000,
                running,
                ended,
                List.of(held));
    }

    /** Two courts, 17:00–20:00: every state a booking can be in, a free running slot, a two-place slot. */
    DeskBoard board() {
        LocalTime five = LocalTime.of(17, 0);
        LocalTime six = LocalTime.of(18, 0);
        LocalTime seven = LocalTime.of(19, 0);
        return new DeskBoard(
                TODAY,
                NOW,
                List.of(new DeskBoard.Court(1, "Court 1"), new DeskBoard.Court(2, "Court 2")),
                List.of(five, six, seven, LocalTime.of(20, 0)),
                List.of(
                        cell(
                                11,
                                1,
                                five,
                                1,
                                booking(
                                        1,
                                        11,
                                        five,
                                        ReservationStatus.CANCELLED,
                                        CancelReason.NO_SHOW,
                                        null,
                                        NOW.minusDays(1),
                                        null)),
                        cell(
                                12,
                                1,
                                six,
                                1,
                                booking(
                                        2,
                                        12,
                                        six,
                                        ReservationStatus.CONFIRMED,
                                        null,
                                        NOW.minusMinutes(25),
                                        NOW.minusDays(1),
                                        "Bea, Cy")),
                        cell(
                                13,
                                1,
                                seven,
                                1,
                                booking(
                                        3,
                                        13,
                                        seven,
                                        ReservationStatus.PENDING_PAYMENT,
                                        null,
                                        null,
                                        NOW.minusHours(2),
                                        null)),
                        cell(21, 2, five, 1),
                        cell(
                                22,
                                2,
                                six,
                                2,
                                booking(
                                        4,
                                        22,
                                        six,
                                        ReservationStatus.CONFIRMED,
                                        null,
                                        NOW.minusMinutes(5),
                                        NOW.minusMinutes(6),
                                        null)),
                        cell(
                                23,
                                2,
                                seven,
                                1,
                                booking(
                                        5,
                                        23,
                                        seven,
                                        ReservationStatus.CONFIRMED,
                                        null,
                                        null,
                                        NOW.minusDays(1),
                                        null))));
    }

    @Test
    void theBoardIsCourtsDownTheSideHoursAcrossEachCellSayingHowItsBookingsStand() {
        model.apply(board());
        assertThat(model.courts()).containsExactly("Court 1", "Court 2");
        assertThat(model.hours()).containsExactly(LocalTime.of(17, 0), LocalTime.of(18, 0), LocalTime.of(19, 0));
        assertThat(model.cells()).hasSize(6);
        BoardViewModel.Cell noShow = at(0, 0);
        assertThat(noShow.look()).isEqualTo(BoardViewModel.Look.NO_SHOW);
        assertThat(noShow.title()).isEqualTo("Student 1");
        assertThat(noShow.detail()).isEqualTo("No-show");
        BoardViewModel.Cell checkedIn = at(0, 1);
        assertThat(checkedIn.look()).isEqualTo(BoardViewModel.Look.CHECKED_IN);
        assertThat(checkedIn.detail()).isEqualTo("In 17:55\nBea, Cy");
        assertThat(checkedIn.tooltip()).contains("Student 2 (20242)").contains("Bea, Cy");
        assertThat(at(0, 2).look()).isEqualTo(BoardViewModel.Look.UNPAID);
        assertThat(at(0, 2).detail()).isEqualTo("Unpaid");
        BoardViewModel.Cell free = at(1, 0);
        assertThat(free.look()).isEqualTo(BoardViewModel.Look.PAST);
        assertThat(free.takesWalkIn()).isFalse();
        BoardViewModel.Cell walkIn = at(1, 1);
        assertThat(walkIn.look()).isEqualTo(BoardViewModel.Look.WALK_IN);
        assertThat(walkIn.detail()).isEqualTo("Walk-in\n1 of 2 free");
        assertThat(walkIn.takesWalkIn()).as("a running slot's free place").isTrue();
        assertThat(at(1, 2).look()).isEqualTo(BoardViewModel.Look.PAID);
        assertThat(at(1, 2).takesWalkIn()).as("never a slot not yet started").isFalse();
    }

    /** Money with a look: the amount shown and confirmed is the amount taken, in cash or by card; no answer, nothing. */
    @Test
    void aSlotAClassHoldsSaysSoWithTheClassAndTakesNoWalkIn() {
        LocalTime six = LocalTime.of(18, 0);
        DeskBoard.Cell held = new DeskBoard.Cell(
                31, 9, 1, six, six.plusHours(1), 1, 0, 2000, false, false, List.of(), "PE 1 badminton", null);
        model.apply(new DeskBoard(TODAY, NOW, List.of(new DeskBoard.Court(1, "Court 1")), List.of(six), List.of(held)));
        BoardViewModel.Cell cell = at(0, 0);
        assertThat(cell.look()).isEqualTo(BoardViewModel.Look.HELD);
        assertThat(cell.title()).isEqualTo("Class or team");
        assertThat(cell.detail()).isEqualTo("PE 1 badminton");
        assertThat(cell.tooltip()).contains("18:00–19:00").contains("PE 1 badminton");
        assertThat(cell.takesWalkIn()).isFalse();
    }

    @Test
    void takingAPaymentShowsItsAmountAndTakesExactlyThatInTheChannelChosen() {
        model.apply(board());
        DeskBookingView unpaid = at(0, 2).active().get(0);
        notices.answer = false;
        model.actions().payAtDesk(unpaid);
        assertThat(notices.lastStep().action()).isEqualTo("Take ¥20.00");
        assertThat(notices.lastStep().target()).contains("Student 3").contains("Court 1");
        verify(attendance, never()).payAtDesk(eq(3L), anyInt(), any(), any());

        notices.answer = true;
        notices.option = true;
        when(attendance.payAtDesk(3, 2000, DeskChannel.CARD, staff)).thenReturn(unpaid);
        when(attendance.board(TODAY, null, staff)).thenReturn(board());
        model.actions().payAtDesk(unpaid);
        verify(attendance).payAtDesk(3, 2000, DeskChannel.CARD, staff);
        assertThat(notices.infos).last().asString().startsWith("¥20.00 (Card at the desk) taken");
    }

    /** A check-in the engine refuses (too early) is told under the booking it was for, not a button's label. */
    @Test
    void aRefusedCheckInIsToldUnderTheBookingItWasFor() {
        model.apply(board());
        DeskBookingView unpaid = at(0, 2).active().get(0);
        when(attendance.checkIn(3L, staff)).thenThrow(CourtRushException.conflict("checkIn.tooEarly", "17:30"));
        model.actions().checkIn(unpaid);
        assertThat(notices.failedWhat).last().asString().startsWith("Check in ").contains("Student 3", "Court 1");
    }

    @Test
    void aWalkInGoesOnlyIntoAFreePlaceOfASlotRunningNow() {
        model.apply(board());
        model.actions().walkIn(at(1, 2).slot(), TODAY, "2024009"); // not started yet
        model.actions().walkIn(at(1, 1).slot(), TODAY, " "); // no student
        verify(attendance, never()).walkIn(anyLong(), any(), any(), anyInt(), any());
        int shown = at(1, 1).slot().priceCents();
        when(attendance.walkIn(eq(22L), eq("2024009"), eq(DeskChannel.CASH), eq(shown), eq(staff)))
                .thenReturn(at(1, 1).active().get(0));
        when(attendance.board(TODAY, null, staff)).thenReturn(board());
        when(students.list("2024009", 1, 20)).thenReturn(new StudentPage(List.of(student("2024009", "马刚")), 1, false));
        model.actions().walkIn(at(1, 1).slot(), TODAY, "2024009");
        verify(attendance).walkIn(22L, "2024009", DeskChannel.CASH, shown, staff);
    }

    /** SPEC §21: a faculty member walking in is asked for, and pays, the faculty price of the slot. */
    @Test
    void aFacultyWalkInIsAskedTheFacultyPrice() {
        LocalTime six = LocalTime.of(18, 0);
        DeskBoard.Cell running = new DeskBoard.Cell(
                41,
                9,
                1,
                six,
                six.plusHours(1),
                2,
                2,
                2000,
                true,
                false,
                List.of(),
                null,
                java.util.Map.of(
                        com.courtrush.account.api.Category.STUDENT,
                        2000,
                        com.courtrush.account.api.Category.FACULTY,
                        3500));
        model.apply(
                new DeskBoard(TODAY, NOW, List.of(new DeskBoard.Court(1, "Court 1")), List.of(six), List.of(running)));
        when(students.list("T1001", 1, 20))
                .thenReturn(new StudentPage(
                        List.of(new Student(
                                5,
                                "T1001",
                                "Prof Li",
                                Role.STUDENT,
                                true,
                                NOW,
                                com.courtrush.account.api.Category.FACULTY)),
                        1,
                        false));
        notices.answer = true;
        when(attendance.walkIn(41L, "T1001", DeskChannel.CASH, 3500, staff))
                .thenReturn(booking(8, 41, six, ReservationStatus.CONFIRMED, null, NOW, NOW, null));
        when(attendance.board(TODAY, null, staff))
                .thenReturn(new DeskBoard(TODAY, NOW, List.of(), List.of(), List.of()));
        model.actions().walkIn(running, TODAY, "T1001");
        assertThat(notices.lastStep().action()).isEqualTo("Take ¥35.00");
        verify(attendance).walkIn(41L, "T1001", DeskChannel.CASH, 3500, staff);
    }

    static Student student(String id, String name) {
        return new Student(9, id, name, Role.STUDENT, true, NOW);
    }

    /**
     * Issue 76: the walk-in's question said only "Student 2024009, 18:00–19:00". It names the student as the list has
     * them, the court and the hours, as taking a booking's payment does; an id nobody has is told before anything.
     */
    @Test
    void aWalkInsQuestionNamesTheStudentTheCourtAndTheHours() {
        model.apply(board());
        notices.answer = false;
        when(students.list("2024009", 1, 20))
                .thenReturn(new StudentPage(
                        List.of(student("20240091", "Someone else"), student("2024009", "马刚")), 2, false));
        model.actions().walkIn(at(1, 1).slot(), TODAY, "2024009");
        assertThat(notices.lastStep().target()).isEqualTo("马刚 (2024009) · Court 2, 2026-11-27 18:00–19:00");

        when(students.list("2099999", 1, 20)).thenReturn(new StudentPage(List.of(), 0, false));
        model.actions().walkIn(at(1, 1).slot(), TODAY, "2099999");
        assertThat(notices.steps).hasSize(1);
        assertThat(notices.lastFailureMessage()).contains("2099999");
        verify(attendance, never()).walkIn(anyLong(), any(), any(), anyInt(), any());
    }

    /**
     * Issue 76: a card payment's refund asked the desk to hand cash back. The question and the answer follow how the
     * student paid — the desk's receipt says cash or card; an online payment goes back to WeChat Pay — and name whose
     * booking it is.
     */
    @Test
    void aRefundIsToldInTheWordsOfHowTheStudentPaid() {
        model.apply(board());
        DeskBookingView paid = at(1, 2).active().get(0);
        notices.answer = false;
        for (String channel : List.of("CARD", "CASH", "WECHAT")) {
            boolean atDesk = !channel.equals("WECHAT");
            when(payments.details(eq(5L), any(), any())).thenReturn(details(atDesk ? "DESK" : "WECHAT"));
            when(till.receiptsOf(eq(5L), any()))
                    .thenReturn(atDesk ? List.of(receipt(DeskChannel.valueOf(channel))) : List.of());
            model.actions().refund(paid);
            String said = notices.lastStep().consequence();
            assertThat(notices.lastStep().target()).contains("Student 5 (20245)", "Court 1", "19:00–20:00");
            switch (channel) {
                case "CARD" ->
                    assertThat(said).contains("by card", "card terminal").doesNotContain("cash");
                case "CASH" -> assertThat(said).contains("in cash").doesNotContain("card");
                default -> assertThat(said).contains("WeChat Pay").doesNotContain("desk");
            }
        }
        notices.answer = true;
        when(payments.details(eq(5L), any(), any())).thenReturn(details("DESK"));
        when(till.receiptsOf(eq(5L), any())).thenReturn(List.of(receipt(DeskChannel.CASH)));
        when(payments.refund(eq(5L), eq(staff), any(), eq(false)))
                .thenReturn(new Refunded(
                        5,
                        ReservationStatus.CANCELLED,
                        PayOrderStatus.REFUNDED,
                        "t5",
                        2000,
                        false,
                        true,
                        "r5",
                        RefundStatus.SUCCESS,
                        2000));
        when(attendance.board(TODAY, null, staff)).thenReturn(board());
        model.actions().refund(paid);
        assertThat(notices.infos)
                .last()
                .asString()
                .startsWith("Hand ¥20.00 back to the student in cash now: Student 5 (20245)");
    }

    static ReservationDetailsView details(String channel) {
        PayOrderView order = new PayOrderView(
                1L, "CR5", 5L, channel, 2000, PayOrderStatus.SUCCESS, null, null, NOW, null, null, null, 0, NOW, NOW);
        return new ReservationDetailsView(
                null, null, "Court 2", "20245", "Student 5", List.of(order), List.of(), List.of());
    }

    static ReceiptView receipt(DeskChannel channel) {
        return new ReceiptView(
                "R1",
                "PAYMENT",
                "Gym",
                5,
                "CR5",
                null,
                channel,
                2000,
                "staff:d01",
                "Dee",
                NOW,
                "20245",
                "Student 5",
                "Court 2",
                TODAY,
                LocalTime.of(19, 0),
                LocalTime.of(20, 0),
                1,
                null,
                null);
    }

    /** "马刚 等1人" was said of a cell of two: 等N人 counts everyone, the first named among them. */
    @Test
    void aCellOfTwoBookingsSaysTwoInAllInChineseAndOneMoreInEnglish() {
        DeskBookingView first = booking(7, 22, LocalTime.of(18, 0), ReservationStatus.CONFIRMED, null, null, NOW, null);
        DeskBookingView second =
                booking(8, 22, LocalTime.of(18, 0), ReservationStatus.CONFIRMED, null, null, NOW, null);
        DeskBoard two = new DeskBoard(
                TODAY,
                NOW,
                board().courts(),
                board().hours(),
                List.of(cell(22, 2, LocalTime.of(18, 0), 2, first, second)));
        model.apply(two);
        assertThat(titleOf(model)).isEqualTo("Student 7 +1");
        BoardViewModel chinese = new BoardViewModel(
                attendance,
                payments,
                mock(ReservationDesk.class),
                till,
                students,
                staff,
                new DirectUiTasks(notices),
                notices,
                I18n.of(I18n.CHINESE),
                () -> TODAY);
        chinese.apply(two);
        assertThat(titleOf(chinese)).isEqualTo("Student 7 等2人");
    }

    static String titleOf(BoardViewModel board) {
        return board.cells().stream()
                .filter(c -> c.slot() != null)
                .findFirst()
                .orElseThrow()
                .title();
    }

    /**
     * "找到 1 条" stayed after that booking was refunded: what the search shows is looked for again whenever the board
     * changes, among the same days, and a single find says whose booking it is and how it stands now.
     */
    @Test
    void whatTheSearchFoundFollowsTheBoard() {
        ReservationRow paid = row(ReservationStatus.CONFIRMED);
        when(attendance.search(
                        eq("马刚"),
                        any(),
                        eq(TODAY.minusDays(3)),
                        eq(TODAY.plusDays(3)),
                        any(),
                        anyInt(),
                        anyInt(),
                        any()))
                .thenReturn(new ReservationPage(List.of(paid), 1, false));
        model.apply(board());
        model.queryProperty().set("马刚");
        model.search();
        assertThat(model.foundTextProperty().get())
                .isEqualTo("Found: 马刚 (20245) · 2026-11-27 19:00–20:00 · Court 2 · Confirmed");

        when(attendance.search(
                        eq("马刚"),
                        any(),
                        eq(TODAY.minusDays(3)),
                        eq(TODAY.plusDays(3)),
                        any(),
                        anyInt(),
                        anyInt(),
                        any()))
                .thenReturn(new ReservationPage(List.of(row(ReservationStatus.CANCELLED)), 1, false));
        DeskBoard read = board();
        DeskBoard refunded = new DeskBoard(
                TODAY,
                NOW,
                read.courts(),
                read.hours(),
                read.slots().stream()
                        .map(c -> c.slotId() == 23 ? cell(23, 2, LocalTime.of(19, 0), 1) : c)
                        .toList());
        model.apply(refunded);
        assertThat(model.foundTextProperty().get())
                .as("the booking refunded: no longer found among what is played")
                .isEqualTo("Nothing played 2026-11-24 to 2026-11-30 matches \"马刚\"");
    }

    static ReservationRow row(ReservationStatus status) {
        return new ReservationRow(
                5,
                "t5",
                105,
                "20245",
                23,
                9,
                status,
                status == ReservationStatus.CANCELLED ? CancelReason.REFUND : null,
                NOW,
                TODAY,
                LocalTime.of(19, 0),
                LocalTime.of(20, 0),
                "Court 2",
                "马刚",
                2000);
    }

    /** One search box: one booking found turns the board to its day and marks its cell; none found says so. */
    @Test
    void aBookingFoundByWhatTheStudentSaysIsShownOnTheBoard() {
        DeskBoard tomorrow = new DeskBoard(
                TODAY.plusDays(1),
                NOW,
                board().courts(),
                board().hours(),
                List.of(cell(
                        31,
                        1,
                        LocalTime.of(18, 0),
                        1,
                        booking(6, 31, LocalTime.of(18, 0), ReservationStatus.CONFIRMED, null, null, NOW, null))));
        when(attendance.board(TODAY.plusDays(1), null, staff)).thenReturn(tomorrow);
        ReservationRow row = new ReservationRow(
                6,
                "t6",
                106,
                "20246",
                31,
                9,
                ReservationStatus.CONFIRMED,
                null,
                NOW,
                TODAY.plusDays(1),
                LocalTime.of(18, 0),
                LocalTime.of(19, 0),
                "Court 1",
                "马刚",
                2000);
        when(attendance.search(
                        eq("马刚"),
                        any(),
                        eq(TODAY.minusDays(3)),
                        eq(TODAY.plusDays(3)),
                        any(),
                        anyInt(),
                        anyInt(),
                        any()))
                .thenReturn(new ReservationPage(List.of(row), 1, false));
        model.queryProperty().set(" 马刚 ");
        model.search();
        assertThat(model.dateProperty().get()).isEqualTo(TODAY.plusDays(1));
        assertThat(model.highlightedCell())
                .hasValueSatisfying(found -> assertThat(found.slot().slotId()).isEqualTo(31));

        when(attendance.search(eq("nobody"), any(), any(), any(), any(), anyInt(), anyInt(), any()))
                .thenReturn(new ReservationPage(List.of(), 0, false));
        model.queryProperty().set("nobody");
        model.search();
        assertThat(model.foundTextProperty().get())
                .isEqualTo("Nothing played 2026-11-25 to 2026-12-01 matches \"nobody\"");
    }

    private BoardViewModel.Cell at(int row, int column) {
        return model.cells().stream()
                .filter(cell -> cell.row() == row && cell.column() == column)
                .findFirst()
                .orElseThrow();
    }
}
