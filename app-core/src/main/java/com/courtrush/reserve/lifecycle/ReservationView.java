package com.courtrush.reserve.lifecycle;

import com.courtrush.reserve.data.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationStatus;
import java.time.LocalDateTime;

/** A reservation as the API shows it after a change. */
public record ReservationView(
        long reservationId,
        long slotId,
        long sessionId,
        ReservationStatus status,
        CancelReason cancelReason,
        String note,
        LocalDateTime createTime) {

    public static ReservationView of(Reservation r) {
        return new ReservationView(
                r.getId(),
                r.getSlotId(),
                r.getSessionId(),
                r.getStatus(),
                r.getCancelReason(),
                r.getNote(),
                r.getCreateTime());
    }
}
