package com.courtrush.pay;

import com.courtrush.audit.api.SystemActor;
import com.courtrush.reserve.lifecycle.TimeoutCheck;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Before an unpaid booking with a live WeChat Pay order times out, WeChat Pay is asked: paid after all (its
 * notification was lost) settles the payment instead; unpaid closes the order there, so the student can never pay
 * for a booking that is gone. While WeChat Pay cannot be asked the booking waits, at most {@link #PATIENCE} past
 * its order's expiry; then it times out anyway, and a payment reported later is refunded.
 */
@Component
class AskBeforeTimeout implements TimeoutCheck {

    private static final Logger log = LoggerFactory.getLogger(AskBeforeTimeout.class);
    static final Duration PATIENCE = Duration.ofMinutes(10);
    private static final String ACTOR = SystemActor.PAY_TIMEOUT.actor();

    private final PayOrderMapper orders;
    private final PaymentSettlement payments;
    private final PaymentGateways gateways;
    private final Clock clock;

    AskBeforeTimeout(PayOrderMapper orders, PaymentSettlement payments, PaymentGateways gateways, Clock clock) {
        this.orders = orders;
        this.payments = payments;
        this.gateways = gateways;
        this.clock = clock;
    }

    @Override
    public boolean mayTimeOut(long reservationId) {
        PayOrder paying = orders.findPaying(reservationId);
        if (paying == null || !paying.live()) {
            return true;
        }
        try {
            if (payments.settleFromProvider(paying, ACTOR).paid()) {
                log.info(
                        "Order {} was paid though WeChat Pay's notification never came; reservation {} settled by a "
                                + "query",
                        paying.getOutTradeNo(),
                        reservationId);
                return false;
            }
            PaymentGateway.Trade closed = gateways.of(paying).close(paying);
            if (closed.paid()) {
                payments.onProviderPaid(paying.getOutTradeNo(), closed, ACTOR);
                return false;
            }
            return true;
        } catch (RuntimeException e) {
            boolean waitedEnough =
                    LocalDateTime.now(clock).isAfter(paying.getExpireTime().plus(PATIENCE));
            log.warn(
                    "WeChat Pay could not be asked about order {} before reservation {} times out ({}); {}",
                    paying.getOutTradeNo(),
                    reservationId,
                    e.toString(),
                    waitedEnough
                            ? "timed out anyway: a payment reported later is refunded"
                            : "asked again at the next run");
            return waitedEnough;
        }
    }
}
