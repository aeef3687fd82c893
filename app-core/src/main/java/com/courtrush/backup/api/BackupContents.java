package com.courtrush.backup.api;

import java.time.Instant;
import java.time.LocalDateTime;

/**
 * What a backup holds, read from the backup itself (restored into a folder of its own and opened read-only): what
 * staff see before they restore it.
 *
 * @param name               the backup's file name
 * @param made               when its file was written
 * @param newestReservation  when its newest reservation was made (the gym's time), null when it holds none
 * @param schema             its database's schema (its newest migration applied)
 * @param madeBy             the release that last ran on it ({@code 0.2.0}); null for a release before 0.2.0, which
 *                           did not record itself
 */
public record BackupContents(
        String name,
        Instant made,
        long reservations,
        long payOrders,
        long students,
        long staff,
        LocalDateTime newestReservation,
        int schema,
        String madeBy) {}
