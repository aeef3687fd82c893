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
 * for a booking that is gone. While WeChat Pay cannot say whether it was paid the booking waits, at most {@link
 * #PATIENCE} past its order's expiry; then it times out anyway. A close that fails does not hold the booking: it
 * times out, its order CLOSING until WeChat Pay closes it ({@link ClosingOrders}), a payment found then refunded.
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
        } catch (RuntimeException e) {
            boolean waitedEnough =
                    LocalDateTime.now(clock).isAfter(paying.getExpireTime().plus(PATIENCE));
            log.warn(
                    "WeChat Pay could not be asked about order {} before reservation {} times out ({}); {}",
                    paying.getOutTradeNo(),
                    reservationId,
                    e.toString(),
                    waitedEnough
                            ? "timed out anyway: its order stays CLOSING until WeChat Pay closes it"
                            : "asked again at the next run");
            return waitedEnough;
        }
        PaymentGateway.Trade closed;
        try {
            closed = gateways.of(paying).close(paying);
        } catch (RuntimeException e) {
            log.warn(
                    "Order {} of unpaid reservation {} could not be closed at WeChat Pay ({}); the reservation times "
                            + "out, its order CLOSING until WeChat Pay closes it",
                    paying.getOutTradeNo(),
                    reservationId,
                    e.toString());
            return true;
        }
        if (closed.paid()) {
            // paid a moment before the close: a paid booking never times out
            try {
                payments.onProviderPaid(paying.getOutTradeNo(), closed, ACTOR);
            } catch (RuntimeException e) {
                log.error(
                        "Order {} was found paid as it was closed, and its payment could not be settled now; "
                                + "reservation {} waits for the next run",
                        paying.getOutTradeNo(),
                        reservationId,
                        e);
            }
            return false;
        }
        return true;
    }
}
