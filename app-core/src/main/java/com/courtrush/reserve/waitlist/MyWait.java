package com.courtrush.reserve.waitlist;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/**
 * A student's live wait, as "my bookings" shows it: the slot, WAITING (with the place in line) or OFFERED
 * (with when the offer ends and the seconds left to take it).
 */
@Getter
@Setter
public class MyWait {
    private Long sessionId;
    private Long slotId;
    private String status;
    private LocalDate slotDate;

    @JsonFormat(pattern = "HH:mm")
    private LocalTime startTime;

    @JsonFormat(pattern = "HH:mm")
    private LocalTime endTime;

    private String courtName;
    private Integer priceCents;
    private LocalDateTime offerExpires;
    /** 1 = next; null when offered. */
    private Long position;
    /** Seconds left to take the offer, when offered. */
    private Long secondsToAccept;
}
