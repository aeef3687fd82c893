package com.courtrush.pay;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.notice.Notices;
import com.courtrush.pay.api.PaidOutcome;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import com.courtrush.till.Receipts;
import com.courtrush.till.api.DeskChannel;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDateTime;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/** Money taken in person at the desk, with its receipt: a walk-in, or a student who comes to pay. */
@Service
public class DeskPayments {

    private final ClosingOrders closing;
    private final ReservationMapper reservations;
    private final ReservationAccess access;
    private final TimeSlotMapper slots;
    private final NewPayOrders newOrders;
    private final Receipts receipts;
    private final Notices notices;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;

    DeskPayments(
            ClosingOrders closing,
            ReservationMapper reservations,
            ReservationAccess access,
            TimeSlotMapper slots,
            NewPayOrders newOrders,
            Receipts receipts,
            Notices notices,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.closing = closing;
        this.reservations = reservations;
        this.access = access;
        this.slots = slots;
        this.newOrders = newOrders;
        this.receipts = receipts;
        this.notices = notices;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
    }

    /** The channel money is taken in at the desk: cash when none is said; refused if not one the desk takes. */
    public static DeskChannel takenAtDesk(DeskChannel channel) {
        DeskChannel taken = channel == null ? DeskChannel.CASH : channel;
        if (!DeskChannel.TAKEN_AT_DESK.contains(taken)) {
            throw CourtRushException.badRequest("pay.deskChannel", taken);
        }
        return taken;
    }

    /** Refuses, saying what it costs now, an amount staff were shown and confirmed that is not the price. */
    public static void requireShown(int expectedCents, int price) {
        if (expectedCents != price) {
            throw CourtRushException.conflict(
                    "pay.amountChanged",
                    BigDecimal.valueOf(expectedCents, 2).toPlainString(),
                    BigDecimal.valueOf(price, 2).toPlainString());
        }
    }

    /**
     * The desk takes the money in person (cash or card at the counter, {@code channel}; none: cash), for the amount
     * staff were shown and confirmed: refused, with the amount it costs now, if that is not it (the price changed
     * meanwhile) — there is no taking "whatever it costs". A DESK order, paid now, and the reservation CONFIRMED in one
     * transaction (the caller's, if it has one). Taken also for a slot that has started — the student is standing at
     * the desk. A PAYING order the student opened on the phone is closed (at WeChat Pay too, {@link ClosingOrders}), so
     * paying it as well would be refunded at once. Refused once the slot has ended.
     */
    public PaidView payAtDesk(long reservationId, int expectedCents, DeskChannel channel, Caller staff) {
        access.visibleTo(reservationId, staff);
        DeskChannel taken = takenAtDesk(channel);
        PaidView paid = transactions.execute(tx -> {
            Reservation locked = reservations.lockById(reservationId);
            NewPayOrders.requireUnpaid(locked);
            LocalDateTime now = LocalDateTime.now(clock);
            TimeSlot slot = slots.selectById(locked.getSlotId());
            if (slot != null && !now.isBefore(slot.getSlotDate().atTime(slot.getEndTime()))) {
                // nothing left to play: a booking paid now could only end as a no-show
                throw CourtRushException.conflict("pay.slotEnded", reservationId);
            }
            int price = newOrders.priceOf(locked, slot);
            requireShown(expectedCents, price);
            closing.endPaying(reservationId);
            PayOrder order = NewPayOrders.newOrder(locked, PaymentService.DESK_CHANNEL, price, now);
            order.setStatus(PayOrderStatus.SUCCESS);
            order.setPayingKey(null);
            order.setExpireTime(now);
            order.setPaidTime(now);
            order.setDeskChannel(taken.name());
            order.setTakenBy(staff.actor());
            newOrders.insert(order, locked);
            receipts.payment(reservationId, order.getOutTradeNo(), taken, price, staff.actor());
            reservations.confirm(reservationId, now);
            notices.paid(locked.getUserId(), reservationId, locked.getSlotId(), order.getOutTradeNo());
            return PaymentSettlement.paid(order, ReservationStatus.CONFIRMED, PaidOutcome.CONFIRMED);
        });
        audit.record(
                staff.actor(),
                AuditAction.PAY_AT_DESK,
                PaymentService.AUDIT_TARGET,
                paid.outTradeNo(),
                new EngineText(
                        "audit.paidAtDesk",
                        reservationId,
                        BigDecimal.valueOf(paid.amountCents(), 2).toPlainString()));
        return paid;
    }
}
