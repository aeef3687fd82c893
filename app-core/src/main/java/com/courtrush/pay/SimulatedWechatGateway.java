package com.courtrush.pay;

import com.courtrush.core.LogSafe;
import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.RefundStatus;
import java.time.Clock;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIMULATED WeChat Pay, the default until a manager sets the merchant's credentials: prepay answers a placeholder
 * code, refunds succeed at once, and nothing leaves this process. Payment success is reported by staff
 * ({@code POST /pay/wechat/mock-success/{outTradeNo}}, the console's "mark paid"). It knows nothing but what the
 * database says, so a query answers "unpaid" and a close changes nothing.
 */
class SimulatedWechatGateway implements PaymentGateway {

    private static final Logger log = LoggerFactory.getLogger(SimulatedWechatGateway.class);

    private final Clock clock;

    SimulatedWechatGateway(Clock clock) {
        this.clock = clock;
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
    public String payee() {
        return null;
    }

    @Override
    public String merchant() {
        return null;
    }

    @Override
    public Invite prepay(PayOrder order, String description, PayScene scene, Payer payer) {
        log.info(
                "SIMULATED WeChat prepay of order {} ({} cents): {}",
                order.getOutTradeNo(),
                order.getAmountCents(),
                LogSafe.of(description));
        return Invite.code("weixin://wxpay/simulated/" + order.getOutTradeNo());
    }

    @Override
    public Trade query(PayOrder order) {
        return Trade.of(Trade.State.UNPAID);
    }

    @Override
    public Trade close(PayOrder order) {
        return Trade.of(Trade.State.CLOSED);
    }

    @Override
    public RefundAnswer refund(PayOrder order, PayRefund refund) {
        log.info(
                "SIMULATED WeChat refund {} of order {} ({} cents): {}",
                refund.getOutRefundNo(),
                order.getOutTradeNo(),
                refund.getAmountCents(),
                LogSafe.of(refund.getReason()));
        return new RefundAnswer(RefundStatus.SUCCESS, null, LocalDateTime.now(clock));
    }

    @Override
    public RefundAnswer queryRefund(PayOrder order, PayRefund refund) {
        return new RefundAnswer(refund.getStatus(), refund.getRefundId(), refund.getSuccessTime());
    }
}
