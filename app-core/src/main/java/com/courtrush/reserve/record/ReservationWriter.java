package com.courtrush.reserve.record;

import com.courtrush.account.api.Category;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outages;
import com.courtrush.core.Outcome;
import com.courtrush.core.Rehearsal;
import com.courtrush.notice.Notices;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.ReserveSessionMapper;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationMapper;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.share.Shares;
import com.courtrush.share.api.SharePlace;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.slot.SlotInfo;
import com.courtrush.slot.SlotWithCourt;
import com.courtrush.slot.TimeSlotMapper;
import com.courtrush.venue.Prices;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Records a granted place as a PENDING_PAYMENT reservation, idempotently, under the database
 * guards: the unique trace id (the same message twice → one row), the unique (slot, holder)
 * (G2), the slot's {@code booked < capacity} counter moved in the same transaction (G1), and the
 * opening's per-student limit counted in that transaction under a lock on the student (G5), and the
 * student's fair share under the same lock (SPEC §16) — Redis decides both first, but a Redis that went back
 * in time (restarted from a file a second old, a promoted replica) has forgotten places it granted, and an
 * opening's copy of the shares learns of bookings in other openings only after they are recorded.
 */
@Component
public class ReservationWriter {

    private static final Logger log = LoggerFactory.getLogger(ReservationWriter.class);

    private final ReservationMapper reservations;
    private final GrantMapper grantRows;
    private final TimeSlotMapper slots;
    private final ReserveSessionMapper sessions;
    private final TransactionTemplate transactions;
    private final RecordingFollowUp followUp;
    private final Notices notices;
    private final AppSettings settings;
    private final Shares shares;
    private final SlotCatalog catalog;
    private final Prices prices;
    private final Clock clock;

    ReservationWriter(
            ReservationMapper reservations,
            GrantMapper grantRows,
            TimeSlotMapper slots,
            ReserveSessionMapper sessions,
            TransactionTemplate transactions,
            RecordingFollowUp followUp,
            Notices notices,
            AppSettings settings,
            Shares shares,
            SlotCatalog catalog,
            Prices prices,
            Clock clock) {
        this.shares = shares;
        this.catalog = catalog;
        this.prices = prices;
        this.reservations = reservations;
        this.grantRows = grantRows;
        this.slots = slots;
        this.sessions = sessions;
        this.transactions = transactions;
        this.followUp = followUp;
        this.notices = notices;
        this.settings = settings;
        this.clock = clock;
    }

    /** Records the grant. Infrastructure failures are thrown, for the consumer to retry. */
    public Result record(ReserveMessage grant) {
        try {
            recordAll(List.of(grant));
            return Result.RECORDED;
        } catch (DuplicateKeyException duplicate) {
            return redelivered(grant)
                    .orElseGet(() -> refuse(grant, Outcome.DUP_REQ, new EngineText("compensate.holdsSlot")));
        } catch (SlotUnavailable unavailable) {
            // the slot's counter is taken before the row is inserted: a redelivery of a grant that took a
            // slot's last place finds it full, and is told by its trace here
            return redelivered(grant)
                    .orElseGet(() -> refuse(grant, Outcome.OUT_OF_STOCK, new EngineText("compensate.slotFull")));
        } catch (OverStudentLimit over) {
            return refuse(grant, Outcome.QUOTA_EXCEEDED, new EngineText("compensate.overLimit", over.limit));
        } catch (Shares.PastShare past) {
            return refuse(
                    grant,
                    Outcome.SHARE_USED,
                    new EngineText("compensate.overShare", past.refusal().rule().name()));
        }
    }

    /** How a grant already in the database ended, if it is: then this message is a redelivery. */
    private Optional<Result> redelivered(ReserveMessage grant) {
        Reservation existing = reservations.findByTrace(grant.traceId());
        if (existing == null) {
            return Optional.empty();
        }
        followUp.alreadyRecorded(grant);
        return Optional.of(existing.compensated() ? Result.ALREADY_COMPENSATED : Result.DUPLICATE);
    }

    private Result refuse(ReserveMessage grant, Outcome refusal, EngineText reason) {
        followUp.refused(grant, refusal, reason);
        return Result.REFUSED;
    }

    /**
     * Records several grants in one transaction, all or none: throws if any of them is refused by a
     * guard (a redelivery, a second place of a student, a slot without enough free places) or
     * fails, and then none is recorded, for the caller to {@link #record} them one by one, which
     * settles each case.
     */
    public void recordAll(List<ReserveMessage> grants) {
        handOn(grants, write(grants));
    }

    /**
     * The engine's rehearsal (decision 28): its grants are written as a batch of the rush is — the same
     * statements, guards and notices — under their ids' mirror images, after {@code scratchRows} has written the
     * rows they need (their opening, slots and students), all in a transaction that is always rolled back, {@code
     * times} over; then
     * handed on as after a commit, which settles them in the rehearsal's own Redis keys and tells no other
     * opening. Nothing of it stays in the database.
     */
    public void rehearse(List<ReserveMessage> grants, int times, Runnable scratchRows) {
        List<ReserveMessage> mirrored = grants.stream()
                .map(grant -> new ReserveMessage(
                        grant.traceId(),
                        Rehearsal.mirror(grant.userId()),
                        Rehearsal.mirror(grant.slotId()),
                        Rehearsal.mirror(grant.sessionId()),
                        grant.time()))
                .toList();
        for (int i = 0; i < times; i++) {
            transactions.executeWithoutResult(tx -> {
                tx.setRollbackOnly();
                scratchRows.run();
                write(mirrored);
            });
        }
        handOn(grants, grants.stream().map(grant -> slotted(grant).taken()).toList());
    }

    /** Writes the grants in one transaction; the places they take. */
    private List<Shares.Place> write(List<ReserveMessage> grants) {
        // one update for all slot counters and one insert for all rows: a statement costs the consumer
        // far more than a row. Slots in id order, so consumers lock the ones they share in one order
        List<TimeSlotMapper.Places> places = grants.stream()
                .collect(Collectors.groupingBy(ReserveMessage::slotId, TreeMap::new, Collectors.summingInt(grant -> 1)))
                .entrySet()
                .stream()
                .map(slot -> new TimeSlotMapper.Places(slot.getKey(), slot.getValue()))
                .toList();
        Set<Long> students = grants.stream().map(ReserveMessage::userId).collect(Collectors.toCollection(TreeSet::new));
        Set<Long> openings = grants.stream().map(ReserveMessage::sessionId).collect(Collectors.toSet());
        List<Slotted> slotted = grants.stream().map(this::slotted).toList();
        List<Shares.Place> taken = slotted.stream().map(Slotted::taken).toList();
        transactions.executeWithoutResult(tx -> {
            LocalDateTime now = LocalDateTime.now(clock);
            Map<Long, Category> bookers = grantRows.lockBookers(students).stream()
                    .collect(Collectors.toMap(GrantMapper.Booker::id, GrantMapper.Booker::category));
            List<GrantMapper.Granted> rows = IntStream.range(0, grants.size())
                    .mapToObj(i -> {
                        Category category = bookers.getOrDefault(grants.get(i).userId(), Category.STUDENT);
                        return new GrantMapper.Granted(
                                grants.get(i), taken.get(i).place().date(), price(slotted.get(i), category), category);
                    })
                    .toList();
            // the slots' counters before the rows: a row's foreign key check takes a shared lock on its slot,
            // which two consumers of one slot would both hold and then both wait to raise to the update's
            // exclusive lock — a deadlock (MariaDB, four consumers a node, a draw's grants). Taken first, the
            // exclusive lock is the only one, and consumers of a slot take turns from here to the commit
            if (slots.takePlaces(places, now) != places.size()) {
                throw new SlotUnavailable();
            }
            // the deadline each booking keeps, whatever the setting becomes (issue 74)
            LocalDateTime payBy = now.plusMinutes(settings.getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE));
            grantRows.insertGranted(rows, now, payBy);
            checkStudentLimits(students, openings);
            shares.guard(taken);
            // each winner's notice, with the recording: pay by the deadline the booking keeps
            notices.won(grants.stream().map(ReserveMessage::traceId).toList(), payBy, now);
        });
        return taken;
    }

    /** What follows a commit: Redis settles the grants, the other openings count their places. */
    private void handOn(List<ReserveMessage> grants, List<Shares.Place> taken) {
        try {
            followUp.recorded(grants);
        } catch (RuntimeException e) {
            // recorded: never run the transaction again for this. The in-flight entries stay, which a
            // re-sync counts as held; the reconciler forgets them once past its horizon
            log.warn(
                    "{} grant(s) recorded, but Redis could not be told ({}); the reconciler forgets them later",
                    grants.size(),
                    Outages.describe(e));
        }
        try {
            shares.booked(taken);
        } catch (RuntimeException e) {
            log.warn(
                    "{} grant(s) recorded, but the other openings' copies of the fair shares could not be told ({}); "
                            + "their next re-sync counts them, and the database refuses a place past a share meanwhile",
                    grants.size(),
                    Outages.describe(e));
        }
    }

    /** The place a grant gives, as the fair share counts it, and what prices it. */
    private Slotted slotted(ReserveMessage grant) {
        SlotInfo slot = catalog.session(grant.sessionId())
                .map(opening -> opening.slot(grant.slotId()))
                .orElseGet(() -> {
                    // not in the catalog (deleted meanwhile): read it
                    SlotWithCourt row =
                            slots.findByIdsWithCourt(List.of(grant.slotId())).get(0);
                    return SlotInfo.of(row);
                });
        SharePlace place = SharePlace.of(slot.slotDate(), slot.startTime(), slot.endTime(), slot.sport());
        return new Slotted(Shares.Place.booked(grant.userId(), grant.sessionId(), grant.slotId(), place), slot);
    }

    /** A grant's place and its slot. */
    private record Slotted(Shares.Place taken, SlotInfo slot) {}

    /** What a grant's slot costs a member of the category, fixed as it is recorded (SPEC §21). */
    private int price(Slotted slotted, Category category) {
        SlotInfo slot = slotted.slot();
        return prices.priceOf(
                slot.venueId(), slot.sport(), slot.slotDate(), slot.startTime(), slot.priceCents(), category);
    }

    /** G5: no student holds more places in an opening than its limit, this transaction's rows included. */
    private void checkStudentLimits(Set<Long> students, Set<Long> openings) {
        Map<Long, Integer> limits = sessions.selectByIds(openings).stream()
                .collect(Collectors.toMap(ReserveSession::getId, ReserveSession::getPerUserLimit));
        Map<ReservationMapper.Holding, Long> held = reservations.holdings(students, openings).stream()
                .collect(Collectors.groupingBy(holding -> holding, Collectors.counting()));
        held.forEach((holding, count) -> {
            int limit = limits.get(holding.sessionId());
            if (count > limit) {
                throw new OverStudentLimit(limit);
            }
        });
    }

    /** How a message ended. */
    public enum Result {
        /** A new PENDING_PAYMENT reservation. */
        RECORDED,
        /** The same trace was already recorded: a redelivery. */
        DUPLICATE,
        /** The trace had been compensated before its message arrived. */
        ALREADY_COMPENSATED,
        /** The database guards refused it; compensated. */
        REFUSED,
        /** All attempts failed; dead-lettered. */
        FAILED
    }

    /** A student would hold more places in an opening than its limit: the transaction rolls back. */
    private static final class OverStudentLimit extends RuntimeException {
        private final int limit;

        OverStudentLimit(int limit) {
            super("over the per-student limit", null, false, false);
            this.limit = limit;
        }
    }

    /** The slot has no free place (or is disabled) in the database: the transaction rolls back. */
    private static final class SlotUnavailable extends RuntimeException {
        SlotUnavailable() {
            super("slot full or disabled", null, false, false);
        }
    }
}
