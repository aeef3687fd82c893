package com.courtrush.pay;

import com.courtrush.infra.config.CourtRushProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Every minute: refunds still REFUNDING a minute after they were asked (their notification lost or late, or the
 * ask itself unanswered) are asked about at WeChat Pay and settled as it answers; one it never received is sent
 * again, with the same number and amount. Nodes doing it together settle each once (compare-and-set).
 */
@Component
class RefundFollowUp {

    private static final Logger log = LoggerFactory.getLogger(RefundFollowUp.class);
    static final Duration AFTER = Duration.ofMinutes(1);
    private static final int BATCH = 100;

    private final PayRefundMapper refunds;
    private final PayOrderMapper orders;
    private final PaymentGateways gateways;
    private final Refunds settling;
    private final TaskScheduler scheduler;
    private final CourtRushProperties properties;
    private final Clock clock;

    RefundFollowUp(
            PayRefundMapper refunds,
            PayOrderMapper orders,
            PaymentGateways gateways,
            Refunds settling,
            TaskScheduler scheduler,
            CourtRushProperties properties,
            Clock clock) {
        this.refunds = refunds;
        this.orders = orders;
        this.gateways = gateways;
        this.settling = settling;
        this.scheduler = scheduler;
        this.properties = properties;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        scheduler.scheduleWithFixedDelay(this::runQuietly, properties.reserve().paymentTimeoutCheckInterval());
    }

    void runQuietly() {
        try {
            followUp();
        } catch (RuntimeException e) {
            log.error("Following up refunds failed; the next run retries", e);
        }
    }

    /** Asks about every refund unsettled for a minute or more; returns how many this call settled. */
    int followUp() {
        List<PayRefund> unsettled =
                refunds.findUnsettled(LocalDateTime.now(clock).minus(AFTER), BATCH);
        int settled = 0;
        for (PayRefund refund : unsettled) {
            PayOrder order = orders.selectById(refund.getPayOrderId());
            try {
                PaymentGateway gateway = gateways.of(order);
                PaymentGateway.RefundAnswer answer = gateway.queryRefund(order, refund);
                if (answer.unknown()) {
                    // asked once with no answer, and it never got there: the same number and amount, again
                    log.info("Refund {} never reached WeChat Pay; sent again", refund.getOutRefundNo());
                    answer = gateway.refund(order, refund);
                }
                if (settling.settle(refund, answer)) {
                    settled++;
                }
            } catch (RuntimeException e) {
                log.warn("Refund {} could not be asked about now: {}", refund.getOutRefundNo(), e.toString());
            }
        }
        return settled;
    }
}
