package com.courtrush.reserve.api;

import java.time.LocalDateTime;

/** A reservation as the API shows it after a change. */
public record ReservationView(
        long reservationId,
        long slotId,
        long sessionId,
        ReservationStatus status,
        CancelReason cancelReason,
        String note,
        LocalDateTime createTime) {}
