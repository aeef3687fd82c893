package com.courtrush.attendance.api;

import java.time.LocalDateTime;
import java.util.List;

/**
 * Where a student stands: blocked until when, and every strike, newest first.
 *
 * @param blockedUntil  when the block ends; null when the student is not blocked
 * @param reason        {@code NO_SHOW_STRIKES} while blocked
 * @param counting      strikes not forgiven within the window
 * @param strikesToBlock how many block
 * @param windowDays    over how many days they are counted
 */
public record StrikeStanding(
        LocalDateTime blockedUntil,
        String reason,
        int counting,
        int strikesToBlock,
        int windowDays,
        List<Strike> strikes) {}
