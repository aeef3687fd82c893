package com.courtrush.attendance;

import com.courtrush.account.api.Category;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.venue.Prices;
import com.courtrush.venue.api.DeskScope;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/**
 * The desk's board of a day (issue 52): the day's active slots, those a class or team block holds (SPEC §21), and its
 * bookings at the desk — the active ones and the no-shows — each one indexed query of that date, read fresh: the board
 * is read again every few seconds and shows what the database holds.
 */
@Service
public class DeskBoards {

    private final AttendanceMapper attendance;
    private final CheckIns checkIns;
    private final Prices prices;
    private final Clock clock;

    DeskBoards(AttendanceMapper attendance, CheckIns checkIns, Prices prices, Clock clock) {
        this.attendance = attendance;
        this.checkIns = checkIns;
        this.prices = prices;
        this.clock = clock;
    }

    /** The board of {@code day}: the courts of the venues of {@code scope} only (SPEC §21). */
    public DeskBoard board(LocalDate day, DeskScope scope) {
        LocalDateTime now = LocalDateTime.now(clock);
        Map<Long, List<DeskBookingView>> bookings = checkIns.day(day, null, scope).stream()
                .map(DeskBooking::view)
                .collect(Collectors.groupingBy(DeskBookingView::slotId, TreeMap::new, Collectors.toList()));
        List<BoardSlot> slots = attendance.slotsOn(day).stream()
                .filter(slot -> scope.covers(slot.getVenueId()))
                .toList();
        Map<Long, DeskBoard.Court> courts = new TreeMap<>();
        TreeSet<LocalTime> hours = new TreeSet<>();
        List<DeskBoard.Cell> cells = new ArrayList<>(slots.size());
        for (BoardSlot slot : slots) {
            courts.putIfAbsent(slot.getCourtId(), new DeskBoard.Court(slot.getCourtId(), slot.getCourtName()));
            hours.add(slot.getStartTime()); // the columns: an end is no column of its own (none past the last start)
            List<DeskBookingView> held = bookings.getOrDefault(slot.getSlotId(), List.of());
            long holding = held.stream().filter(DeskBookingView::active).count();
            boolean onSale = slot.getHeldFor() == null;
            LocalDateTime start = day.atTime(slot.getStartTime());
            LocalDateTime end = day.atTime(slot.getEndTime());
            cells.add(new DeskBoard.Cell(
                    slot.getSlotId(),
                    slot.getSessionId(),
                    slot.getCourtId(),
                    slot.getStartTime(),
                    slot.getEndTime(),
                    slot.getCapacity(),
                    onSale ? (int) Math.max(0, slot.getCapacity() - holding) : 0,
                    prices.priceOf(
                            slot.getVenueId(),
                            slot.getSport(),
                            day,
                            slot.getStartTime(),
                            slot.getPriceCents(),
                            Category.STUDENT),
                    // SPEC §16: a walk-in only into a slot that has begun and not ended
                    onSale && !start.isAfter(now) && now.isBefore(end),
                    !now.isBefore(end),
                    held,
                    slot.getHeldFor(),
                    prices.pricesOf(
                            slot.getVenueId(), slot.getSport(), day, slot.getStartTime(), slot.getPriceCents())));
        }
        // in the gym's own order, as the Courts screen lists them (by name, "10号场" would come before "2号场")
        List<DeskBoard.Court> inOrder = courts.values().stream()
                .sorted(Comparator.comparingLong(DeskBoard.Court::courtId))
                .toList();
        return new DeskBoard(day, now, inOrder, List.copyOf(hours), cells);
    }
}
