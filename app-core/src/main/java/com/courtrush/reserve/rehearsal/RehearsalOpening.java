package com.courtrush.reserve.rehearsal;

import com.courtrush.core.Rehearsal;
import com.courtrush.court.api.CourtView;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.SessionState;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.slot.SessionCatalog;
import com.courtrush.slot.SlotInfo;
import java.security.SecureRandom;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

/**
 * One round of a rehearsal: an opening of the rehearsal's ids ({@link Rehearsal}) with its slots on tomorrow's date,
 * one hour apart on one court (of the opening's id), its gate opening a moment after it is made, and its students. Each round takes a
 * random block of ids, so that two nodes rehearsing at once never meet in Redis or the database.
 *
 * @param opening  the opening and its slots, as the catalog serves them
 * @param students the students' ids
 */
record RehearsalOpening(SessionCatalog opening, List<Long> students) {

    /** Ids a round may take: its opening, then its slots, then its students. */
    private static final long BLOCK = 1 << 16;

    private static final SecureRandom RANDOM = new SecureRandom();

    static RehearsalOpening make(LocalDateTime now, LocalDateTime flash, int slots, int capacity, int students) {
        if (slots + students + 1 >= BLOCK || slots > 16) {
            throw new IllegalArgumentException("A rehearsal round has at most 16 slots and " + BLOCK + " ids");
        }
        // below 2^47 + 2^46: fifteen digits, and within a trace id's 48 bits
        long first = Rehearsal.FIRST_ID + (1 + RANDOM.nextInt(1 << 29)) * BLOCK;
        ReserveSession session = new ReserveSession();
        session.setId(first);
        LocalDate day = now.toLocalDate().plusDays(1);
        session.setVenueId(CourtView.FIRST_VENUE);
        session.setSessionDate(day);
        session.setFlashTime(flash);
        session.setWarmupLeadMinutes(5);
        session.setPerUserLimit(2);
        session.setState(SessionState.WARMED);
        session.setBookingPass(false);
        session.setDrawWindowMs(0);
        List<SlotInfo> slotInfos = new ArrayList<>(slots);
        for (int i = 0; i < slots; i++) {
            LocalTime start = LocalTime.of(7 + i, 0);
            slotInfos.add(new SlotInfo(
                    first + 1 + i, first, first, "rehearsal", day, start, start.plusHours(1), capacity, 0, null, true));
        }
        List<Long> studentIds = LongStream.range(0, students)
                .map(i -> first + 1 + slots + i)
                .boxed()
                .toList();
        return new RehearsalOpening(new SessionCatalog(session, slotInfos), studentIds);
    }

    long sessionId() {
        return opening.session().getId();
    }

    List<SlotInfo> slots() {
        return opening.slots();
    }

    /** Its places: every slot's capacity. */
    long places() {
        return opening.slots().stream().mapToLong(SlotInfo::capacity).sum();
    }

    /**
     * Writes the rows the grants need, under their mirror ids, in the transaction they are written in (which the
     * rehearsal rolls back).
     */
    void writeRows(RehearsalRows rows, List<ReserveMessage> grants) {
        ReserveSession session = opening.session();
        rows.court(Rehearsal.mirror(session.getId())); // the opening's id is its court's too: tables apart
        rows.opening(
                Rehearsal.mirror(session.getId()),
                session.getSessionDate(),
                session.getFlashTime(),
                session.getPerUserLimit());
        rows.slots(
                Rehearsal.mirror(session.getId()),
                Rehearsal.mirror(session.getId()),
                slots().stream()
                        .map(slot -> new RehearsalRows.Slot(
                                Rehearsal.mirror(slot.slotId()),
                                slot.slotDate(),
                                slot.startTime(),
                                slot.endTime(),
                                slot.capacity()))
                        .toList());
        rows.students(grants.stream()
                .map(ReserveMessage::userId)
                .distinct()
                .map(Rehearsal::mirror)
                .toList());
    }
}
