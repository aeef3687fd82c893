package com.courtrush.till.api;

import java.time.LocalDateTime;

/**
 * A shift as a list shows it: whose, at which console, when, and (closed) its sums, the cash counted and how far it was
 * from what it had to be (below zero: short), and the note it was handed over with. {@code shiftId} is the engine's
 * reference to it (no count, never shown); {@code dayNumber} its number among its day's shifts, the one people read;
 * {@code venueId} the venue whose desk it kept (its staff member's one venue), null for several or all (SPEC §21).
 */
public record ShiftView(
        long shiftId,
        int dayNumber,
        String actor,
        String actorName,
        String console,
        LocalDateTime opened,
        LocalDateTime closed,
        Integer cashTaken,
        Integer cashBack,
        Integer cardTaken,
        Integer cardBack,
        Integer wechatTaken,
        Integer wechatBack,
        Integer countedCash,
        Integer cashDifference,
        Integer mismatches,
        String note,
        Long venueId) {}
