package com.courtrush.slot.api;

import com.courtrush.core.CourtRushException;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

/**
 * A day's template. The window [startTime, endTime) must hold a whole number of slots;
 * {@code priceCents} null means "the default price".
 */
public record SlotTemplate(
        List<Long> courtIds,
        LocalTime startTime,
        LocalTime endTime,
        Integer durationMinutes,
        Integer capacity,
        Integer priceCents) {

    /** The most slots one template may make at once (courts × slots of the window). */
    public static final int MAX_SLOTS_PER_CALL = 2_000;

    public void validate() {
        if (courtIds == null || courtIds.isEmpty() || courtIds.stream().anyMatch(id -> id == null || id <= 0)) {
            throw CourtRushException.badRequest("slot.courtIds");
        }
        if (startTime == null || endTime == null || !endTime.isAfter(startTime)) {
            throw CourtRushException.badRequest("slot.times");
        }
        if (durationMinutes == null || durationMinutes < 5 || durationMinutes > 720) {
            throw CourtRushException.badRequest("slot.duration");
        }
        long window = Duration.between(startTime, endTime).toMinutes();
        if (window % durationMinutes != 0) {
            throw CourtRushException.badRequest("slot.window", startTime, endTime, window, durationMinutes);
        }
        if (capacity == null || capacity < 1 || capacity > 1000) {
            throw CourtRushException.badRequest("slot.capacity");
        }
        if (priceCents != null && (priceCents < 0 || priceCents > 10_000_000)) {
            throw CourtRushException.badRequest("slot.price");
        }
        if (courtIds.size() * (window / durationMinutes) > MAX_SLOTS_PER_CALL) {
            throw CourtRushException.badRequest("slot.tooMany", MAX_SLOTS_PER_CALL);
        }
    }

    /** Where each slot of the window starts, first to last. */
    public List<LocalTime> starts() {
        List<LocalTime> starts = new ArrayList<>();
        for (LocalTime t = startTime; t.isBefore(endTime); t = t.plusMinutes(durationMinutes)) {
            starts.add(t);
        }
        return starts;
    }
}
