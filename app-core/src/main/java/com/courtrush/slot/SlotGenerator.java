package com.courtrush.slot;

import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.court.Court;
import com.courtrush.court.CourtMapper;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.opening.api.SessionState;
import com.courtrush.slot.api.GeneratedDay;
import com.courtrush.slot.api.SlotTemplate;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Generates an opening's slots from a template: courts × opening hours × duration. Rejects a
 * template that overlaps active slots of the same court and date (touching is fine), or whose
 * first slot would start before the opening opens. Slot generation of one court is serialized by
 * locking the court's row, so two staff members cannot create overlapping slots at once. A slot a closure covers
 * (SPEC §21) is not made; a template all of whose slots are closed is refused; one a class or team block holds is made
 * held, off sale.
 */
@Service
public class SlotGenerator {

    private final TimeSlotMapper slots;
    private final SlotOverlaps overlaps;
    private final CourtMapper courts;
    private final OpeningService openings;
    private final AuditTrail audit;
    private final ApplicationEventPublisher events;
    private final TransactionTemplate transactions;
    private final Clock clock;

    SlotGenerator(
            TimeSlotMapper slots,
            SlotOverlaps overlaps,
            CourtMapper courts,
            OpeningService openings,
            AuditTrail audit,
            ApplicationEventPublisher events,
            TransactionTemplate transactions,
            Clock clock) {
        this.clock = clock;
        this.slots = slots;
        this.overlaps = overlaps;
        this.courts = courts;
        this.openings = openings;
        this.audit = audit;
        this.events = events;
        this.transactions = transactions;
    }

    public List<Long> generate(long sessionId, SlotTemplate template, String actor) {
        template.validate();
        ReserveSession session = openings.get(sessionId);
        if (session.getState() == SessionState.CLOSED) {
            throw CourtRushException.conflict("slot.openingClosed", sessionId);
        }
        LocalDateTime firstStart = session.getSessionDate().atTime(template.startTime());
        if (!firstStart.isAfter(LocalDateTime.now(clock))) {
            throw CourtRushException.badRequest("slot.inPast", firstStart);
        }
        if (session.getFlashTime().isAfter(firstStart)) {
            throw CourtRushException.badRequest("slot.startsBeforeOpening", session.getFlashTime(), firstStart);
        }
        List<Long> ids = transactions.execute(tx -> insert(session, template));
        events.publishEvent(new SlotsChanged(sessionId));
        audit.record(
                actor,
                AuditAction.GENERATE_SLOTS,
                AuditTarget.SESSION,
                sessionId,
                new EngineText(
                        "audit.detail.slots",
                        ids.size(),
                        courtNames(template.courtIds()),
                        template.startTime(),
                        template.endTime(),
                        template.durationMinutes(),
                        template.capacity()));
        if (session.getState().live()) {
            openings.resync(sessionId, actor);
        }
        return ids;
    }

    /**
     * A week (or any run of days) at once: for each date, its first opening (created when there is
     * none, opening at {@code flashAt} on that day or the day before) gets the template's slots.
     * Each day stands alone: a day that overlaps is reported and the others are still generated.
     */
    public List<GeneratedDay> generateDays(
            LocalDate first,
            int days,
            LocalTime flashAt,
            boolean flashDayBefore,
            int perUserLimit,
            SlotTemplate template,
            String actor) {
        if (days < 1 || days > 31) {
            throw CourtRushException.badRequest("slot.days");
        }
        template.validate();
        long venue = venueOf(template.courtIds());
        List<GeneratedDay> results = new ArrayList<>();
        for (int i = 0; i < days; i++) {
            LocalDate date = first.plusDays(i);
            try {
                long sessionId = openings.listByDate(date).stream()
                        .filter(each -> each.getVenueId() == venue)
                        .findFirst()
                        .map(ReserveSession::getId)
                        .orElseGet(() -> openings.create(
                                        new NewOpening(
                                                        date,
                                                        (flashDayBefore ? date.minusDays(1) : date).atTime(flashAt),
                                                        perUserLimit,
                                                        null)
                                                .inVenue(venue),
                                        actor)
                                .getId());
                results.add(new GeneratedDay(
                        date, sessionId, generate(sessionId, template, actor).size()));
            } catch (CourtRushException e) {
                results.add(new GeneratedDay(
                        date,
                        null,
                        0,
                        e.text(),
                        e.data() instanceof Map<?, ?> m && m.get("conflicts") instanceof List<?> clashes
                                ? clashes.stream().map(EngineText.class::cast).toList()
                                : List.of()));
            }
        }
        return results;
    }

    /** The venue of these courts (SPEC §21): one opening sells one venue's courts, refused when they are of several. */
    public long venueOf(List<Long> courtIds) {
        List<Long> venues = courts.selectByIds(courtIds).stream()
                .map(Court::getVenueId)
                .distinct()
                .toList();
        if (venues.size() > 1) {
            throw CourtRushException.badRequest("venue.mixed");
        }
        if (venues.isEmpty()) {
            throw CourtRushException.notFound("court.notFound", courtIds.get(0));
        }
        return venues.get(0);
    }

    /** The courts by name, in the template's order ("1号场, 2号场"), for the audit: staff know courts by name. */
    private String courtNames(List<Long> courtIds) {
        Map<Long, String> names =
                courts.selectByIds(courtIds).stream().collect(Collectors.toMap(Court::getId, Court::getName));
        return new LinkedHashSet<>(courtIds)
                .stream().map(id -> names.getOrDefault(id, String.valueOf(id))).collect(Collectors.joining(", "));
    }

    private List<Long> insert(ReserveSession session, SlotTemplate template) {
        List<Long> courtIds = List.copyOf(new LinkedHashSet<>(template.courtIds()));
        Map<Long, Court> locked =
                courts.lockByIds(courtIds).stream().collect(Collectors.toMap(Court::getId, Function.identity()));
        for (Long courtId : courtIds) {
            Court court = locked.get(courtId);
            if (court == null) {
                throw CourtRushException.notFound("court.notFound", courtId);
            }
            if (!Boolean.TRUE.equals(court.getActive())) {
                throw CourtRushException.badRequest("court.disabled", court.getName());
            }
            if (!court.getVenueId().equals(session.getVenueId())) {
                throw CourtRushException.badRequest("venue.otherVenue", court.getName());
            }
        }
        List<EngineText> conflicts = new ArrayList<>();
        List<TimeSlot> created = new ArrayList<>();
        LocalDate day = session.getSessionDate();
        List<TimeSlotMapper.ClosedHours> closed =
                slots.closedBetween(day.atStartOfDay(), day.plusDays(1).atStartOfDay());
        List<TimeSlotMapper.HeldHours> held =
                slots.heldOn(day, day.getDayOfWeek().getValue());
        int closedSlots = 0;
        for (Long courtId : courtIds) {
            Court court = locked.get(courtId);
            List<TimeSlot> existing = overlaps.activeOn(courtId, day);
            for (LocalTime start : template.starts()) {
                LocalTime end = start.plusMinutes(template.durationMinutes());
                if (closed.stream()
                        .anyMatch(closure -> closure.closes(
                                courtId, court.getVenueId(), court.getSport(), day.atTime(start), day.atTime(end)))) {
                    closedSlots++; // closed for a period (SPEC §21): not made
                    continue;
                }
                existing.stream()
                        .filter(e -> e.overlaps(start, end))
                        .findFirst()
                        .ifPresentOrElse(
                                clash -> conflicts.add(new EngineText(
                                        "slot.overlapItem",
                                        locked.get(courtId).getName(),
                                        start,
                                        end,
                                        clash.getStartTime(),
                                        clash.getEndTime())),
                                () -> created.add(newSlot(session, courtId, start, end, template, held)));
            }
        }
        if (!conflicts.isEmpty()) {
            throw CourtRushException.conflict("slot.overlaps", conflicts.size())
                    .withData(Map.of("conflicts", conflicts));
        }
        if (created.isEmpty() && closedSlots > 0) {
            throw CourtRushException.conflict("slot.closed", day);
        }
        created.forEach(slots::insert);
        return created.stream().map(TimeSlot::getId).toList();
    }

    /** A slot to make; held, off sale, when a class or team block holds its court then (SPEC §21). */
    private static TimeSlot newSlot(
            ReserveSession session,
            long courtId,
            LocalTime start,
            LocalTime end,
            SlotTemplate template,
            List<TimeSlotMapper.HeldHours> held) {
        TimeSlot slot = new TimeSlot();
        slot.setSessionId(session.getId());
        slot.setCourtId(courtId);
        slot.setSlotDate(session.getSessionDate());
        slot.setStartTime(start);
        slot.setEndTime(end);
        slot.setCapacity(template.capacity());
        slot.setBooked(0);
        slot.setPriceCents(template.priceCents());
        held.stream()
                .filter(block -> block.holds(courtId, start, end))
                .findFirst()
                .ifPresent(block -> slot.setBlockId(block.blockId()));
        slot.setActive(slot.getBlockId() == null);
        return slot;
    }
}
