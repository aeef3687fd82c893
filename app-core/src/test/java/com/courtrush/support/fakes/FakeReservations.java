package com.courtrush.support.fakes;

import com.courtrush.core.PayDeadline;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import java.io.Serializable;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The reservation table in memory: reads answer copies (as rows read from a database would be), the status
 * changes are compare-and-sets that answer how many rows they changed, and an ended reservation lets go of its
 * holder (G2's column). Row locks are not modelled: a test that races two threads relies on the compare-and-set.
 */
public final class FakeReservations extends FakeMapper<Reservation>
        implements ReservationMapper, FakeTransactions.Undoable {

    private final Map<Long, Reservation> rows = new TreeMap<>();

    /** The payment timeout a reservation made by {@link #pending} was given: the setting's default. */
    public static final int PAY_MINUTES = 15;

    /**
     * A PENDING_PAYMENT reservation of the student in the slot, made at {@code created}, to be paid by
     * {@link #PAY_MINUTES} later (the deadline it keeps, as a won booking does).
     */
    public synchronized Reservation pending(long id, long userId, long slotId, long sessionId, LocalDateTime created) {
        Reservation row = new Reservation();
        row.setId(id);
        row.setTraceId("trace-" + id);
        row.setUserId(userId);
        row.setSlotId(slotId);
        row.setSessionId(sessionId);
        row.setStatus(ReservationStatus.PENDING_PAYMENT);
        row.setHolderId(userId);
        row.setCreateTime(created);
        row.setUpdateTime(created);
        row.setPayBy(created.plusMinutes(PAY_MINUTES));
        rows.put(id, row);
        return copy(row);
    }

    /** The row as it is now (a copy); null when there is none. */
    public synchronized Reservation row(long id) {
        Reservation row = rows.get(id);
        return row == null ? null : copy(row);
    }

    /** The ids of every row, in order. */
    public synchronized List<Long> ids() {
        return List.copyOf(rows.keySet());
    }

    /** Changes the stored row in place (for what no statement of the mapper's does: a check-in). */
    public synchronized void change(long id, Consumer<Reservation> change) {
        change.accept(rows.get(id));
    }

    @Override
    public synchronized Runnable checkpoint() {
        Map<Long, Reservation> saved = rows.values().stream()
                .collect(Collectors.toMap(Reservation::getId, FakeReservations::copy, (a, b) -> a, TreeMap::new));
        return () -> {
            synchronized (this) {
                rows.clear();
                rows.putAll(saved);
            }
        };
    }

    @Override
    public synchronized Reservation selectById(Serializable id) {
        return row(((Number) id).longValue());
    }

    @Override
    public synchronized Reservation lockById(long id) {
        return row(id);
    }

    @Override
    public synchronized int cancel(
            long id, ReservationStatus from, CancelReason reason, String note, LocalDateTime now) {
        Reservation row = rows.get(id);
        if (row == null || row.getStatus() != from) {
            return 0;
        }
        row.setStatus(ReservationStatus.CANCELLED);
        row.setCancelReason(reason);
        row.setHolderId(null);
        row.setNote(note);
        row.setUpdateTime(now);
        return 1;
    }

    @Override
    public synchronized int confirm(long id, LocalDateTime now) {
        Reservation row = rows.get(id);
        if (row == null || row.getStatus() != ReservationStatus.PENDING_PAYMENT) {
            return 0;
        }
        row.setStatus(ReservationStatus.CONFIRMED);
        row.setUpdateTime(now);
        return 1;
    }

    @Override
    public synchronized List<Long> findOverdue(LocalDateTime now, int minutes, int limit) {
        return rows.values().stream()
                .filter(r -> r.getStatus() == ReservationStatus.PENDING_PAYMENT
                        && !PayDeadline.given(r.getPayBy(), r.getCreateTime(), minutes)
                                .isAfter(now))
                .sorted(Comparator.comparing(Reservation::getId))
                .limit(limit)
                .map(Reservation::getId)
                .toList();
    }

    @Override
    public List<Long> findStartedUnpaid(LocalDate day, java.time.LocalTime time, int limit) {
        throw notFaked();
    }

    @Override
    public Long reservationOfOrder(String outTradeNo) {
        throw notFaked();
    }

    @Override
    public List<Long> accountsNamed(String text, String like) {
        throw notFaked();
    }

    @Override
    public List<Long> matching(
            LocalDate from, LocalDate until, List<List<Long>> groups, boolean joined, String orderEnding, int limit) {
        throw notFaked();
    }

    @Override
    public List<Reservation> pageOf(com.baomidou.mybatisplus.core.conditions.Wrapper<Reservation> page) {
        throw notFaked();
    }

    @Override
    public java.time.LocalDate slotDateOf(long slotId) {
        throw notFaked();
    }

    @Override
    public Reservation findByTrace(String traceId) {
        throw notFaked();
    }

    /** Each booking's venue, where a test gives one; the first venue otherwise. */
    public final java.util.Map<Long, Long> venues = new java.util.HashMap<>();

    @Override
    public long venueOf(long reservationId) {
        return venues.getOrDefault(reservationId, 1L);
    }

    @Override
    public List<Holder> activeHolders(long sessionId) {
        throw notFaked();
    }

    @Override
    public List<Long> lockStudents(Collection<Long> userIds) {
        throw notFaked();
    }

    @Override
    public List<Holding> holdings(Collection<Long> userIds, Collection<Long> sessionIds) {
        throw notFaked();
    }

    @Override
    public boolean holds(long slotId, long userId) {
        throw notFaked();
    }

    @Override
    public List<String> knownTraces(Collection<String> traceIds) {
        throw notFaked();
    }

    static Reservation copy(Reservation row) {
        Reservation copy = new Reservation();
        copy.setId(row.getId());
        copy.setTraceId(row.getTraceId());
        copy.setUserId(row.getUserId());
        copy.setSlotId(row.getSlotId());
        copy.setSessionId(row.getSessionId());
        copy.setStatus(row.getStatus());
        copy.setCancelReason(row.getCancelReason());
        copy.setNote(row.getNote());
        copy.setHolderId(row.getHolderId());
        copy.setCheckedInTime(row.getCheckedInTime());
        copy.setCheckedInBy(row.getCheckedInBy());
        copy.setCreateTime(row.getCreateTime());
        copy.setUpdateTime(row.getUpdateTime());
        copy.setPayBy(row.getPayBy());
        return copy;
    }
}
