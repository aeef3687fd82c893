package com.courtrush.attendance;

import com.courtrush.account.api.Category;
import com.courtrush.attendance.api.Strike;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.slot.TimeSlot;
import com.courtrush.support.fakes.FakeReservations;
import com.courtrush.support.fakes.FakeSlots;
import com.courtrush.support.fakes.FakeTransactions;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Attendance's statements in memory, over the fake reservation and slot tables: a desk's view of a booking joined
 * as the database joins it, check-ins and their undo as compare-and-sets, strikes, their forgiveness and the block
 * on a student's account. Another desk (or the no-show sweep) can be made to act just before a check-in.
 */
final class FakeAttendance implements AttendanceMapper, FakeTransactions.Undoable {

    private final FakeReservations reservations;
    private final FakeSlots slots;
    private final Map<Long, String> students = new HashMap<>();
    private final List<StrikeRow> strikes = new ArrayList<>();
    private final Map<Long, LocalDateTime> blocks = new HashMap<>();
    private Runnable beforeNextCheckIn;
    private int accountsLocked;

    FakeAttendance(FakeReservations reservations, FakeSlots slots) {
        this.reservations = reservations;
        this.slots = slots;
    }

    /** A student account with its student id. */
    FakeAttendance student(long userId, String studentId) {
        students.put(userId, studentId);
        return this;
    }

    /** {@code meanwhile} happens between a desk's reading of a booking and its check-in. */
    void beforeNextCheckIn(Runnable meanwhile) {
        beforeNextCheckIn = meanwhile;
    }

    /** How many times a student's row was locked to recompute a block. */
    int accountsLocked() {
        return accountsLocked;
    }

    /** A strike struck at {@code when} (not through the service: an old one). */
    synchronized long struck(long userId, long reservationId, LocalDateTime when) {
        strike(userId, reservationId, when);
        return strikes.get(strikes.size() - 1).id;
    }

    @Override
    public synchronized Runnable checkpoint() {
        List<StrikeRow> savedStrikes =
                strikes.stream().map(StrikeRow::copy).collect(Collectors.toCollection(ArrayList::new));
        Map<Long, LocalDateTime> savedBlocks = new HashMap<>(blocks);
        return () -> {
            synchronized (this) {
                strikes.clear();
                strikes.addAll(savedStrikes);
                blocks.clear();
                blocks.putAll(savedBlocks);
            }
        };
    }

    @Override
    public synchronized List<DeskBooking> day(LocalDate day, String query) {
        List<DeskBooking> found = new ArrayList<>();
        for (long id : reservations.ids()) {
            DeskBooking booking = booking(id);
            if (!day.equals(booking.getSlotDate())) {
                continue;
            }
            boolean listed = booking.active() || booking.getCancelReason() == CancelReason.NO_SHOW;
            boolean matches = query == null
                    || query.equals(booking.getStudentId())
                    || (booking.getStudentName() != null
                            && booking.getStudentName().contains(query));
            if (listed && matches) {
                found.add(booking);
            }
        }
        found.sort(Comparator.comparing(DeskBooking::getStartTime).thenComparing(DeskBooking::getReservationId));
        return found;
    }

    /** Every student of the fake books as a student. */
    @Override
    public Category categoryOf(long userId) {
        return Category.STUDENT;
    }

    /** The fake keeps no partners: nobody is one. */
    @Override
    public int acceptedPartner(long reservationId, long userId) {
        return 0;
    }

    @Override
    public synchronized DeskBooking booking(long reservationId) {
        Reservation row = reservations.row(reservationId);
        if (row == null) {
            return null;
        }
        TimeSlot slot = slots.selectById(row.getSlotId());
        DeskBooking booking = new DeskBooking();
        booking.setReservationId(row.getId());
        booking.setUserId(row.getUserId());
        booking.setSlotId(row.getSlotId());
        booking.setStudentId(students.get(row.getUserId()));
        booking.setStudentName("Student " + students.get(row.getUserId()));
        booking.setStatus(row.getStatus());
        booking.setCancelReason(row.getCancelReason());
        booking.setSlotDate(slot.getSlotDate());
        booking.setStartTime(slot.getStartTime());
        booking.setEndTime(slot.getEndTime());
        booking.setCourtId(slot.getCourtId());
        booking.setVenueId(reservations.venues.getOrDefault(reservationId, 1L));
        booking.setCheckedInTime(row.getCheckedInTime());
        booking.setCheckedInBy(row.getCheckedInBy());
        return booking;
    }

    @Override
    public int checkIn(long reservationId, String by, LocalDateTime now) {
        Runnable meanwhile;
        synchronized (this) {
            meanwhile = beforeNextCheckIn;
            beforeNextCheckIn = null;
        }
        if (meanwhile != null) {
            meanwhile.run();
        }
        synchronized (this) {
            Reservation row = reservations.row(reservationId);
            if (row == null || row.getHolderId() == null || row.getCheckedInTime() != null) {
                return 0;
            }
            reservations.change(reservationId, r -> {
                r.setCheckedInTime(now);
                r.setCheckedInBy(by);
            });
            return 1;
        }
    }

    @Override
    public synchronized int undoCheckIn(long reservationId, LocalDateTime since, LocalDateTime now) {
        Reservation row = reservations.row(reservationId);
        if (row == null
                || row.getHolderId() == null
                || row.getCheckedInTime() == null
                || row.getCheckedInTime().isBefore(since)) {
            return 0;
        }
        reservations.change(reservationId, r -> {
            r.setCheckedInTime(null);
            r.setCheckedInBy(null);
        });
        return 1;
    }

    @Override
    public List<BoardSlot> slotsOn(LocalDate day) {
        throw new UnsupportedOperationException("not faked: the board is tested on the real stack");
    }

    @Override
    public List<Long> notCheckedIn(LocalDate day, LocalTime time, LocalDate fromDay, LocalTime fromTime, int limit) {
        throw new UnsupportedOperationException("not faked: the no-show sweep has no unit test yet");
    }

    @Override
    public synchronized int strike(long userId, long reservationId, LocalDateTime now) {
        strikes.add(new StrikeRow(strikes.size() + 1L, userId, reservationId, now));
        return 1;
    }

    @Override
    public synchronized List<LocalDateTime> standingStrikes(long userId, LocalDateTime since) {
        return strikes.stream()
                .filter(s -> s.userId == userId && s.forgivenTime == null && s.struckTime.isAfter(since))
                .map(s -> s.struckTime)
                .sorted(Comparator.reverseOrder())
                .toList();
    }

    @Override
    public synchronized LocalDateTime blockedUntil(long userId) {
        return blocks.get(userId);
    }

    @Override
    public synchronized Long lockAccount(long userId) {
        accountsLocked++;
        return userId;
    }

    @Override
    public synchronized List<Long> striking(LocalDateTime since, LocalDateTime now) {
        List<Long> users = new ArrayList<>();
        strikes.stream()
                .filter(s -> s.forgivenTime == null && s.struckTime.isAfter(since))
                .forEach(s -> users.add(s.userId));
        blocks.forEach((user, until) -> {
            if (until.isAfter(now)) {
                users.add(user);
            }
        });
        return users.stream().distinct().sorted().toList();
    }

    @Override
    public synchronized Long latestStrike(long userId) {
        return strikes.stream()
                .filter(s -> s.userId == userId && s.forgivenTime == null)
                .max(Comparator.comparing((StrikeRow s) -> s.struckTime).thenComparing(s -> s.id))
                .map(s -> s.reservationId)
                .orElse(null);
    }

    @Override
    public synchronized int block(long userId, LocalDateTime until, LocalDateTime now) {
        if (until == null) {
            blocks.remove(userId);
        } else {
            blocks.put(userId, until);
        }
        return 1;
    }

    @Override
    public synchronized List<Strike> strikes(long userId) {
        return strikes.stream()
                .filter(s -> s.userId == userId)
                .sorted(Comparator.comparing((StrikeRow s) -> s.struckTime)
                        .thenComparing(s -> s.id)
                        .reversed())
                .map(s -> new Strike(
                        s.id,
                        s.reservationId,
                        s.struckTime,
                        s.forgivenTime,
                        s.forgivenBy,
                        s.forgiveReason,
                        null,
                        null,
                        null))
                .toList();
    }

    @Override
    public synchronized Long lockStrike(long strikeId) {
        return strikes.stream()
                .filter(s -> s.id == strikeId)
                .findFirst()
                .map(s -> s.userId)
                .orElse(null);
    }

    @Override
    public synchronized int forgive(long strikeId, String by, String reason, LocalDateTime now) {
        for (StrikeRow s : strikes) {
            if (s.id == strikeId && s.forgivenTime == null) {
                s.forgivenTime = now;
                s.forgivenBy = by;
                s.forgiveReason = reason;
                return 1;
            }
        }
        return 0;
    }

    @Override
    public synchronized Long studentNamed(String studentId) {
        return students.entrySet().stream()
                .filter(e -> Objects.equals(e.getValue(), studentId))
                .map(Map.Entry::getKey)
                .findFirst()
                .orElse(null);
    }

    private static final class StrikeRow {
        final long id;
        final long userId;
        final long reservationId;
        final LocalDateTime struckTime;
        LocalDateTime forgivenTime;
        String forgivenBy;
        String forgiveReason;

        StrikeRow(long id, long userId, long reservationId, LocalDateTime struckTime) {
            this.id = id;
            this.userId = userId;
            this.reservationId = reservationId;
            this.struckTime = struckTime;
        }

        StrikeRow copy() {
            StrikeRow copy = new StrikeRow(id, userId, reservationId, struckTime);
            copy.forgivenTime = forgivenTime;
            copy.forgivenBy = forgivenBy;
            copy.forgiveReason = forgiveReason;
            return copy;
        }
    }
}
