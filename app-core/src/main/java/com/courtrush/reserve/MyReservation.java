package com.courtrush.reserve;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** A student's reservation with its slot and court, as {@code GET /reservations/mine} lists it. */
@Getter
@Setter
public class MyReservation {
    private Long reservationId;
    private String traceId;
    private Long slotId;
    private Long sessionId;
    private ReservationStatus status;
    private CancelReason cancelReason;
    private LocalDateTime createTime;
    private LocalDate slotDate;
    @JsonFormat(pattern = "HH:mm")
    private LocalTime startTime;
    @JsonFormat(pattern = "HH:mm")
    private LocalTime endTime;
    private Long courtId;
    private String courtName;
}
