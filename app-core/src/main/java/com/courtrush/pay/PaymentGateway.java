package com.courtrush.pay;

/**
 * A payment provider. The shipped implementation {@link SimulatedWechatGateway} simulates WeChat
 * Pay: no merchant credentials exist, no money moves, and success arrives through the staff-only
 * {@code POST /pay/wechat/mock-success/{outTradeNo}} (or the console's "mark paid").
 */
public interface PaymentGateway {

    /** The channel written on orders, e.g. WECHAT. */
    String channel();

    /** True when no real money moves; shown to staff and students. */
    boolean simulated();

    /** Asks the provider for a payment of the order; returns what the student's client opens (a QR code URL). */
    String prepay(PayOrder order, String description);

    /** Gives the order's money back. Throws when the provider refuses, so the caller's transaction rolls back. */
    void refund(PayOrder order, String reason);
}
