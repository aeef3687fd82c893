package com.courtrush.opening;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.opening.api.SessionState;
import com.courtrush.opening.api.WarmupReport;
import com.courtrush.venue.Venue;
import com.courtrush.venue.Venues;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;

/** Creates openings and moves them through their life, from staff actions and from the clock. */
@Service
public class OpeningService {

    static final int LONGEST_DRAW_WINDOW_MS = 60_000;
    static final int SHORTEST_DRAW_WINDOW_MS = 100;
    static final AuditTarget AUDIT_TARGET = AuditTarget.SESSION;
    /** The states an opening is in until it closes: named, so the clock's reads take them from the state index. */
    private static final List<SessionState> NOT_CLOSED =
            List.of(SessionState.SCHEDULED, SessionState.WARMED, SessionState.OPEN);

    private static final Logger log = LoggerFactory.getLogger(OpeningService.class);

    private final ReserveSessionMapper sessions;
    private final StockWarmer warmer;
    private final AuditTrail audit;
    private final ApplicationEventPublisher events;
    private final Venues venues;
    private final Clock clock;

    OpeningService(
            ReserveSessionMapper sessions,
            StockWarmer warmer,
            AuditTrail audit,
            ApplicationEventPublisher events,
            Venues venues,
            Clock clock) {
        this.venues = venues;
        this.sessions = sessions;
        this.warmer = warmer;
        this.audit = audit;
        this.events = events;
        this.clock = clock;
    }

    /** Creates an opening; one whose warm-up time has come is warmed up at once. */
    public ReserveSession create(NewOpening request, String actor) {
        ReserveSession session = createScheduled(request, actor);
        if (!LocalDateTime.now(clock).isBefore(session.warmupTime())) {
            warmUp(session.getId(), actor);
        }
        return get(session.getId());
    }

    /**
     * Creates an opening in the database only (SCHEDULED; the opening clock warms it up when its time
     * comes): safe in the caller's transaction, which may still roll back.
     */
    public ReserveSession createScheduled(NewOpening request, String actor) {
        LocalDateTime now = LocalDateTime.now(clock);
        validate(request, now.toLocalDate());
        ReserveSession session = new ReserveSession();
        session.setVenueId(venues.requireActive(request.venueId() == null ? Venue.FIRST : request.venueId())
                .getId());
        session.setSessionDate(request.sessionDate());
        session.setFlashTime(request.flashTime().withNano(0));
        session.setPerUserLimit(
                request.perUserLimit() == null ? NewOpening.DEFAULT_PER_USER_LIMIT : request.perUserLimit());
        session.setWarmupLeadMinutes(
                request.warmupLeadMinutes() == null
                        ? NewOpening.DEFAULT_WARMUP_LEAD_MINUTES
                        : request.warmupLeadMinutes());
        session.setState(SessionState.SCHEDULED);
        session.setBookingPass(Boolean.TRUE.equals(request.bookingPass()));
        session.setDrawWindowMs(request.drawWindowMs() == null ? 0 : request.drawWindowMs());
        sessions.insert(session);
        audit.record(
                actor,
                AuditAction.CREATE_SESSION,
                AUDIT_TARGET,
                session.getId(),
                new EngineText(
                        "audit.detail.opening",
                        session.getSessionDate(),
                        session.getFlashTime().toString().replace('T', ' '),
                        session.getPerUserLimit()));
        events.publishEvent(new OpeningChanged(session.getId()));
        return session;
    }

    /** Warm-up now (staff) or at flash time − lead (the clock). Idempotent; also a re-sync. */
    public WarmupReport warmUp(long id, String actor) {
        ReserveSession session = get(id);
        if (session.getState() == SessionState.SCHEDULED
                && sessions.transition(id, SessionState.SCHEDULED, SessionState.WARMED, LocalDateTime.now(clock))
                        == 1) {
            session.setState(SessionState.WARMED);
            events.publishEvent(new OpeningChanged(id));
        }
        WarmupReport report = warmer.warm(get(id));
        audit.record(
                actor,
                AuditAction.WARM_UP,
                AUDIT_TARGET,
                id,
                new EngineText("audit.detail.warmedUp", report.slots(), report.permits()));
        log.info("Opening {} warmed up by {}: {} slots, {} permits", id, actor, report.slots(), report.permits());
        return report;
    }

    /** Recomputes the opening's Redis state from the database, without changing its life state. */
    public WarmupReport resync(long id, String actor) {
        ReserveSession session = get(id);
        WarmupReport report = warmer.warm(session);
        audit.record(
                actor,
                AuditAction.RESYNC,
                AUDIT_TARGET,
                id,
                new EngineText("audit.detail.resynced", report.slots(), report.permits()));
        log.info("Opening {} re-synced by {}: {} slots, {} permits", id, actor, report.slots(), report.permits());
        return report;
    }

    /** Opens the gate now, warming up first if needed. */
    public ReserveSession openNow(long id, String actor) {
        ReserveSession session = get(id);
        if (session.getState() == SessionState.SCHEDULED) {
            warmUp(id, actor);
            session = get(id);
        }
        LocalDateTime now = LocalDateTime.now(clock);
        if (session.getFlashTime().isAfter(now)) {
            // opened early: it opens now, and a later re-sync (which opens on the flash time) keeps it open
            sessions.moveFlashTime(id, now, now);
        }
        if (session.getState() != SessionState.OPEN) {
            moveTo(get(id), SessionState.OPEN);
        }
        warmer.openGateNow(get(id));
        audit.record(actor, AuditAction.OPEN, AUDIT_TARGET, id);
        return get(id);
    }

    public ReserveSession close(long id, String actor) {
        ReserveSession session = get(id);
        if (session.getState() != SessionState.CLOSED) {
            moveTo(session, SessionState.CLOSED);
        }
        warmer.applyGate(get(id));
        audit.record(actor, AuditAction.CLOSE, AUDIT_TARGET, id);
        return get(id);
    }

    /** The clock's move at flash time: WARMED → OPEN, once across all nodes. */
    boolean openOnTime(ReserveSession session) {
        if (sessions.transition(session.getId(), SessionState.WARMED, SessionState.OPEN, LocalDateTime.now(clock))
                == 1) {
            warmer.applyGate(get(session.getId()));
            events.publishEvent(new OpeningChanged(session.getId(), true));
            log.info("Opening {} is open (flash time {})", session.getId(), session.getFlashTime());
            return true;
        }
        return false;
    }

    /** The clock's move after the opening's day: closed, once across all nodes. */
    boolean closeAfterItsDay(ReserveSession session) {
        if (sessions.transition(session.getId(), session.getState(), SessionState.CLOSED, LocalDateTime.now(clock))
                == 1) {
            warmer.applyGate(get(session.getId()));
            events.publishEvent(new OpeningChanged(session.getId()));
            log.info("Opening {} of {} closed: its day is over", session.getId(), session.getSessionDate());
            return true;
        }
        return false;
    }

    public ReserveSession get(long id) {
        ReserveSession session = sessions.selectById(id);
        if (session == null) {
            throw CourtRushException.notFound("opening.notFound", id);
        }
        return session;
    }

    public List<ReserveSession> listByDate(LocalDate date) {
        return between(date, date);
    }

    /** Openings of the dates from {@code from} to {@code to} (both included), by flash time. */
    public List<ReserveSession> between(LocalDate from, LocalDate to) {
        return sessions.selectList(new LambdaQueryWrapper<ReserveSession>()
                .between(ReserveSession::getSessionDate, from, to)
                .orderByAsc(ReserveSession::getFlashTime, ReserveSession::getId));
    }

    /** Openings that are not closed and whose day is not long past: what the clock looks after. */
    List<ReserveSession> notClosedSince(LocalDate from) {
        return sessions.selectList(new LambdaQueryWrapper<ReserveSession>()
                .in(ReserveSession::getState, NOT_CLOSED)
                .ge(ReserveSession::getSessionDate, from));
    }

    /** Openings not closed whose flash time falls from {@code from} to {@code to}: a rush near (idx_session_state_flash). */
    public List<ReserveSession> flashingBetween(LocalDateTime from, LocalDateTime to) {
        return sessions.selectList(new LambdaQueryWrapper<ReserveSession>()
                .in(ReserveSession::getState, NOT_CLOSED)
                .between(ReserveSession::getFlashTime, from, to)
                .orderByAsc(ReserveSession::getFlashTime));
    }

    /** Upkeep that loads the node keeps this far before an opening's flash time... */
    public static final Duration QUIET_BEFORE = Duration.ofMinutes(15);

    /** ...and this far after it: the rush's grants recorded, its payments begun. */
    public static final Duration QUIET_AFTER = Duration.ofMinutes(10);

    /** The longest warm-up lead an opening may have ({@link #validate}): how far ahead {@link #warmUpOrRushMeeting} looks. */
    private static final Duration LONGEST_LEAD = Duration.ofMinutes(1440);

    /**
     * The first opening not closed whose rush meets the time from {@code from} to {@code to}: from {@link #QUIET_BEFORE}
     * before its flash time to {@link #QUIET_AFTER} after it. What a backup, a sweep or a compaction keeps away from: they
     * load the node for seconds, and the warm-up before is one step (idx_session_state_flash).
     */
    public Optional<ReserveSession> rushMeeting(LocalDateTime from, LocalDateTime to) {
        return flashingBetween(from.minus(QUIET_AFTER), to.plus(QUIET_BEFORE)).stream()
                .findFirst();
    }

    /**
     * The first opening not closed whose warm-up or rush meets the time from {@code from} to {@code to}: from its
     * warm-up ({@link #rushBegins}) to {@link #QUIET_AFTER} after its flash time. What an upgrade keeps away from: a
     * node stopped between an opening's warm-up and its flash would miss the one and start cold into the other.
     */
    public Optional<ReserveSession> warmUpOrRushMeeting(LocalDateTime from, LocalDateTime to) {
        return flashingBetween(from.minus(QUIET_AFTER), to.plus(LONGEST_LEAD).plus(QUIET_BEFORE)).stream()
                .filter(opening -> !rushBegins(opening).isAfter(to))
                .findFirst();
    }

    /** When an opening's warm-up and rush begin: its warm-up, and at least {@link #QUIET_BEFORE} before its flash time. */
    public static LocalDateTime rushBegins(ReserveSession opening) {
        Duration lead = Duration.ofMinutes(opening.getWarmupLeadMinutes() == null ? 0 : opening.getWarmupLeadMinutes());
        return opening.getFlashTime().minus(lead.compareTo(QUIET_BEFORE) > 0 ? lead : QUIET_BEFORE);
    }

    /** Not closed, day before {@code date}: the clock closes them. */
    List<ReserveSession> notClosedBefore(LocalDate date) {
        return sessions.selectList(new LambdaQueryWrapper<ReserveSession>()
                .in(ReserveSession::getState, NOT_CLOSED)
                .lt(ReserveSession::getSessionDate, date));
    }

    private void moveTo(ReserveSession session, SessionState target) {
        if (sessions.transition(session.getId(), session.getState(), target, LocalDateTime.now(clock)) != 1) {
            throw CourtRushException.conflict("opening.changed", session.getId());
        }
        events.publishEvent(new OpeningChanged(session.getId()));
    }

    private static void validate(NewOpening request, LocalDate today) {
        if (request.sessionDate() == null || request.flashTime() == null) {
            throw CourtRushException.badRequest("opening.required");
        }
        if (request.sessionDate().isBefore(today)) {
            throw CourtRushException.badRequest("opening.datePast", request.sessionDate());
        }
        if (!request.flashTime().isBefore(request.sessionDate().plusDays(1).atStartOfDay())) {
            throw CourtRushException.badRequest("opening.flashAfterDay");
        }
        if (request.flashTime().toLocalDate().isBefore(request.sessionDate().minusDays(30))) {
            throw CourtRushException.badRequest("opening.flashTooEarly");
        }
        if (request.perUserLimit() != null && (request.perUserLimit() < 1 || request.perUserLimit() > 100)) {
            throw CourtRushException.badRequest("opening.perUserLimit");
        }
        if (request.warmupLeadMinutes() != null
                && (request.warmupLeadMinutes() < 0 || request.warmupLeadMinutes() > 1440)) {
            throw CourtRushException.badRequest("opening.warmupLead");
        }
        if (request.drawWindowMs() != null
                && request.drawWindowMs() != 0
                && (request.drawWindowMs() < SHORTEST_DRAW_WINDOW_MS
                        || request.drawWindowMs() > LONGEST_DRAW_WINDOW_MS)) {
            throw CourtRushException.badRequest("opening.drawWindow", SHORTEST_DRAW_WINDOW_MS, LONGEST_DRAW_WINDOW_MS);
        }
    }
}
