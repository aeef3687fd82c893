package com.courtrush.reserve.lifecycle;

import com.courtrush.partner.Partners;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import lombok.Getter;
import lombok.Setter;

/**
 * A student's reservation with its slot, court and what the student can still do with it, as
 * {@code GET /reservations/mine} lists it. {@code note} is the reason given when it was cancelled
 * (by staff, or the student's refund reason); {@code payBy}/{@code secondsToPay} are set while it
 * waits for payment, {@code refundUntil}/{@code refundOpen} once it is paid.
 */
@Getter
@Setter
public class MyReservation {
    private Long reservationId;
    private String traceId;
    private Long slotId;
    private Long sessionId;
    private ReservationStatus status;
    private CancelReason cancelReason;
    private String note;
    private LocalDateTime createTime;
    private LocalDate slotDate;

    @JsonFormat(pattern = "HH:mm")
    private LocalTime startTime;

    @JsonFormat(pattern = "HH:mm")
    private LocalTime endTime;

    private Long courtId;
    private String courtName;
    /** The court's venue (SPEC §21): where to go, named by {@code GET /venues}. */
    private Long venueId;
    /** The court's sport. */
    private String sport;

    private Integer priceCents;
    private LocalDateTime payBy;
    private Long secondsToPay;
    private LocalDateTime refundUntil;
    /** When the desk checked it in (SPEC §16); null until then. */
    private LocalDateTime checkedInTime;

    private Boolean refundOpen;

    /** What was paid for it and what went back, by where it is (issue 74); null when nothing was paid. */
    private BookingMoney money;

    /**
     * Another student's booking this student accepted being a partner on (SPEC §17, issue 55): shown as theirs to
     * play and check in with, not to pay, cancel or refund (no deadlines of those are set); false for their own.
     */
    private boolean asPartner;

    /** Whose booking it is, when it is a partner's: the booker's name; null for the student's own. */
    private String bookerName;

    /** Partners named on an active booking: the id as typed, INVITED or ACCEPTED, the name once accepted. */
    private List<Partners.Partner> partners = List.of();
}
