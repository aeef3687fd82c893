package com.courtrush.staff;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Texts;
import com.courtrush.pay.RefundService;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.reserve.lifecycle.ReservationCancellation;
import com.courtrush.slot.SlotEditor;
import com.courtrush.staff.api.WithdrawalImpact;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Takes a slot off sale even when it is booked: the slot is disabled first (no new bookings can be
 * recorded on it), then each unpaid reservation is cancelled and each paid one refunded — with the
 * staff member's reason, audited. The console asks for confirmation with {@link #impact}.
 */
@Service
public class SlotWithdrawal {

    private static final Logger log = LoggerFactory.getLogger(SlotWithdrawal.class);

    private final SlotEditor slots;
    private final ReservationMapper reservations;
    private final ReservationCancellation cancellation;
    private final RefundService refunds;

    SlotWithdrawal(
            SlotEditor slots,
            ReservationMapper reservations,
            ReservationCancellation cancellation,
            RefundService refunds) {
        this.slots = slots;
        this.reservations = reservations;
        this.cancellation = cancellation;
        this.refunds = refunds;
    }

    /** What withdrawing the slot would do. */
    public WithdrawalImpact impact(long slotId) {
        slots.get(slotId);
        List<Reservation> active = active(slotId);
        return new WithdrawalImpact(
                slotId,
                (int) active.stream()
                        .filter(r -> r.getStatus() == ReservationStatus.PENDING_PAYMENT)
                        .count(),
                (int) active.stream()
                        .filter(r -> r.getStatus() == ReservationStatus.CONFIRMED)
                        .count());
    }

    public WithdrawalImpact withdraw(long slotId, String reason, Caller staff) {
        if (reason == null || reason.isBlank()) {
            throw CourtRushException.badRequest("withdraw.reason");
        }
        Texts.requirePlain(reason, "reason");
        slots.setActive(slotId, false, staff.actor());
        int cancelled = 0;
        int refunded = 0;
        for (Reservation reservation : active(slotId)) {
            try {
                if (reservation.getStatus() == ReservationStatus.PENDING_PAYMENT) {
                    cancellation.cancelByStaff(reservation.getId(), reason, staff);
                    cancelled++;
                } else {
                    refunds.refundByStaff(reservation.getId(), staff, reason, true);
                    refunded++;
                }
            } catch (CourtRushException raced) {
                // paid, cancelled or timed out meanwhile: the next pass below catches what is left
                log.info(
                        "Reservation {} changed while slot {} was withdrawn: {}",
                        reservation.getId(),
                        slotId,
                        raced.getMessage());
            }
        }
        List<Reservation> left = active(slotId);
        if (!left.isEmpty()) {
            throw CourtRushException.conflict("withdraw.raced", left.size(), slotId);
        }
        return new WithdrawalImpact(slotId, cancelled, refunded);
    }

    private List<Reservation> active(long slotId) {
        return reservations.selectList(new LambdaQueryWrapper<Reservation>()
                .eq(Reservation::getSlotId, slotId)
                .isNotNull(Reservation::getHolderId));
    }
}
