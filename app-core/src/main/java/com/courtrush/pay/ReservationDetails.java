package com.courtrush.pay;

import com.courtrush.account.UserAccount;
import com.courtrush.account.UserAccountMapper;
import com.courtrush.audit.AuditLog;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.court.Court;
import com.courtrush.court.CourtMapper;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.reserve.api.ReservationData;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import com.courtrush.slot.api.SlotView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;

/** Everything staff see about one reservation: its slot, student, pay orders and audit trail. */
@Service
public class ReservationDetails {

    private final ReservationMapper reservations;
    private final TimeSlotMapper slots;
    private final CourtMapper courts;
    private final UserAccountMapper accounts;
    private final PayOrderMapper orders;
    private final AuditTrail audit;

    ReservationDetails(
            ReservationMapper reservations,
            TimeSlotMapper slots,
            CourtMapper courts,
            UserAccountMapper accounts,
            PayOrderMapper orders,
            AuditTrail audit) {
        this.reservations = reservations;
        this.slots = slots;
        this.courts = courts;
        this.accounts = accounts;
        this.orders = orders;
        this.audit = audit;
    }

    /** One reservation with everything around it, the history's details in {@code locale}. */
    public ReservationDetailsView of(long reservationId, Locale locale) {
        Reservation reservation = reservations.selectById(reservationId);
        if (reservation == null) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        TimeSlot slot = slots.selectById(reservation.getSlotId());
        Court court = courts.selectById(slot.getCourtId());
        UserAccount student = accounts.selectById(reservation.getUserId());
        List<PayOrder> payOrders = orders.findAll(reservationId);
        List<AuditLog> trail = new ArrayList<>(audit.forTarget("RESERVATION", reservationId));
        trail.addAll(audit.forTarget("TRACE", reservation.getTraceId()));
        payOrders.forEach(o -> trail.addAll(audit.forTarget(PaymentService.AUDIT_TARGET, o.getOutTradeNo())));
        trail.sort(Comparator.comparing(AuditLog::getId));
        return new ReservationDetailsView(
                data(reservation),
                view(slot),
                court.getName(),
                student.getStudentId(),
                student.getDisplayName(),
                payOrders.stream().map(ReservationDetails::view).toList(),
                trail.stream().map(entry -> entry.entryIn(locale)).toList());
    }

    private static ReservationData data(Reservation r) {
        return new ReservationData(
                r.getId(),
                r.getTraceId(),
                r.getUserId(),
                r.getSlotId(),
                r.getSessionId(),
                r.getStatus(),
                r.getCancelReason(),
                r.getNote(),
                r.getHolderId(),
                r.getCheckedInTime(),
                r.getCheckedInBy(),
                r.getCreateTime(),
                r.getUpdateTime());
    }

    private static SlotView view(TimeSlot slot) {
        return new SlotView(
                slot.getId(),
                slot.getSessionId(),
                slot.getCourtId(),
                slot.getSlotDate(),
                slot.getStartTime(),
                slot.getEndTime(),
                slot.getCapacity(),
                slot.getBooked(),
                slot.getPriceCents(),
                Boolean.TRUE.equals(slot.getActive()),
                slot.getCreateTime(),
                slot.getUpdateTime());
    }

    private static PayOrderView view(PayOrder order) {
        return new PayOrderView(
                order.getId(),
                order.getOutTradeNo(),
                order.getReservationId(),
                order.getChannel(),
                order.getAmountCents(),
                order.getStatus(),
                order.getPayingKey(),
                order.getExpireTime(),
                order.getPaidTime(),
                order.getRefundTime(),
                order.getCreateTime(),
                order.getUpdateTime());
    }
}
