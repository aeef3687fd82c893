package com.courtrush.pay;

import com.courtrush.audit.api.SystemActor;
import com.courtrush.infra.config.AfterTransaction;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.pay.api.PayOrderStatus;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A live order whose booking ended (or was paid at the desk) is CLOSING (issue 74): the booking is over for the
 * student and its place back on sale, but the order is not closed at WeChat Pay until WeChat Pay says so. Closed once
 * that end has committed, and — WeChat Pay not answering — every minute again until it does: CLOSED then, or, paid
 * there meanwhile, its payment settled as any late one (refunded whole, and staff told). Nodes doing it together
 * settle each once (compare-and-set).
 */
@Component
class ClosingOrders {

    private static final Logger log = LoggerFactory.getLogger(ClosingOrders.class);
    private static final int BATCH = 100;
    private static final String ACTOR = SystemActor.PAYMENT.actor();

    private final PayOrderMapper orders;
    private final PaymentGateways gateways;
    private final PaymentSettlement settlement;
    private final TaskScheduler scheduler;
    private final CourtRushProperties properties;
    private final Clock clock;

    ClosingOrders(
            PayOrderMapper orders,
            PaymentGateways gateways,
            PaymentSettlement settlement,
            TaskScheduler scheduler,
            CourtRushProperties properties,
            Clock clock) {
        this.orders = orders;
        this.gateways = gateways;
        this.settlement = settlement;
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
            log.error("Closing orders at WeChat Pay failed; the next run retries", e);
        }
    }

    /**
     * Ends the reservation's PAYING order in the caller's transaction: CLOSED when no WeChat Pay has it (the simulated
     * gateway), else CLOSING, and closed at WeChat Pay once the transaction has committed.
     */
    void endPaying(long reservationId) {
        PayOrder paying = orders.findPaying(reservationId);
        if (paying == null) {
            return;
        }
        LocalDateTime now = LocalDateTime.now(clock);
        if (!paying.live()) {
            orders.closePaying(reservationId, now);
            return;
        }
        orders.markClosing(paying.getId(), now);
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    AfterTransaction.run(() -> close(paying));
                }
            });
        }
    }

    /** Asks WeChat Pay again to close every CLOSING order; returns how many this call ended (closed or paid). */
    int followUp() {
        List<PayOrder> closing = orders.findClosing(BATCH);
        int ended = 0;
        for (PayOrder order : closing) {
            if (close(order)) {
                ended++;
            }
        }
        return ended;
    }

    /**
     * Closes a CLOSING order at WeChat Pay: CLOSED when WeChat Pay says it is (or never had it); paid there, its payment
     * settled (refunded: the booking is over). False, the order still CLOSING, when WeChat Pay could not be asked or
     * the payment not settled now; the next run asks again.
     */
    boolean close(PayOrder order) {
        PaymentGateway.Trade trade;
        try {
            trade = gateways.of(order).close(order);
        } catch (RuntimeException e) {
            log.warn(
                    "Order {} of ended reservation {} could not be closed at WeChat Pay ({}); it stays CLOSING and is "
                            + "closed when WeChat Pay answers",
                    order.getOutTradeNo(),
                    order.getReservationId(),
                    e.toString());
            return false;
        }
        if (trade.paid()) {
            try {
                settlement.onProviderPaid(order.getOutTradeNo(), trade, ACTOR);
                return true;
            } catch (RuntimeException e) {
                log.error(
                        "Order {} of ended reservation {} was paid at WeChat Pay, and its refund could not be settled "
                                + "now; it stays CLOSING and is asked about again",
                        order.getOutTradeNo(),
                        order.getReservationId(),
                        e);
                return false;
            }
        }
        if (trade.state() == PaymentGateway.Trade.State.UNPAID) {
            // a close WeChat Pay took, then an answer that it is still open: not closed yet
            log.warn("Order {} is still open at WeChat Pay after its close; asked again", order.getOutTradeNo());
            return false;
        }
        boolean closed = orders.markClosed(order.getId(), LocalDateTime.now(clock)) == 1;
        if (closed && order.getStatus() == PayOrderStatus.CLOSING) {
            log.info("Order {} is closed at WeChat Pay at last", order.getOutTradeNo());
        }
        return closed;
    }
}
