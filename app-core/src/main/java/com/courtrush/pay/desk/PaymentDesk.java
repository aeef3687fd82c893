package com.courtrush.pay.desk;

import com.courtrush.account.StaffOnly;
import com.courtrush.account.api.Caller;
import com.courtrush.pay.PaymentSettlement;
import com.courtrush.pay.RefundService;
import com.courtrush.pay.ReservationDetails;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with payments: one reservation's details and orders, mark it paid,
 * refund it whole or in part.
 */
@Component
public class PaymentDesk {

    private final ReservationDetails details;
    private final PaymentSettlement payments;
    private final RefundService refunds;

    private final ReservationAccess access;
    private final ReservationMapper reservations;

    public PaymentDesk(
            ReservationDetails details,
            PaymentSettlement payments,
            RefundService refunds,
            ReservationAccess access,
            ReservationMapper reservations) {
        this.details = details;
        this.payments = payments;
        this.refunds = refunds;
        this.access = access;
        this.reservations = reservations;
    }

    /** See {@link ReservationDetails#of}. */
    public ReservationDetailsView details(long reservationId, Locale locale, Caller staff) {
        return details.of(reservationId, locale, staff);
    }

    /**
     * Staff report a simulated WeChat payment of order {@code outTradeNo} as successful (idempotent): the console's
     * "mark paid" on the order its question named, or {@code POST /pay/wechat/mock-success/{outTradeNo}}. A live
     * order only once WeChat Pay says it was paid.
     */
    @StaffOnly
    public PaidView markOrderPaid(String outTradeNo, Caller staff) {
        Long reservationId = reservations.reservationOfOrder(outTradeNo);
        if (reservationId != null) {
            access.visibleTo(reservationId, staff); // another venue's desk: no such booking (SPEC §21)
        }
        return payments.onPaid(outTradeNo, staff.actor());
    }

    /** See {@link RefundService#refundPart}. */
    @StaffOnly
    public Refunded refundPart(long reservationId, int cents, String reason, Caller staff) {
        return refunds.refundPart(reservationId, cents, reason, staff);
    }

    /** See {@link RefundService#refundByStaff}. */
    @StaffOnly
    public Refunded refund(long reservationId, Caller staff, String reason, boolean overrideCutoff) {
        return refunds.refundByStaff(reservationId, staff, reason, overrideCutoff);
    }
}
