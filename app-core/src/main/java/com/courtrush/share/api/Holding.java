package com.courtrush.share.api;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonIgnore;
import java.time.LocalDate;
import java.time.LocalTime;

/**
 * A booking that counts against a student's fair share: one they made (active, or a no-show: the place was used),
 * or one they accepted as a partner. As {@code data.holding} of a SHARE_USED answer shows it.
 *
 * @param reservationId the booking (0 for a place granted in Redis and not yet recorded)
 * @param asPartner     the student plays on it as an accepted partner
 * @param sport         its court's sport: its day's and week's share are that sport's
 */
public record Holding(
        @JsonIgnore long userId,
        long reservationId,
        long slotId,
        @JsonIgnore long sessionId,
        String courtName,
        LocalDate slotDate,
        @JsonFormat(pattern = "HH:mm") LocalTime startTime,
        @JsonFormat(pattern = "HH:mm") LocalTime endTime,
        boolean asPartner,
        String sport) {

    /** The entry's key in an opening's copy: 'b' and the slot for a booker (one place a slot), 'p' and the booking. */
    @JsonIgnore
    public String key() {
        return asPartner ? "p" + reservationId : "b" + slotId;
    }

    @JsonIgnore
    public SharePlace place() {
        return SharePlace.of(slotDate, startTime, endTime, sport);
    }

    /** The entry in an opening's copy: "key,slotId[/SPORT],start,end" ({@code lua/lib/share.lua}). */
    @JsonIgnore
    public String entry() {
        return place().entry(key(), slotId);
    }
}
