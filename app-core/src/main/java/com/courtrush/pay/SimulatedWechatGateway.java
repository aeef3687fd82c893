package com.courtrush.pay;

import com.courtrush.core.LogSafe;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * SIMULATED WeChat Pay. There are no merchant credentials: prepay answers a placeholder code URL,
 * refunds succeed at once, and nothing leaves this process. Payment success is reported by staff
 * ({@code POST /pay/wechat/mock-success/{outTradeNo}}).
 */
@Component
class SimulatedWechatGateway implements PaymentGateway {

    private static final Logger log = LoggerFactory.getLogger(SimulatedWechatGateway.class);

    SimulatedWechatGateway() {
        log.warn("Payments are SIMULATED (WeChat Pay without merchant credentials): no money moves; staff mark "
                + "orders paid with POST /pay/wechat/mock-success/{outTradeNo}");
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
        log.info(
                "SIMULATED WeChat prepay of order {} ({} cents): {}",
                order.getOutTradeNo(),
                order.getAmountCents(),
                LogSafe.of(description));
        return "weixin://wxpay/simulated/" + order.getOutTradeNo();
    }

    @Override
    public void refund(PayOrder order, String reason) {
        log.info(
                "SIMULATED WeChat refund of order {} ({} cents): {}",
                order.getOutTradeNo(),
                order.getAmountCents(),
                LogSafe.of(reason));
    }
}
