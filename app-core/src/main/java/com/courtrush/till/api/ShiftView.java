package com.courtrush.till.api;

import java.time.LocalDateTime;

/**
 * A shift as a list shows it: whose, at which console, when, and (closed) its sums, the cash counted and how far it was
 * from what it had to be (below zero: short), and the note it was handed over with.
 */
public record ShiftView(
        long shiftId,
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
        String note) {}
