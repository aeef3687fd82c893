package com.courtrush.support.fakes;

import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.TimeSlot;
import com.courtrush.slot.TimeSlotMapper;
import java.io.Serializable;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The slot table in memory: its places booked, given back one at a time and never below none. */
public final class FakeSlots extends FakeMapper<TimeSlot> implements TimeSlotMapper, FakeTransactions.Undoable {

    private final Map<Long, TimeSlot> rows = new TreeMap<>();

    /** A slot of the opening on {@code date} from {@code start} to {@code end}, its price the default. */
    public synchronized TimeSlot slot(
            long id, long sessionId, LocalDate date, LocalTime start, LocalTime end, int capacity, int booked) {
        TimeSlot slot = new TimeSlot();
        slot.setId(id);
        slot.setSessionId(sessionId);
        slot.setCourtId(1L);
        slot.setSlotDate(date);
        slot.setStartTime(start);
        slot.setEndTime(end);
        slot.setCapacity(capacity);
        slot.setBooked(booked);
        slot.setActive(true);
        rows.put(id, slot);
        return slot;
    }

    /** One more place of the slot booked (a reservation recorded). */
    public synchronized void book(long id) {
        TimeSlot row = rows.get(id);
        row.setBooked(row.getBooked() + 1);
    }

    /** Places booked in the slot now. */
    public synchronized int booked(long id) {
        return rows.get(id).getBooked();
    }

    @Override
    public synchronized Runnable checkpoint() {
        Map<Long, Integer> booked =
                rows.values().stream().collect(Collectors.toMap(TimeSlot::getId, TimeSlot::getBooked));
        return () -> {
            synchronized (this) {
                booked.forEach((id, places) -> rows.get(id).setBooked(places));
            }
        };
    }

    @Override
    public synchronized TimeSlot selectById(Serializable id) {
        TimeSlot row = rows.get(((Number) id).longValue());
        if (row == null) {
            return null;
        }
        TimeSlot copy = new TimeSlot();
        copy.setId(row.getId());
        copy.setSessionId(row.getSessionId());
        copy.setCourtId(row.getCourtId());
        copy.setSlotDate(row.getSlotDate());
        copy.setStartTime(row.getStartTime());
        copy.setEndTime(row.getEndTime());
        copy.setCapacity(row.getCapacity());
        copy.setBooked(row.getBooked());
        copy.setPriceCents(row.getPriceCents());
        copy.setActive(row.getActive());
        return copy;
    }

    /** Sets the slot's own price (null: the default price). */
    public synchronized void price(long id, Integer cents) {
        rows.get(id).setPriceCents(cents);
    }

    @Override
    public synchronized int givePlaceBack(long id, LocalDateTime now) {
        TimeSlot row = rows.get(id);
        if (row == null || row.getBooked() <= 0) {
            return 0;
        }
        row.setBooked(row.getBooked() - 1);
        return 1;
    }

    @Override
    public int takePlaces(List<Places> places, LocalDateTime now) {
        throw notFaked();
    }

    @Override
    public List<SlotWithCourt> findBySessionWithCourt(long sessionId) {
        throw notFaked();
    }

    @Override
    public List<SlotWithCourt> findByIdsWithCourt(List<Long> ids) {
        throw notFaked();
    }

    /** The closures a test made: none unless it adds one. */
    public final List<ClosedHours> closed = new java.util.ArrayList<>();

    @Override
    public List<ClosedHours> closedBetween(LocalDateTime from, LocalDateTime until) {
        return closed.stream()
                .filter(each -> each.starts().isBefore(until) && each.ends().isAfter(from))
                .toList();
    }

    /** The blocks holding a court, whatever the day (a test puts only those of the day it makes slots on). */
    public final List<HeldHours> held = new java.util.ArrayList<>();

    @Override
    public List<HeldHours> heldOn(LocalDate day, int weekday) {
        return List.copyOf(held);
    }
}
