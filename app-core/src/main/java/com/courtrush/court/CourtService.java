package com.courtrush.court;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.court.api.CourtView;
import com.courtrush.venue.Venues;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates, renames, enables and disables courts; each change in the audit trail with who made it. */
@Service
public class CourtService {

    private final CourtMapper courts;
    private final Venues venues;
    private final ApplicationEventPublisher events;
    private final AuditTrail audit;
    private final Clock clock;

    CourtService(CourtMapper courts, Venues venues, ApplicationEventPublisher events, AuditTrail audit, Clock clock) {
        this.courts = courts;
        this.venues = venues;
        this.events = events;
        this.audit = audit;
        this.clock = clock;
    }

    /** A badminton court of the first venue (an installation from before venues). */
    @Transactional
    public Court create(String name, String actor) {
        return create(name, CourtView.FIRST_VENUE, CourtView.FIRST_SPORT, actor);
    }

    /** A court of a venue, for a sport; refused when the venue is closed or the sport unknown. */
    @Transactional
    public Court create(String name, long venueId, String sport, String actor) {
        String clean = checkName(name);
        venues.requireActive(venueId);
        Court court = new Court();
        court.setName(clean);
        court.setVenueId(venueId);
        court.setSport(venues.sport(sport).code());
        court.setActive(true);
        court.setActiveName(clean);
        // refused before the insert, so a name already taken uses up no id (the unique key still guards a race)
        if (courts.exists(new LambdaQueryWrapper<Court>().eq(Court::getActiveName, clean))) {
            throw CourtRushException.conflict("court.nameTaken", clean);
        }
        try {
            courts.insert(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTaken", clean);
        }
        audit.record(
                actor,
                AuditAction.CREATE_COURT,
                AuditTarget.COURT,
                court.getId(),
                new EngineText("audit.court", clean));
        events.publishEvent(new CourtsChanged());
        return court;
    }

    @Transactional
    public Court rename(long id, String name, String actor) {
        Court court = get(id);
        String clean = checkName(name);
        String before = court.getName();
        court.setName(clean);
        court.setActiveName(Boolean.TRUE.equals(court.getActive()) ? clean : null);
        try {
            courts.updateById(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTaken", clean);
        }
        if (!clean.equals(before)) {
            audit.record(
                    actor,
                    AuditAction.RENAME_COURT,
                    AuditTarget.COURT,
                    id,
                    new EngineText("audit.courtRenamed", before, clean));
        }
        events.publishEvent(new CourtsChanged());
        return court;
    }

    @Transactional
    public Court setActive(long id, boolean active, String actor) {
        Court court = get(id);
        boolean was = Boolean.TRUE.equals(court.getActive());
        court.setActive(active);
        court.setActiveName(active ? court.getName() : null);
        try {
            courts.updateById(court);
        } catch (DuplicateKeyException e) {
            throw CourtRushException.conflict("court.nameTakenRename", court.getName());
        }
        if (was != active) {
            audit.record(
                    actor,
                    active ? AuditAction.ENABLE_COURT : AuditAction.DISABLE_COURT,
                    AuditTarget.COURT,
                    id,
                    new EngineText("audit.court", court.getName()));
        }
        events.publishEvent(new CourtsChanged());
        return court;
    }

    /**
     * Moves a court to another venue or sport; refused while it has slots on sale still to be played (their openings
     * and students' shares were decided by its venue and sport).
     */
    @Transactional
    public Court move(long id, Long venueId, String sport, String actor) {
        Court court = get(id);
        long toVenue = venueId == null ? court.getVenueId() : venueId;
        String toSport = sport == null ? court.getSport() : venues.sport(sport).code();
        if (toVenue == court.getVenueId() && toSport.equals(court.getSport())) {
            return court;
        }
        venues.requireActive(toVenue);
        if (courts.slotsToCome(id, LocalDate.now(clock)) > 0) {
            throw CourtRushException.conflict("court.moveWithSlots", court.getName());
        }
        court.setVenueId(toVenue);
        court.setSport(toSport);
        courts.updateById(court);
        audit.record(
                actor,
                AuditAction.MOVE_COURT,
                AuditTarget.COURT,
                id,
                new EngineText("audit.courtMoved", court.getName(), toVenue, toSport));
        events.publishEvent(new CourtsChanged());
        return court;
    }

    public Court get(long id) {
        Court court = courts.selectById(id);
        if (court == null) {
            throw CourtRushException.notFound("court.notFound", id);
        }
        return court;
    }

    public List<Court> list() {
        return courts.selectList(new LambdaQueryWrapper<Court>().orderByAsc(Court::getId));
    }

    private static String checkName(String name) {
        String clean = name == null ? "" : name.strip();
        if (clean.isEmpty() || clean.length() > 64) {
            throw CourtRushException.badRequest("court.nameLength");
        }
        return Texts.requirePlain(clean, "courtName");
    }

    /** Courts changed: cached catalogs must be dropped. */
    public record CourtsChanged() {}
}
