package com.courtrush.pay;

import com.courtrush.core.CourtRushException;

/**
 * Which gateway makes a new order (the live WeChat Pay when a manager turned it on, else the simulated one), and
 * which one an order was made at: an order is queried, closed and refunded where it was made, whatever the gym
 * has switched to since.
 */
public interface PaymentGateways {

    /** The gateway new orders are made at. */
    PaymentGateway current();

    /** The gateway {@code order} was made at (never called for an order paid at the desk). */
    PaymentGateway of(PayOrder order);

    /** One gateway for everything (tests). */
    static PaymentGateways only(PaymentGateway gateway) {
        return new PaymentGateways() {
            @Override
            public PaymentGateway current() {
                return gateway;
            }

            @Override
            public PaymentGateway of(PayOrder order) {
                return gateway;
            }
        };
    }

    /** The merchant an order names is not the one set now: it cannot be asked about. */
    static CourtRushException merchantGone(PayOrder order) {
        return CourtRushException.conflict("pay.merchantGone", order.getOutTradeNo(), order.getMchid());
    }
}
