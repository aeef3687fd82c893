package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.CourtRushException;
import com.courtrush.notice.PayDueCheck;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * WeChat Pay asked about an unpaid booking's live order before the timeout needs to (issue 74): its notification may
 * be lost, and only its word confirms a live order. Asked when the student comes back from paying (the page's {@code
 * POST /pay/reservation/{id}/check}, at most once per {@link #EVERY} per order across nodes, however often the page
 * polls) and before a "payment due" reminder goes out ({@link PayDueCheck}). Paid: settled at once — confirmed — as
 * its notification would have. ({@link AskBeforeTimeout} asks before the timeout; an ORDERPAID answer to a prepay is
 * {@link PaymentService}'s.)
 */
@Component
class AskWechatPay implements PayDueCheck {

    private static final Logger log = LoggerFactory.getLogger(AskWechatPay.class);
    /** At most one ask per order this often, whatever polls. */
    static final Duration EVERY = Duration.ofSeconds(4);

    private static final String ACTOR = SystemActor.PAYMENT.actor();

    private final ReservationAccess access;
    private final ReservationMapper reservations;
    private final PayOrderMapper orders;
    private final PaymentSettlement settlement;
    private final AskTurns turns;
    private final Clock clock;

    AskWechatPay(
            ReservationAccess access,
            ReservationMapper reservations,
            PayOrderMapper orders,
            PaymentSettlement settlement,
            AskTurns turns,
            Clock clock) {
        this.access = access;
        this.reservations = reservations;
        this.orders = orders;
        this.settlement = settlement;
        this.turns = turns;
        this.clock = clock;
    }

    /**
     * {@code POST /pay/reservation/{id}/check}: WeChat Pay asked about the booking's live order — unless another ask
     * of it was a moment ago — and what it said, with the booking as it stands after (confirmed when it said paid).
     */
    public Checked check(long reservationId, Caller caller) {
        Reservation reservation = access.visibleTo(reservationId, caller);
        PayOrder paying =
                reservation.getStatus() == ReservationStatus.PENDING_PAYMENT ? orders.findPaying(reservationId) : null;
        if (paying == null || !paying.live()) {
            return checked(reservation, Said.NOTHING_TO_ASK, null);
        }
        if (!turns.take(paying.getOutTradeNo(), EVERY)) {
            return checked(reservation, Said.ASKED_A_MOMENT_AGO, null);
        }
        LocalDateTime asked = LocalDateTime.now(clock);
        try {
            PaymentGateway.Trade trade = settlement.settleFromProvider(paying, ACTOR);
            Said said = trade.paid() ? Said.PAID : Said.NOT_PAID;
            return checked(reservations.selectById(reservationId), said, asked);
        } catch (CourtRushException e) {
            // WeChat Pay did not answer, or refused (the gateway logged which, with the order's number): the page
            // says so and asks again in a few seconds. Anything else is the engine's own failure and goes up
            return checked(reservation, Said.UNREACHABLE, asked);
        }
    }

    /**
     * Before "payment due soon": a booking with a live order is asked about at WeChat Pay, and one it says was paid is
     * settled instead of reminded. WeChat Pay not answering: reminded (its deadline is real).
     */
    @Override
    public boolean stillUnpaid(long reservationId) {
        PayOrder paying = orders.findPaying(reservationId);
        if (paying == null || !paying.live()) {
            return true;
        }
        try {
            if (settlement.settleFromProvider(paying, ACTOR).paid()) {
                log.info(
                        "Order {} was paid though WeChat Pay's notification never came; reservation {} settled "
                                + "instead of reminded",
                        paying.getOutTradeNo(),
                        reservationId);
                return false;
            }
            return true;
        } catch (CourtRushException e) {
            log.warn(
                    "WeChat Pay could not be asked about order {} before reservation {}'s payment reminder ({}); "
                            + "reminded",
                    paying.getOutTradeNo(),
                    reservationId,
                    e.toString());
            return true;
        }
    }

    private Checked checked(Reservation reservation, Said said, LocalDateTime askedAt) {
        PayOrder latest =
                orders.findAll(reservation.getId()).stream().reduce((a, b) -> b).orElse(null);
        return new Checked(
                reservation.getId(),
                reservation.getStatus(),
                latest == null ? null : latest.getStatus(),
                said,
                askedAt);
    }

    /** What WeChat Pay said of the booking's live order. */
    enum Said {
        /** Paid: settled now (the booking confirmed, or refunded when it had ended). */
        PAID,
        /** Not paid (yet): unpaid, closed or unknown there. */
        NOT_PAID,
        /** WeChat Pay did not answer; ask again in a few seconds. */
        UNREACHABLE,
        /** Asked about this order a moment ago (this or another page, this or another node): not asked again yet. */
        ASKED_A_MOMENT_AGO,
        /** Nothing to ask: the booking is not waiting for a live WeChat Pay payment (paid, ended, simulated). */
        NOTHING_TO_ASK
    }

    /** What {@code POST /pay/reservation/{id}/check} answers; {@code askedAt}: when WeChat Pay was asked, if it was. */
    record Checked(
            long reservationId,
            ReservationStatus reservationStatus,
            PayOrderStatus payStatus,
            Said wechatPay,
            LocalDateTime askedAt) {}
}
