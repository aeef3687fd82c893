package com.courtrush.support.fakes;

import com.courtrush.core.CourtRushException;
import com.courtrush.pay.PayOrder;
import com.courtrush.pay.PayRefund;
import com.courtrush.pay.PaymentGateway;
import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.support.MovingClock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * A payment provider in memory: records each prepay and refund, can refuse refunds (as a provider that says no,
 * so the caller's transaction rolls back), can pay refunds back later (REFUNDING, then how a query finds them ended)
 * and can answer a prepay late (the test's clock moved on meanwhile). Simulated, unless told to play a live merchant:
 * then it knows of payments the engine was not told of, answers queries about them (or none) and refuses a prepay of
 * a paid order as WeChat Pay does (ORDERPAID).
 */
public final class FakeGateway implements PaymentGateway {

    private final MovingClock clock;
    private final List<String> prepaid = new ArrayList<>();
    private final List<String> refunded = new ArrayList<>();
    private final List<Integer> refundedCents = new ArrayList<>();
    private final List<String> refundNumbers = new ArrayList<>();
    private boolean refusingRefunds;
    private boolean losingRefunds;
    private RefundStatus refundsAnswer = RefundStatus.SUCCESS;
    private RefundStatus refundsEnd = RefundStatus.SUCCESS;
    private Duration prepayTakes = Duration.ZERO;
    private String merchant;
    private boolean unreachable;
    private final List<String> paidThere = new ArrayList<>();
    private final List<String> closeAsked = new ArrayList<>();
    private final List<String> queried = new ArrayList<>();

    public FakeGateway(MovingClock clock) {
        this.clock = clock;
    }

    /** Live from now on: orders are made at this merchant, as at WeChat Pay itself (not simulated). */
    public void live(String mchid) {
        merchant = mchid;
    }

    /** The provider answers no query or close from now on (as WeChat Pay out of reach), or answers again. */
    public void unreachable(boolean down) {
        unreachable = down;
    }

    /** The student paid this order at the provider, and nobody told the engine. */
    public void paidThere(String outTradeNo) {
        paidThere.add(outTradeNo);
    }

    /** Order numbers the provider was asked about (queries that were answered), in order. */
    public List<String> queried() {
        return List.copyOf(queried);
    }

    /** The orders a close was asked for, answered or not, in order. */
    public List<String> closeAsked() {
        return List.copyOf(closeAsked);
    }

    /** Refunds are refused from now on. */
    public void refuseRefunds() {
        refusingRefunds = true;
    }

    /** Refunds are lost on their way from now on: no answer comes (as a timeout), and the provider never got them. */
    public void loseRefunds(boolean losing) {
        losingRefunds = losing;
    }

    /**
     * Refunds are answered REFUNDING from now on (as WeChat Pay does, which pays them back later), and a query then
     * finds them ended {@code end}: SUCCESS, ABNORMAL or CLOSED.
     */
    public void payRefundsBackLater(RefundStatus end) {
        refundsAnswer = RefundStatus.REFUNDING;
        refundsEnd = end;
    }

    /** The refund numbers the provider received, in order. */
    public List<String> refundNumbers() {
        return List.copyOf(refundNumbers);
    }

    /** Each prepay answers this long after it was asked. */
    public void answerPrepayAfter(Duration delay) {
        prepayTakes = delay;
    }

    /** Order numbers refunded, in order (an order refunded in parts is there once per part). */
    public List<String> refunded() {
        return List.copyOf(refunded);
    }

    /** What each refund gave back, in order. */
    public List<Integer> refundedCents() {
        return List.copyOf(refundedCents);
    }

    /** Order numbers a payment was asked for, in order. */
    public List<String> prepaid() {
        return List.copyOf(prepaid);
    }

    @Override
    public String channel() {
        return "WECHAT";
    }

    @Override
    public boolean simulated() {
        return merchant == null;
    }

    @Override
    public String payee() {
        return null;
    }

    @Override
    public String merchant() {
        return merchant;
    }

    @Override
    public Invite prepay(PayOrder order, String description, PayScene scene, Payer payer) {
        clock.move(prepayTakes);
        if (paidThere.contains(order.getOutTradeNo())) {
            throw new PaidAlready(order.getOutTradeNo()); // WeChat Pay's ORDERPAID
        }
        prepaid.add(order.getOutTradeNo());
        return new Invite(null, "weixin://wxpay/fake/" + order.getOutTradeNo(), null);
    }

    @Override
    public Trade query(PayOrder order) {
        if (unreachable) {
            throw CourtRushException.unavailable(null, "pay.providerUnreachable");
        }
        queried.add(order.getOutTradeNo());
        return paidThere.contains(order.getOutTradeNo())
                ? new Trade(
                        Trade.State.PAID,
                        "tx-" + order.getOutTradeNo(),
                        order.getAmountCents(),
                        LocalDateTime.now(clock))
                : new Trade(Trade.State.UNPAID, null, null, null);
    }

    @Override
    public Trade close(PayOrder order) {
        closeAsked.add(order.getOutTradeNo());
        if (unreachable) {
            throw CourtRushException.unavailable(null, "pay.providerUnreachable");
        }
        return paidThere.contains(order.getOutTradeNo())
                ? query(order)
                : new Trade(Trade.State.CLOSED, null, null, null);
    }

    @Override
    public RefundAnswer refund(PayOrder order, PayRefund refund) {
        if (refusingRefunds) {
            throw new IllegalStateException("the provider refused the refund of " + order.getOutTradeNo());
        }
        if (losingRefunds) {
            throw CourtRushException.unavailable(null, "pay.providerUnreachable");
        }
        refundNumbers.add(refund.getOutRefundNo());
        refunded.add(order.getOutTradeNo());
        refundedCents.add(refund.getAmountCents());
        return answer(refundsAnswer, refund);
    }

    private RefundAnswer answer(RefundStatus status, PayRefund refund) {
        return new RefundAnswer(
                status,
                "fake-" + refund.getOutRefundNo(),
                status == RefundStatus.SUCCESS ? LocalDateTime.now(clock) : null);
    }

    @Override
    public RefundAnswer queryRefund(PayOrder order, PayRefund refund) {
        return refundNumbers.contains(refund.getOutRefundNo())
                ? answer(refundsEnd, refund)
                : RefundAnswer.unknownThere();
    }
}
