package com.courtrush.pay;

import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/** {@link PaymentGateways} as the saved settings say: live WeChat Pay when turned on, else simulated. */
@Component
class SwitchingGateways implements PaymentGateways {

    private static final Logger log = LoggerFactory.getLogger(SwitchingGateways.class);

    private final SimulatedWechatGateway simulated;
    private final WechatPayClients clients;
    private final WechatPayWatch watch;
    private final Clock clock;

    SwitchingGateways(WechatPayClients clients, WechatPayWatch watch, Clock clock) {
        this.simulated = new SimulatedWechatGateway(clock);
        this.clients = clients;
        this.watch = watch;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void sayWhichMode() {
        if (!clients.saved().enabled()) {
            log.warn("Payments are SIMULATED (WeChat Pay without merchant credentials): no money moves; staff mark "
                    + "orders paid with POST /pay/wechat/mock-success/{outTradeNo}, or a manager sets the merchant "
                    + "(console Settings, PUT /admin/wechat-pay)");
        } else {
            log.info(
                    "Payments are LIVE: WeChat Pay merchant {}", clients.saved().mchid());
        }
    }

    @Override
    public PaymentGateway current() {
        return clients.live()
                .<PaymentGateway>map(live -> new WechatPayGateway(live, clock.getZone(), watch))
                .orElse(simulated);
    }

    @Override
    public PaymentGateway of(PayOrder order) {
        if (!order.live()) {
            return simulated;
        }
        return clients.merchant()
                .filter(merchant -> order.getMchid().equals(merchant.settings().mchid()))
                .<PaymentGateway>map(merchant -> new WechatPayGateway(merchant, clock.getZone(), watch))
                .orElseThrow(() -> PaymentGateways.merchantGone(order));
    }
}
