package com.courtrush.attendance.api;

import com.courtrush.account.api.Category;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The desk's board of a day (issue 52): its courts down the side, its hours across, and each slot with its bookings
 * and the places left — what staff look at instead of searching.
 *
 * @param now    the gym's time when it was read: which slots are running, which have not begun
 * @param courts the courts with a slot that day, by name
 * @param hours  the start times of the day's slots, in order: the columns, written "HH:mm" like the slots'
 * @param slots  the day's slots, by start and court
 */
public record DeskBoard(
        LocalDate day,
        LocalDateTime now,
        List<Court> courts,
        @JsonFormat(pattern = "HH:mm") List<LocalTime> hours,
        List<Cell> slots) {

    public record Court(long courtId, String name) {}

    /**
     * One slot of a court: its bookings that count (active, or ended as no-shows) and the places nobody holds.
     *
     * @param running a walk-in may be booked into a free place now (SPEC §16: a slot that has begun, not ended)
     * @param ended   its time is over
     * @param heldFor the label of the class or team block holding it, off sale (SPEC §21); null when it is on sale
     * @param prices  what each category its venue admits pays (SPEC §21): a walk-in pays their own; priceCents is
     *                a student's
     */
    public record Cell(
            long slotId,
            long sessionId,
            long courtId,
            @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @JsonFormat(pattern = "HH:mm") LocalTime endTime,
            int capacity,
            int placesLeft,
            int priceCents,
            boolean running,
            boolean ended,
            List<DeskBookingView> bookings,
            String heldFor,
            Map<Category, Integer> prices) {

        public Cell {
            // in the categories' order, as the page and the console list them
            prices = prices == null || prices.isEmpty()
                    ? Map.of(Category.STUDENT, priceCents)
                    : Collections.unmodifiableMap(new EnumMap<>(prices));
        }

        /** What a member of {@code category} pays for a place; null when its venue does not admit them. */
        public Integer priceFor(Category category) {
            return prices.get(category);
        }

        /** A slot on sale. */
        public Cell(
                long slotId,
                long sessionId,
                long courtId,
                LocalTime startTime,
                LocalTime endTime,
                int capacity,
                int placesLeft,
                int priceCents,
                boolean running,
                boolean ended,
                List<DeskBookingView> bookings) {
            this(
                    slotId,
                    sessionId,
                    courtId,
                    startTime,
                    endTime,
                    capacity,
                    placesLeft,
                    priceCents,
                    running,
                    ended,
                    bookings,
                    null,
                    null);
        }
    }
}
