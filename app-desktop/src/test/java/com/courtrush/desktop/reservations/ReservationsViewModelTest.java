package com.courtrush.desktop.reservations;

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
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.till.api.DeskChannel;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

class ReservationsViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);
    final ReservationDesk reservations = mock(ReservationDesk.class);
    final PaymentDesk payments = mock(PaymentDesk.class);
    final OpeningDesk openings = mock(OpeningDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller staff = Caller.atDesk(7, "tester", Role.STAFF);
    final AttendanceDesk attendance = mock(AttendanceDesk.class);
    final com.courtrush.till.desk.TillDesk till = mock(com.courtrush.till.desk.TillDesk.class);
    final ReservationsViewModel model = new ReservationsViewModel(
            reservations,
            payments,
            openings,
            mock(CourtDesk.class),
            attendance,
            till,
            new DirectUiTasks(notices),
            notices,
            I18n.of(I18n.ENGLISH),
            staff,
            TODAY);

    static ReservationRow row(long id, ReservationStatus status) {
        return new ReservationRow(
                id,
                "trace" + id,
                3,
                "2024001",
                9,
                4,
                status,
                null,
                null,
                TODAY,
                LocalTime.of(8, 0),
                LocalTime.of(9, 0),
                "A",
                "Ann",
                2000);
    }

    @Test
    void theFiltersBecomeTheQueryAndCompensatedAttemptsAreLeftOut() {
        when(reservations.find(any(), anyInt(), anyInt(), any()))
                .thenReturn(new ReservationPage(List.of(row(1, ReservationStatus.CONFIRMED)), 1, false));
        model.courtProperty().set(new ReservationsViewModel.CourtFilter(5, "A"));
        model.statusProperty().set(ReservationStatus.CONFIRMED);
        model.search();
        ArgumentCaptor<ReservationFilter> filter = ArgumentCaptor.captor();
        verify(reservations).find(filter.capture(), eq(1), eq(ReservationsViewModel.PAGE_SIZE), eq(staff));
        assertThat(filter.getValue())
                .isEqualTo(
                        new ReservationFilter(null, null, null, ReservationStatus.CONFIRMED, TODAY, 5L, null, false));
        assertThat(model.rows()).hasSize(1);
        assertThat(model.totalProperty().get()).isEqualTo(1);
        assertThat(model.totalTextProperty().get()).isEqualTo("1 found");
    }

    /**
     * What a student says or shows — a name or part of it, a student id, an order number or its last digits, a code —
     * is the desk's one search (issue 52: "马刚" found nothing), among the bookings of the days around the date set.
     */
    @Test
    void whatAStudentSaysIsLookedForAroundTheDate() {
        when(attendance.search(any(), any(), any(), any(), any(), anyInt(), anyInt(), any()))
                .thenReturn(new ReservationPage(List.of(row(1, ReservationStatus.CONFIRMED)), 1, false));
        model.courtProperty().set(new ReservationsViewModel.CourtFilter(5, "A"));
        model.studentProperty().set(" 马刚 ");
        model.search();
        verify(attendance)
                .search(
                        "马刚",
                        null,
                        TODAY.minusDays(ReservationFilter.SEARCH_DAYS),
                        TODAY.plusDays(ReservationFilter.SEARCH_DAYS),
                        5L,
                        1,
                        ReservationsViewModel.PAGE_SIZE,
                        staff);
        assertThat(model.rows()).hasSize(1);
        assertThat(model.totalTextProperty().get())
                .isEqualTo("1 found, played " + TODAY.minusDays(3) + " to " + TODAY.plusDays(3));

        // no date set: around today
        model.dateProperty().set(null);
        model.studentProperty().set("0001");
        model.search();
        verify(attendance)
                .search(
                        "0001",
                        null,
                        TODAY.minusDays(3),
                        TODAY.plusDays(3),
                        5L,
                        1,
                        ReservationsViewModel.PAGE_SIZE,
                        staff);
    }

    /** The engine stops counting at a thousand (SPEC §20): the desk is told there are more, not a wrong number. */
    @Test
    void aTotalTheEngineStoppedCountingSaysThereAreMore() {
        when(reservations.find(any(), anyInt(), anyInt(), any()))
                .thenReturn(new ReservationPage(List.of(row(1, ReservationStatus.CONFIRMED)), 1000, true));
        model.search();
        assertThat(model.totalTextProperty().get()).isEqualTo("1000+ found (more: narrow the search)");
    }

    @Test
    void selectingLoadsItsPaymentsAndHistory() {
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        verify(payments).details(eq(1L), eq(I18n.ENGLISH), any());
    }

    @Test
    void cancelAndMarkPaidActOnTheSelectedReservationAsTheConsolesStaffAndSayWhichWasDone() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        model.selectedProperty().set(row(2, ReservationStatus.PENDING_PAYMENT));
        model.cancel("repair");
        verify(reservations).cancelByStaff(2, "repair", staff);
        model.selectedProperty().set(row(3, ReservationStatus.PENDING_PAYMENT));
        model.markPaid("CR3");
        verify(payments).markOrderPaid("CR3", staff);
        assertThat(notices.infos)
                .as("each done named by its booking, no internal number")
                .containsExactly(
                        "Cancel: done — Ann (2024001) · A, " + TODAY + " 08:00–09:00.",
                        "Mark paid: done — Ann (2024001) · A, " + TODAY + " 08:00–09:00.");
    }

    /**
     * Mark paid on a booking whose student never started paying (no order being paid) takes the money at the desk
     * — the slot's price, cash or card — instead of promising a confirmation the engine then refuses; with an order
     * being paid, that order is the one marked paid.
     */
    @Test
    void markPaidWithNoOrderTakesThePriceAtTheDeskAndWithOneMarksThatOrder() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        model.selectedProperty().set(row(2, ReservationStatus.PENDING_PAYMENT));
        notices.option = true;

        model.askMarkPaid();

        Destructive asked = notices.lastStep();
        assertThat(asked.action()).isEqualTo("Take ¥20.00");
        assertThat(asked.consequence()).contains("has not started paying online");
        assertThat(asked.option()).isEqualTo("Paid by card at the desk (unticked: cash)");
        verify(attendance).payAtDesk(2, 2000, DeskChannel.CARD, staff);
        verify(payments, never()).markOrderPaid(any(), any());

        PayOrderView paying = new PayOrderView(
                1L,
                "CR1",
                3L,
                "WECHAT",
                2000,
                PayOrderStatus.PAYING,
                null,
                null,
                null,
                null,
                null,
                null,
                0,
                null,
                null);
        when(payments.details(eq((long) 3), eq(I18n.ENGLISH), any()))
                .thenReturn(new ReservationDetailsView(
                        null, null, "A", "2024001", "Ann", List.of(paying), List.of(), List.of()));
        model.selectedProperty().set(row(3, ReservationStatus.PENDING_PAYMENT));
        model.askMarkPaid();
        assertThat(notices.lastStep().consequence()).startsWith("Order CR1, ¥20.00.");
        verify(payments).markOrderPaid("CR1", staff);
    }

    @Test
    void cancellingNamesTheReservationAsksForAReasonAndDoesNothingWhenStaffStepBack() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        model.selectedProperty().set(row(2, ReservationStatus.PENDING_PAYMENT));
        notices.answer = false;

        model.askCancel();

        Destructive asked = notices.lastStep();
        assertThat(asked.action()).isEqualTo("Cancel reservation");
        assertThat(asked.target()).isEqualTo("Ann (2024001) · A, " + TODAY + " 08:00–09:00");
        assertThat(asked.consequence()).contains("goes back on sale");
        assertThat(asked.needsReason()).isTrue();
        verify(reservations, never()).cancelByStaff(anyLong(), any(), any());

        notices.answer = true;
        notices.reason = " net broken ";
        model.askCancel();
        verify(reservations).cancelByStaff(2, "net broken", staff);
    }

    @Test
    void refundingTakesTheReasonAndTheCutOffOverrideFromOneDialog() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        paid(1, "WECHAT", 0);
        when(payments.refund(1, staff, "flooded", true)).thenReturn(refunded(2000, RefundStatus.REFUNDING, false));
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        notices.reason = "flooded";
        notices.option = true;

        model.askRefund();

        assertThat(notices.lastStep().option()).isEqualTo("Refund even after the refund cut-off");
        verify(payments).refund(1, staff, "flooded", true);
    }

    @Test
    void aCardPaymentIsRefundedOnTheCardTerminalAndTheDialogNamesTheBookingAndWhatIsLeft() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        paid(1, "DESK", 500);
        com.courtrush.till.api.ReceiptView card = mock(com.courtrush.till.api.ReceiptView.class);
        when(card.outTradeNo()).thenReturn("CR26112510000000001");
        when(card.channel()).thenReturn(DeskChannel.CARD);
        when(till.receiptsOf(eq(1L), any())).thenReturn(List.of(card));
        when(payments.refund(1, staff, "rain", false)).thenReturn(refunded(1500, RefundStatus.SUCCESS, true));
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        notices.reason = "rain";

        model.askRefund();

        Destructive asked = notices.lastStep();
        assertThat(asked.action()).isEqualTo("Refund ¥15.00");
        assertThat(asked.target()).isEqualTo("Ann (2024001) · A, " + TODAY + " 08:00–09:00");
        assertThat(asked.consequence()).contains("paid by card at the desk").doesNotContain("cash");
        assertThat(notices.infos)
                .containsExactly("Refund ¥15.00 to the student's card on the card terminal now: Ann (2024001) · A, "
                        + TODAY + " 08:00–09:00");
    }

    /** Booking {@code id} paid ¥20.00 ({@code channel} WECHAT or DESK), {@code refundedCents} of it given back. */
    void paid(long id, String channel, int refundedCents) {
        when(payments.details(eq((long) id), eq(I18n.ENGLISH), any()))
                .thenReturn(new ReservationDetailsView(
                        null,
                        null,
                        "A",
                        "2024001",
                        "Ann",
                        List.of(new PayOrderView(
                                11L,
                                "CR26112510000000001",
                                id,
                                channel,
                                2000,
                                PayOrderStatus.SUCCESS,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                refundedCents,
                                null,
                                null)),
                        List.of(),
                        List.of()));
    }

    static Refunded refunded(int cents, RefundStatus status, boolean atDesk) {
        return new Refunded(
                1,
                ReservationStatus.CONFIRMED,
                PayOrderStatus.SUCCESS,
                "CR26112510000000001",
                cents,
                false,
                atDesk,
                "RF1",
                status,
                cents);
    }

    @Test
    void aPartIsRefundedInExactCentsWithTheReasonAndTheOutcomeSaysWhatHappensToTheMoney() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        paid(1, "WECHAT", 0);
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        when(payments.refundPart(1, 500, "light broken for half the hour", staff))
                .thenReturn(refunded(500, RefundStatus.REFUNDING, false));

        model.refundPart(" 5.00 ", " light broken for half the hour ");

        verify(payments).refundPart(1, 500, "light broken for half the hour", staff);
        assertThat(notices.infos)
                .as("asked, not refunded, while WeChat Pay pays it back (issue 74)")
                .containsExactly(
                        "¥5.00 is on its way back to the student's WeChat Pay (not refunded yet; the student is"
                                + " told when it arrives): Ann (2024001) · A, " + TODAY + " 08:00–09:00");
        assertThat(notices.failures).isEmpty();
    }

    @Test
    void aPartWechatPayCouldNotPayBackSaysTheStudentDidNotGetItAndWhatToDo() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        paid(1, "WECHAT", 0);
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        when(payments.refundPart(anyLong(), anyInt(), any(), any()))
                .thenReturn(refunded(500, RefundStatus.ABNORMAL, false));

        model.refundPart("5", "light broken");

        assertThat(notices.infos)
                .singleElement()
                .asString()
                .contains("could not pay ¥5.00 back", "did not reach the student", "hand it back at the desk")
                .doesNotContain("refunded");
    }

    @Test
    void aPartPaidAtTheDeskIsHandedBackThere() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        paid(1, "DESK", 0);
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        when(payments.refundPart(anyLong(), anyInt(), any(), any()))
                .thenReturn(refunded(50, RefundStatus.SUCCESS, true));
        model.refundPart("0.5", "short");
        verify(payments).refundPart(1, 50, "short", staff);
        assertThat(notices.infos).singleElement().asString().contains("Hand ¥0.50 back to the student in cash");
    }

    @Test
    void amountsInYuanAreReadExactly() {
        I18n english = I18n.of(I18n.ENGLISH);
        assertThat(ReservationsViewModel.partCents(english, "5")).isEqualTo(500);
        assertThat(ReservationsViewModel.partCents(english, "5.00")).isEqualTo(500);
        assertThat(ReservationsViewModel.partCents(english, "0.5")).isEqualTo(50);
        assertThat(ReservationsViewModel.partCents(english, "0.01")).isEqualTo(1);
        assertThat(ReservationsViewModel.partCents(english, "19.99")).isEqualTo(1999);
        assertThat(model.partAmountProblem("5.00")).isEmpty();
    }

    @Test
    void anAmountThatIsNotMoreThanNothingInWholeCentsIsRefusedWithAMessageAndNothingIsAsked() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        for (String bad : List.of("0", "-1", "5.001", "abc", "", "0.00", "1e12")) {
            model.refundPart(bad, "a reason");
            assertThat(notices.lastFailureMessage())
                    .as(bad)
                    .startsWith("Type the amount in yuan, more than 0")
                    .contains("\"" + bad + "\"");
            assertThat(notices.failures.get(notices.failures.size() - 1)).isInstanceOf(InputRefused.class);
            assertThat(model.partAmountProblem(bad)).as(bad).isNotEmpty();
        }
        assertThat(notices.failedWhat).containsOnly("Partial refund");
        verify(payments, never()).refundPart(anyLong(), anyInt(), any(), any());
    }

    @Test
    void aPartialRefundNeedsAReason() {
        when(reservations.find(any(), anyInt(), anyInt(), any())).thenReturn(new ReservationPage(List.of(), 0, false));
        model.selectedProperty().set(row(1, ReservationStatus.CONFIRMED));
        model.refundPart("5", "  ");
        model.refundPart("5", null);
        assertThat(notices.failures).hasSize(2).allMatch(InputRefused.class::isInstance);
        assertThat(notices.lastFailureMessage()).startsWith("A reason is required");
        verify(payments, never()).refundPart(anyLong(), anyInt(), any(), any());
    }

    @Test
    void theDialogIsToldWhatThePaymentHasGivenBackSoFar() {
        model.detailProperty()
                .set(new ReservationDetailsView(
                        null,
                        null,
                        "A",
                        "2024001",
                        "Ann",
                        List.of(new PayOrderView(
                                11L,
                                "CR26112510000000001",
                                1L,
                                "WECHAT",
                                2000,
                                PayOrderStatus.SUCCESS,
                                null,
                                null,
                                null,
                                null,
                                "1900000109",
                                "4200000001",
                                500,
                                null,
                                null)),
                        List.of(),
                        List.of()));
        assertThat(model.refundPartContext())
                .isEqualTo("Paid ¥20.00, asked back so far ¥5.00: up to ¥15.00 can go back.");
    }
}
