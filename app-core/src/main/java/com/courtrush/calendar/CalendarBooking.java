package com.courtrush.calendar;

import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** A booking as a calendar shows it: when, where, its order number, and whether it still stands. */
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
    private String outTradeNo;
}
