package com.courtrush.attendance;

import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/**
 * A booking as the desk sees it at check-in: when and where, who, its order number (what a student
 * shows), its short code, and whether and when it was checked in — or that it ended as a no-show.
 */
@Getter
@Setter
public class DeskBooking {
    private Long reservationId;
    private Long userId;
    private Long slotId;
    private String studentId;
    private String studentName;
    private ReservationStatus status;
    private CancelReason cancelReason;
    private LocalDate slotDate;

    @JsonFormat(pattern = "HH:mm")
    private LocalTime startTime;

    @JsonFormat(pattern = "HH:mm")
    private LocalTime endTime;

    private Long courtId;
    /** The venue of its court, whose desk it is (SPEC §21). */
    private Long venueId;

    private String courtName;
    private String outTradeNo;
    private LocalDateTime checkedInTime;
    private String checkedInBy;
    /** The names of the partners who accepted, comma-separated; null for none. */
    private String partnerNames;
    /** Filled in by {@link CheckIns}: the code the student reads out. */
    private String code;
    /** When it was booked: at or after its start, it is a walk-in (online sales end at the start). */
    private LocalDateTime bookedTime;
    /** The slot's own price; null: the gym's default price. */
    private Integer priceCents;
    /** Filled in by {@link CheckIns}: what it costs, the slot's price or the default one. */
    private int amountCents;

    /** Active (not ended), so it can be checked in. */
    public boolean active() {
        return status != null && status.active();
    }

    /** The booking as the desk sees it. */
    public DeskBookingView view() {
        return new DeskBookingView(
                getReservationId(),
                getUserId(),
                getSlotId(),
                getStudentId(),
                getStudentName(),
                getStatus(),
                getCancelReason(),
                getSlotDate(),
                getStartTime(),
                getEndTime(),
                getCourtId(),
                getCourtName(),
                getOutTradeNo(),
                getCheckedInTime(),
                getCheckedInBy(),
                getPartnerNames(),
                getCode(),
                getBookedTime(),
                getAmountCents());
    }
}
