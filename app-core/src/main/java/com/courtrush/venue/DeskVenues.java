package com.courtrush.venue;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.venue.api.DeskScope;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Which venues' desks staff work (SPEC §21): a desk worker's board, check-in, walk-ins, till, shifts and receipts are
 * their venues' only; a manager (and the admin token) sees every venue, and so does a staff member of no venue in
 * particular (every one of an installation from before). Each staff member's venues are read once and kept a few
 * seconds: another node sees a manager's change within {@link #FRESH}.
 */
@Service
public class DeskVenues {

    static final Duration FRESH = Duration.ofSeconds(5);

    private final StaffVenueMapper assignments;
    private final VenueMapper venues;
    private final AuditTrail audit;
    private final Clock clock;
    private final LoadingCache<Long, Set<Long>> ofStaff;

    DeskVenues(StaffVenueMapper assignments, VenueMapper venues, AuditTrail audit, Clock clock) {
        this.assignments = assignments;
        this.venues = venues;
        this.audit = audit;
        this.clock = clock;
        this.ofStaff = Caffeine.newBuilder()
                .maximumSize(10_000)
                .expireAfterWrite(FRESH)
                .build(userId -> Set.copyOf(assignments.venuesOf(userId)));
    }

    /** The venues whose desk the caller works: every venue for a manager, the admin token or a staff member of none. */
    public DeskScope scope(Caller caller) {
        if (caller == null || caller.isManager() || caller.userId() == null) {
            return DeskScope.ALL;
        }
        Set<Long> own = ofStaff.get(caller.userId());
        return own.isEmpty() ? DeskScope.ALL : new DeskScope(own, this::nameOf);
    }

    /** A venue as a refusal names it, in the reader's language; one not found, by its id. */
    private Object nameOf(long venueId) {
        Venue venue = venues.selectById(venueId);
        return venue == null ? venueId : new EngineText("desk.venueName", venue.getNameZh(), venue.getNameEn());
    }

    /**
     * Refuses (403) a change by a desk worker to a slot of another venue's desk (SPEC §21: never changes another
     * venue's bookings or money); an unknown slot is left to the caller to say so.
     */
    public void requireSlot(Caller caller, long slotId) {
        requireVenue(caller, () -> assignments.venueOfSlot(slotId));
    }

    /** As {@link #requireSlot}, of an opening. */
    public void requireOpening(Caller caller, long sessionId) {
        requireVenue(caller, () -> assignments.venueOfOpening(sessionId));
    }

    /** As {@link #requireSlot}, of a court. */
    public void requireCourt(Caller caller, long courtId) {
        requireVenue(caller, () -> assignments.venueOfCourt(courtId));
    }

    /** As {@link #requireSlot}, of a venue named (null: the first venue, an installation's from before). */
    public void requireVenue(Caller caller, Long venueId) {
        requireVenue(caller, () -> venueId == null ? Venue.FIRST : venueId);
    }

    private void requireVenue(Caller caller, java.util.function.Supplier<Long> venueOf) {
        DeskScope scope = scope(caller);
        if (!scope.all()) {
            Long venue = venueOf.get();
            if (venue != null) {
                scope.require(venue);
            }
        }
    }

    /** As {@link #scope}, narrowed to the venue the caller picked (none: as it is); another desk's refused (403). */
    public DeskScope scope(Caller caller, Long venueId) {
        return scope(caller).narrowedTo(venueId);
    }

    /** Every staff member's venues, by user id (a staff member of none is not listed). */
    public Map<Long, List<Long>> assignments() {
        return assignments.all().stream()
                .collect(Collectors.groupingBy(
                        StaffVenueMapper.Assignment::userId,
                        TreeMap::new,
                        Collectors.mapping(StaffVenueMapper.Assignment::venueId, Collectors.toList())));
    }

    /** A staff member's venues, in id order; empty: every venue. */
    public List<Long> venuesOf(long userId) {
        return assignments.venuesOf(userId);
    }

    /**
     * Sets the venues whose desk a staff member works (none: every venue), replacing those they had; audited in the
     * manager's name. An unknown venue is refused (404) and nothing changes.
     */
    @Transactional
    public List<Long> assign(long userId, List<Long> venueIds, Caller manager) {
        Set<Long> wanted = new TreeSet<>(venueIds == null ? List.of() : venueIds);
        Set<Long> known = new HashSet<>();
        if (!wanted.isEmpty()) {
            venues.selectByIds(wanted).forEach(venue -> known.add(venue.getId()));
        }
        for (Long venueId : wanted) {
            if (!known.contains(venueId)) {
                throw CourtRushException.notFound("venue.notFound", venueId);
            }
        }
        assignments.clear(userId);
        if (!wanted.isEmpty()) {
            assignments.assign(userId, wanted, LocalDateTime.now(clock));
        }
        audit.record(
                manager.actor(),
                AuditAction.SET_STAFF_VENUES,
                AuditTarget.USER,
                userId,
                new EngineText("audit.staffVenues", userId, wanted.isEmpty() ? "*" : wanted.toString()));
        ofStaff.invalidate(userId);
        return List.copyOf(wanted);
    }
}
