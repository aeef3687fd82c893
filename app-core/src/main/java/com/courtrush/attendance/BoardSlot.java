package com.courtrush.attendance;

import java.time.LocalDate;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** A slot of the day as the board lays it out, read fresh from the database. */
@Getter
@Setter
public class BoardSlot {
    private Long slotId;
    private Long sessionId;
    private Long courtId;
    private Long venueId;
    private String sport;
    private String courtName;
    private LocalDate slotDate;
    private LocalTime startTime;
    private LocalTime endTime;
    private Integer capacity;
    private Integer priceCents;
    /** The label of the class or team block holding it (SPEC §21); null when it is on sale. */
    private String heldFor;
}
