package com.courtrush.pay;

import static com.courtrush.support.Refusals.refused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import com.courtrush.account.DeskGuard;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.api.SettingKey;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.TaskScheduler;

/**
 * Refunds on fakes (SPEC §7, I6): the paid order refunded and the booking ended in one transaction, its place back
 * once after the commit; every refusal (a cancelled or refunded booking, unpaid, past the cut-off, a desk payment
 * asked back by the student); a provider refusing rolls everything back.
 */
class RefundServiceTest extends PayFixture {

    @Test
    void aRefundEndsTheBookingAndGivesItsPlaceBackOnce() {
        String order = paid(1, STUDENT);

        Refunded refunded = refunds.refundOwn(1, student(STUDENT), null);

        assertThat(refunded.reservationStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(refunded.payStatus()).isEqualTo(PayOrderStatus.REFUNDED);
        assertThat(refunded.outTradeNo()).isEqualTo(order);
        assertThat(refunded.cutoffOverridden()).isFalse();
        assertThat(refunded.handBackAtDesk()).isFalse();
        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.REFUNDED);
        assertThat(reservations.row(1).getCancelReason()).isEqualTo(CancelReason.REFUND);
        assertThat(gateway.refunded()).containsExactly(order);
        assertThat(slots.booked(SLOT)).isZero();
        assertThat(places.returned(SLOT)).isEqualTo(1);
        verify(notices).refunded(STUDENT, 1, SLOT, order + "R1", 2000, null);
        verify(audit)
                .record(
                        eq("student:s" + STUDENT),
                        eq(AuditAction.REFUND),
                        eq(AuditTarget.RESERVATION),
                        eq(1L),
                        any(EngineText.class));
    }

    /** No reason given, none said: the trail reads "支付单 …", not "；支付单 …" (issue 74). */
    @Test
    void aRefundWithoutAReasonIsAuditedWithoutADanglingSeparator() {
        String order = paid(1, STUDENT);

        refunds.refundOwn(1, student(STUDENT), null);

        org.mockito.ArgumentCaptor<EngineText> detail = org.mockito.ArgumentCaptor.forClass(EngineText.class);
        verify(audit).record(any(), eq(AuditAction.REFUND), any(), any(), detail.capture());
        assertThat(detail.getValue().in(java.util.Locale.SIMPLIFIED_CHINESE)).startsWith("支付单 " + order);
        assertThat(detail.getValue().in(java.util.Locale.ENGLISH)).startsWith("order " + order);
    }

    @Test
    void aPartThenTheRestGiveBackExactlyWhatWasPaid() {
        String order = paid(1, STUDENT);

        Refunded part = refunds.refundPart(1, 500, "lights out for half an hour", staff());

        assertThat(part.reservationStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(part.payStatus()).isEqualTo(PayOrderStatus.SUCCESS);
        assertThat(part.amountCents()).isEqualTo(500);
        assertThat(part.orderRefundedCents()).isEqualTo(500);
        assertThat(part.refundStatus()).isEqualTo(RefundStatus.SUCCESS);
        assertThat(reservations.row(1).getStatus()).as("keeps its place").isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(places.calls()).isZero();
        verify(notices).refunded(STUDENT, 1, SLOT, order + "R1", 500, "lights out for half an hour");

        Refunded rest = refunds.refundOwn(1, student(STUDENT), null);

        assertThat(rest.reservationStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(rest.amountCents()).isEqualTo(1500);
        assertThat(rest.orderRefundedCents()).isEqualTo(2000);
        PayOrder after = orders.findByOutTradeNo(order);
        assertThat(after.getStatus()).isEqualTo(PayOrderStatus.REFUNDED);
        assertThat(after.getRefundedCents()).as("paid = refunded + kept").isEqualTo(after.getAmountCents());
        assertThat(gateway.refundedCents()).containsExactly(500, 1500);
        assertThat(refundRows.all())
                .extracting(PayRefund::getOutRefundNo, PayRefund::getAmountCents, PayRefund::getWhole)
                .containsExactly(tuple(order + "R1", 500, false), tuple(order + "R2", 1500, true));
        assertThat(places.returned(SLOT)).isEqualTo(1);
    }

    @Test
    void aRefundWhoseAnswerNeverCameIsKeptWithItsNumberAndSentAgain() {
        String order = paid(1, STUDENT);
        gateway.loseRefunds(true);

        Refunded refunded = refunds.refundOwn(1, student(STUDENT), null);

        assertThat(refunded.refundStatus()).as("WeChat Pay may have made it").isEqualTo(RefundStatus.REFUNDING);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CANCELLED);
        assertThat(orders.findByOutTradeNo(order).getRefundedCents()).isEqualTo(2000);
        assertThat(refundRows.all()).extracting(PayRefund::getOutRefundNo).containsExactly(order + "R1");

        gateway.loseRefunds(false);
        RefundFollowUp followUp = new RefundFollowUp(
                refundRows, orders, PaymentGateways.only(gateway), giving, mock(TaskScheduler.class), null, clock);
        assertThat(followUp.followUp()).isEqualTo(1);
        assertThat(gateway.refundNumbers())
                .as("the same number, once it got there")
                .containsExactly(order + "R1");
        assertThat(refundRows.all()).extracting(PayRefund::getStatus).containsExactly(RefundStatus.SUCCESS);
        assertThat(followUp.followUp()).as("settled once").isZero();
    }

    /**
     * A money state is told only when it is final (issue 74): a refund WeChat Pay is still paying back is "asked" to
     * staff and nothing to the student; the student hears once the money is back, with staff's reason, once however
     * often it is asked about.
     */
    @Test
    void aRefundOnItsWayIsToldToTheStudentOnlyOnceWechatPaySaysItArrived() {
        String order = paid(1, STUDENT);
        gateway.payRefundsBackLater(RefundStatus.SUCCESS);

        Refunded part = refunds.refundPart(1, 500, "lights out", staff());

        assertThat(part.refundStatus()).isEqualTo(RefundStatus.REFUNDING);
        assertThat(part.said()).as("not 'refunded' yet").isEqualTo("ok.refundAskedPart");
        verify(notices, never()).refunded(anyLong(), anyLong(), anyLong(), any(), anyLong(), any());
        RefundFollowUp followUp = new RefundFollowUp(
                refundRows, orders, PaymentGateways.only(gateway), giving, mock(TaskScheduler.class), null, clock);

        assertThat(followUp.followUp()).isEqualTo(1);
        assertThat(followUp.followUp()).isZero();

        verify(notices, times(1)).refunded(STUDENT, 1, SLOT, order + "R1", 500, "lights out");
        verify(notices, never()).refundFailed(anyLong(), anyLong(), anyLong(), any(), anyLong());
        verify(alerts, never()).refundFailed(any(), anyLong(), any());
    }

    /**
     * A refund that never reached the student (ABNORMAL) is not "refunded": the student is told it did not come and
     * that the gym gives it back by hand, staff are alerted and it is audited — once.
     */
    @Test
    void aRefundThatDidNotReachTheStudentTellsThemAndStaffWhatComesNext() {
        String order = paid(1, STUDENT);
        gateway.payRefundsBackLater(RefundStatus.ABNORMAL);

        Refunded whole = refunds.refundOwn(1, student(STUDENT), "plans changed");

        assertThat(whole.said()).isEqualTo("ok.refundAsked");
        RefundFollowUp followUp = new RefundFollowUp(
                refundRows, orders, PaymentGateways.only(gateway), giving, mock(TaskScheduler.class), null, clock);
        assertThat(followUp.followUp()).isEqualTo(1);
        assertThat(followUp.followUp()).isZero();

        assertThat(refundRows.all()).extracting(PayRefund::getStatus).containsExactly(RefundStatus.ABNORMAL);
        verify(notices, times(1)).refundFailed(STUDENT, 1, SLOT, order + "R1", 2000);
        verify(notices, never()).refunded(anyLong(), anyLong(), anyLong(), any(), anyLong(), any());
        verify(alerts, times(1)).refundFailed(order + "R1", 1, "ABNORMAL");
        verify(audit, times(1))
                .record(any(), eq(AuditAction.REFUND_ABNORMAL), any(), eq(order + "R1"), any(EngineText.class));
    }

    @Test
    void aPartIsStaffsWithAReasonAndLessThanIsLeft() {
        paid(1, STUDENT);

        PaymentDesk guarded = DeskGuard.guarded(new PaymentDesk(null, null, refunds, null, null));
        refused(() -> guarded.refundPart(1, 500, "because", student(STUDENT)), Outcome.FORBIDDEN, "http.forbidden");
        refused(() -> guarded.refund(1, student(STUDENT), "because", true), Outcome.FORBIDDEN, "http.forbidden");
        refused(() -> refunds.refundPart(1, 500, " ", staff()), Outcome.PARAM_ERROR, "refund.partNeedsReason");
        refused(() -> refunds.refundPart(1, 0, "nothing", staff()), Outcome.PARAM_ERROR, "refund.partNotPositive");
        refused(() -> refunds.refundPart(1, 2000, "all of it", staff()), Outcome.FAILED, "refund.partTooLarge");
        refunds.refundPart(1, 1500, "most of it", staff());
        refused(() -> refunds.refundPart(1, 500, "the rest", staff()), Outcome.FAILED, "refund.partTooLarge");

        assertThat(gateway.refundedCents()).containsExactly(1500);
        assertThat(refundRows.all()).hasSize(1);
    }

    @Test
    void aPartOfADeskPaymentIsHandedBackAtTheDesk() {
        pending(1, STUDENT);
        desk.payAtDesk(1, 2000, null, staff());

        Refunded part = refunds.refundPart(1, 300, "shuttlecocks ran out", staff());

        assertThat(part.handBackAtDesk()).isTrue();
        assertThat(part.refundStatus()).isEqualTo(RefundStatus.SUCCESS);
        assertThat(gateway.refunded()).as("no provider holds a desk payment").isEmpty();
    }

    @Test
    void aSecondRefundIsRefusedAndRefundsNothing() {
        paid(1, STUDENT);
        refunds.refundOwn(1, student(STUDENT), null);

        refused(() -> refunds.refundOwn(1, student(STUDENT), null), Outcome.FAILED, "refund.alreadyRefunded");

        assertThat(gateway.refunded()).hasSize(1);
        assertThat(places.calls()).isEqualTo(1);
    }

    @Test
    void aRefundAfterACancelIsRefused() {
        pending(1, STUDENT);
        payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1");
        cancellation.cancelByOwner(1, student(STUDENT));

        refused(() -> refunds.refundOwn(1, student(STUDENT), null), Outcome.FAILED, "refund.alreadyCancelled");

        assertThat(gateway.refunded()).isEmpty();
        assertThat(places.calls()).as("only the cancel's release").isEqualTo(1);
    }

    @Test
    void anUnpaidBookingHasNothingToRefund() {
        pending(1, STUDENT);

        refused(() -> refunds.refundOwn(1, student(STUDENT), null), Outcome.FAILED, "refund.notPaid");
    }

    @Test
    void aConfirmedBookingWithoutAPaidOrderIsRefused() {
        pending(1, STUDENT);
        transactions.inTransaction(() -> reservations.confirm(1, now()));

        refused(() -> refunds.refundByStaff(1, staff(), null, false), Outcome.FAILED, "refund.noPayment");
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
    }

    @Test
    void anotherStudentsBookingDoesNotExist() {
        paid(1, STUDENT);

        refused(() -> refunds.refundOwn(1, student(STUDENT + 1), null), Outcome.NOT_FOUND, "reservation.notFound");
    }

    @Test
    void refundsCloseAtTheCutoffAndOnlyStaffWithAReasonOverrideIt() {
        paid(1, STUDENT);
        settings.with(SettingKey.REFUND_CUTOFF_MINUTES, "60");
        clock.move(Duration.ofHours(7)); // 17:00, the slot starts at 18:00

        refused(() -> refunds.refundOwn(1, student(STUDENT), null), Outcome.FAILED, "refund.closed");
        refused(() -> refunds.refundByStaff(1, staff(), null, true), Outcome.PARAM_ERROR, "refund.overrideNotAllowed");
        assertThat(gateway.refunded()).isEmpty();

        Refunded refunded = refunds.refundByStaff(1, staff(), "court lights broken", true);

        assertThat(refunded.cutoffOverridden()).isTrue();
        assertThat(reservations.row(1).getNote()).isEqualTo("court lights broken");
        verify(notices).refunded(STUDENT, 1, SLOT, refunded.outRefundNo(), 2000, "court lights broken");
    }

    @Test
    void aDeskPaymentIsHandedBackAtTheDeskByStaffOnly() {
        pending(1, STUDENT);
        PaidView atDesk = desk.payAtDesk(1, 2000, null, staff());

        refused(() -> refunds.refundOwn(1, student(STUDENT), null), Outcome.FAILED, "refund.atDesk");

        Refunded refunded = refunds.refundByStaff(1, staff(), "changed plans", false);
        assertThat(refunded.handBackAtDesk()).isTrue();
        assertThat(refunded.outTradeNo()).isEqualTo(atDesk.outTradeNo());
        assertThat(gateway.refunded()).as("no provider holds a desk payment").isEmpty();
        assertThat(places.returned(SLOT)).isEqualTo(1);
    }

    @Test
    void aProviderThatRefusesTheRefundLeavesTheBookingPaidAndItsPlaceTaken() {
        String order = paid(1, STUDENT);
        gateway.refuseRefunds();

        assertThatThrownBy(() -> refunds.refundOwn(1, student(STUDENT), null))
                .isInstanceOf(IllegalStateException.class);

        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.SUCCESS);
        assertThat(slots.booked(SLOT)).isEqualTo(1);
        assertThat(places.calls()).as("a rolled back end gives no place back").isZero();
    }

    @Test
    void aPaymentGivenBackWithoutEndingTheBookingLeavesItToTheCaller() {
        pending(1, STUDENT);
        assertThat(transactions.inTransaction(() -> refunds.giveBackPayment(reservations.row(1), "no-show")))
                .as("nothing paid")
                .isEmpty();

        String order = settlement
                .onPaid(
                        payments.createOrder(1, student(STUDENT), PayScene.H5, "127.0.0.1")
                                .outTradeNo(),
                        "staff:t900")
                .outTradeNo();
        assertThat(transactions.inTransaction(() -> refunds.giveBackPayment(reservations.row(1), "no-show")))
                .hasValueSatisfying(o -> assertThat(o.getOutTradeNo()).isEqualTo(order));

        assertThat(orders.findByOutTradeNo(order).getStatus()).isEqualTo(PayOrderStatus.REFUNDED);
        assertThat(gateway.refunded()).containsExactly(order);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        assertThat(places.calls()).isZero();
    }
}
