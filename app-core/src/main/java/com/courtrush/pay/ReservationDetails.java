package com.courtrush.pay;

import com.courtrush.account.UserAccount;
import com.courtrush.account.UserAccountMapper;
import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditLog;
import com.courtrush.audit.AuditTrail;
import com.courtrush.court.Court;
import com.courtrush.court.CourtMapper;
import com.courtrush.pay.api.PayRefundView;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationAccess;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/** Everything staff see about one reservation: its slot, student, pay orders, refunds and audit trail. */
@Service
public class ReservationDetails {

    private final ReservationMapper reservations;
    private final TimeSlotMapper slots;
    private final CourtMapper courts;
    private final UserAccountMapper accounts;
    private final PayOrderMapper orders;
    private final PayRefundMapper refunds;
    private final AuditTrail audit;
    private final ReservationAccess access;

    ReservationDetails(
            ReservationMapper reservations,
            TimeSlotMapper slots,
            CourtMapper courts,
            UserAccountMapper accounts,
            PayOrderMapper orders,
            PayRefundMapper refunds,
            AuditTrail audit,
            ReservationAccess access) {
        this.access = access;
        this.reservations = reservations;
        this.slots = slots;
        this.courts = courts;
        this.accounts = accounts;
        this.orders = orders;
        this.refunds = refunds;
        this.audit = audit;
    }

    /**
     * One reservation with everything around it, the history's details in {@code locale}: for staff of its venue's
     * desk (SPEC §21); to anyone else it does not exist.
     */
    public ReservationDetailsView of(long reservationId, Locale locale, Caller staff) {
        Reservation reservation = access.visibleTo(reservationId, staff);
        TimeSlot slot = slots.selectById(reservation.getSlotId());
        Court court = courts.selectById(slot.getCourtId());
        UserAccount student = accounts.selectById(reservation.getUserId());
        List<PayOrder> payOrders = orders.findAll(reservationId);
        List<AuditLog> trail = new ArrayList<>(audit.forTarget("RESERVATION", reservationId));
        trail.addAll(audit.forTarget("TRACE", reservation.getTraceId()));
        payOrders.forEach(o -> trail.addAll(audit.forTarget(PaymentService.AUDIT_TARGET, o.getOutTradeNo())));
        Map<Long, String> numbers =
                payOrders.stream().collect(Collectors.toMap(PayOrder::getId, PayOrder::getOutTradeNo));
        List<PayRefundView> given = refunds.findAll(reservationId).stream()
                .map(refund -> refund.view(numbers.get(refund.getPayOrderId())))
                .toList();
        trail.sort(Comparator.comparing(AuditLog::getId));
        return new ReservationDetailsView(
                reservation.data(),
                slot.view(),
                court.getName(),
                student.getStudentId(),
                student.getDisplayName(),
                payOrders.stream().map(PayOrder::view).toList(),
                given,
                trail.stream().map(entry -> entry.entryIn(locale)).toList());
    }
}
