package com.courtrush.closure;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.court.CourtService;
import com.courtrush.staff.SlotWithdrawal;
import com.courtrush.staff.api.WithdrawalImpact;
import com.courtrush.venue.Venues;
import com.courtrush.venue.api.VenueView;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Closes a court, a venue or a sport for a period (SPEC §21): the closure is recorded first (no slot is made in it from
 * then on), then each slot on sale in it is withdrawn as staff withdraw one — off sale, its unpaid bookings cancelled
 * and its paid ones refunded with the closure's reason, their students told — and what it did is kept with it.
 */
@Service
public class Closures {

    /** The longest closure: a term. */
    static final Duration LONGEST = Duration.ofDays(200);

    private static final Logger log = LoggerFactory.getLogger(Closures.class);

    private final ClosureMapper closures;
    private final CourtService courts;
    private final Venues venues;
    private final SlotWithdrawal withdrawal;
    private final AuditTrail audit;
    private final Clock clock;

    Closures(
            ClosureMapper closures,
            CourtService courts,
            Venues venues,
            SlotWithdrawal withdrawal,
            AuditTrail audit,
            Clock clock) {
        this.closures = closures;
        this.courts = courts;
        this.venues = venues;
        this.withdrawal = withdrawal;
        this.audit = audit;
        this.clock = clock;
    }

    /** The closures not yet over, and those over in the last 30 days, latest first. */
    public List<ClosureView> recent() {
        return closures
                .selectList(new LambdaQueryWrapper<Closure>()
                        .gt(Closure::getEnds, LocalDateTime.now(clock).minusDays(30))
                        .orderByDesc(Closure::getStarts))
                .stream()
                .map(Closure::view)
                .toList();
    }

    public ClosureView close(NewClosure asked, Caller manager) {
        Closure closure = check(asked);
        closure.setActor(manager.actor());
        closure.setSlotsClosed(0);
        closure.setCancelled(0);
        closure.setRefunded(0);
        closures.insert(closure);
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime from = closure.getStarts().isAfter(now) ? closure.getStarts() : now;
        int slots = 0;
        int cancelled = 0;
        int refunded = 0;
        int left = 0;
        for (ClosureMapper.Covered slot : closures.covered(
                closure.getCourtId(),
                closure.getVenueId(),
                closure.getSport(),
                from.toLocalDate(),
                closure.getEnds().toLocalDate())) {
            LocalDateTime start = slot.slotDate().atTime(slot.startTime());
            LocalDateTime end = slot.slotDate().atTime(slot.endTime());
            if (!start.isBefore(closure.getEnds()) || !end.isAfter(from)) {
                continue;
            }
            try {
                WithdrawalImpact done = withdrawal.withdraw(slot.id(), closure.getReason(), manager);
                slots++;
                cancelled += done.unpaid();
                refunded += done.paid();
            } catch (CourtRushException e) {
                // a booking paid or ended as the slot was withdrawn: the slot is off sale, the booking is left to staff
                left++;
                log.warn(
                        "Closure {}: slot {} left with a booking to see to: {}",
                        closure.getId(),
                        slot.id(),
                        e.getMessage());
            }
        }
        closure.setSlotsClosed(slots);
        closure.setCancelled(cancelled);
        closure.setRefunded(refunded);
        closures.updateById(closure);
        audit.record(
                manager.actor(),
                AuditAction.CLOSE_VENUE,
                AuditTarget.CLOSURE,
                closure.getId(),
                new EngineText(
                        "audit.closure",
                        scope(closure),
                        closure.getStarts().toString().replace('T', ' '),
                        closure.getEnds().toString().replace('T', ' '),
                        closure.getReason(),
                        slots,
                        cancelled,
                        refunded));
        if (left > 0) {
            throw CourtRushException.conflict("closure.left", left).withData(closure.view());
        }
        return closure.view();
    }

    /** Ends a closure now: slots may be made in its time again (those it withdrew stay off sale until staff say). */
    public ClosureView lift(long id, Caller manager) {
        Closure closure = closures.selectById(id);
        if (closure == null) {
            throw CourtRushException.notFound("closure.notFound", id);
        }
        LocalDateTime now = LocalDateTime.now(clock).withNano(0);
        if (closure.getEnds().isAfter(now)) {
            closure.setEnds(
                    closure.getStarts().isAfter(now) ? closure.getStarts().plusMinutes(1) : now);
            closures.updateById(closure);
            audit.record(
                    manager.actor(),
                    AuditAction.LIFT_CLOSURE,
                    AuditTarget.CLOSURE,
                    id,
                    new EngineText("audit.closureLifted", scope(closure)));
        }
        return closure.view();
    }

    private Closure check(NewClosure asked) {
        if (asked.from() == null
                || asked.until() == null
                || !asked.until().isAfter(asked.from())
                || Duration.between(asked.from(), asked.until()).compareTo(LONGEST) > 0) {
            throw CourtRushException.badRequest("closure.period", LONGEST.toDays());
        }
        if (!asked.until().isAfter(LocalDateTime.now(clock))) {
            throw CourtRushException.badRequest("closure.past");
        }
        String reason = asked.reason() == null ? "" : asked.reason().strip();
        if (reason.isEmpty() || reason.length() > 200) {
            throw CourtRushException.badRequest("closure.reason");
        }
        Closure closure = new Closure();
        if (asked.courtId() != null) {
            if (asked.venueId() != null || asked.sport() != null) {
                throw CourtRushException.badRequest("closure.scope");
            }
            closure.setCourtId(courts.get(asked.courtId()).getId());
        } else if (asked.venueId() == null && asked.sport() == null) {
            throw CourtRushException.badRequest("closure.scope");
        }
        if (asked.venueId() != null) {
            closure.setVenueId(venues.view(asked.venueId()).id());
        }
        if (asked.sport() != null) {
            closure.setSport(venues.sport(asked.sport()).code());
        }
        closure.setStarts(asked.from().withSecond(0).withNano(0));
        closure.setEnds(asked.until().withSecond(0).withNano(0));
        closure.setReason(Texts.requirePlain(reason, "reason"));
        return closure;
    }

    /** What a closure closes, in the reader's language: a court, a venue, a sport of a venue, a sport everywhere. */
    private EngineText scope(Closure closure) {
        if (closure.getCourtId() != null) {
            return new EngineText(
                    "closure.scope.court", courts.get(closure.getCourtId()).getName());
        }
        if (closure.getVenueId() == null) {
            return new EngineText("closure.scope.sport", closure.getSport());
        }
        VenueView venue = venues.view(closure.getVenueId());
        return closure.getSport() == null
                ? new EngineText("closure.scope.venue", venue.nameZh(), venue.nameEn())
                : new EngineText("closure.scope.venueSport", venue.nameZh(), venue.nameEn(), closure.getSport());
    }
}
