package com.courtrush.support.fakes;

import com.courtrush.pay.PayOrder;
import com.courtrush.pay.PaymentGateway;
import com.courtrush.support.MovingClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A payment provider in memory: records each prepay and refund, can refuse refunds (as a provider that says no,
 * so the caller's transaction rolls back) and can answer a prepay late (the test's clock moved on meanwhile).
 */
public final class FakeGateway implements PaymentGateway {

    private final MovingClock clock;
    private final List<String> prepaid = new ArrayList<>();
    private final List<String> refunded = new ArrayList<>();
    private boolean refusingRefunds;
    private Duration prepayTakes = Duration.ZERO;

    public FakeGateway(MovingClock clock) {
        this.clock = clock;
    }

    /** Refunds are refused from now on. */
    public void refuseRefunds() {
        refusingRefunds = true;
    }

    /** Each prepay answers this long after it was asked. */
    public void answerPrepayAfter(Duration delay) {
        prepayTakes = delay;
    }

    /** Order numbers refunded, in order. */
    public List<String> refunded() {
        return List.copyOf(refunded);
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
        return true;
    }

    @Override
    public String prepay(PayOrder order, String description) {
        clock.move(prepayTakes);
        prepaid.add(order.getOutTradeNo());
        return "weixin://wxpay/fake/" + order.getOutTradeNo();
    }

    @Override
    public void refund(PayOrder order, String reason) {
        if (refusingRefunds) {
            throw new IllegalStateException("the provider refused the refund of " + order.getOutTradeNo());
        }
        refunded.add(order.getOutTradeNo());
    }
}
