package com.courtrush.attendance.api;

import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A booking as the desk sees it at check-in: when and where, who, its order number (what a student
 * shows), its short code, and whether and when it was checked in — or that it ended as a no-show.
 *
 * @param partnerNames the names of the partners who accepted, comma-separated; null for none
 * @param code         the code the student reads out
 * @param bookedTime   when it was booked
 * @param amountCents  what it costs: the slot's price, or the gym's default one
 */
public record DeskBookingView(
        Long reservationId,
        Long userId,
        Long slotId,
        String studentId,
        String studentName,
        ReservationStatus status,
        CancelReason cancelReason,
        LocalDate slotDate,
        @JsonFormat(pattern = "HH:mm") LocalTime startTime,
        @JsonFormat(pattern = "HH:mm") LocalTime endTime,
        Long courtId,
        String courtName,
        String outTradeNo,
        LocalDateTime checkedInTime,
        String checkedInBy,
        String partnerNames,
        String code,
        LocalDateTime bookedTime,
        int amountCents) {

    /** Active (not ended), so it can be checked in. */
    public boolean active() {
        return status != null && status.active();
    }

    /** Booked at the desk for a slot already running (online sales end at its start): a walk-in. */
    public boolean walkIn() {
        return bookedTime != null
                && slotDate != null
                && startTime != null
                && !bookedTime.isBefore(slotDate.atTime(startTime));
    }

    /** Ended as a no-show. */
    public boolean noShow() {
        return cancelReason == CancelReason.NO_SHOW;
    }
}
