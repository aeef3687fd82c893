package com.courtrush.calendar;

import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/**
 * A booking as a calendar shows it: when, where, its order number, whether it still stands (and why not), and whose
 * it is when the reader is a partner on it.
 */
@Getter
@Setter
class CalendarBooking {
    private Long reservationId;
    private ReservationStatus status;
    private CancelReason cancelReason;
    private LocalDateTime updateTime;
    private LocalDate slotDate;
    private LocalTime startTime;
    private LocalTime endTime;
    private String courtName;
    /** The court's venue's names and where it is (SPEC §21); null names: the venue is named as the gym is. */
    private String venueZh;

    private String venueEn;
    private String venueLocation;
    private String outTradeNo;
    /** The booker's name when the student reading is an accepted partner on it; null on their own booking. */
    private String bookerName;
}
