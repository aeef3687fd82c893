package com.courtrush.reserve.api;

import java.time.LocalDateTime;

/**
 * A reservation's row whole, as staff read it among its details.
 *
 * @param holderId      the user while the reservation is active, null once it is cancelled (guards G2, G3)
 * @param checkedInTime when the desk checked it in; null until then
 */
public record ReservationData(
        Long id,
        String traceId,
        Long userId,
        Long slotId,
        Long sessionId,
        ReservationStatus status,
        CancelReason cancelReason,
        String note,
        Long holderId,
        LocalDateTime checkedInTime,
        String checkedInBy,
        LocalDateTime createTime,
        LocalDateTime updateTime) {}
