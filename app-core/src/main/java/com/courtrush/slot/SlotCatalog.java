package com.courtrush.slot;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.core.Outages;
import com.courtrush.core.Rehearsal;
import com.courtrush.infra.config.BackgroundWork;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.ReserveSessionMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.stereotype.Component;

/**
 * Openings and their slots as this node caches them, so the reserve fast path validates a request
 * without touching the database. Any change on any node drops the cache ({@link CatalogInvalidation});
 * entries are also reloaded after a few seconds as a safety net — in the background
 * ({@link BackgroundWork}), the cached
 * one served meanwhile and kept if the database cannot answer: a database outage must not hold
 * every reservation (each waited for a connection, and the students' requests queued behind them)
 * while Redis alone decides them. A cached entry is dropped after {@link #STALE_LIMIT} without a
 * successful reload. A read the database cannot answer — after an invalidation, say, during an
 * outage — falls back to the last one that succeeded, and for {@link #OUTAGE_HOLD} after such a
 * failure the database is not asked again: every request for an opening waits on its one load, so
 * each asking anew made a convoy of connection timeouts that held reservations for tens of seconds.
 * An id no opening has is answered cheaply
 * and apart: above the highest id there is, without a query; below it, remembered in a small cache
 * of its own, so made-up ids can neither reach the database at will nor push real openings out.
 */
@Component
public class SlotCatalog {

    private static final Duration TTL = Duration.ofSeconds(10);
    static final Duration STALE_LIMIT = Duration.ofMinutes(10);
    private static final int MAX_SESSIONS = 10_000;
    private static final int MAX_MISSING = 1_000;
    /** After the database could not be reached, how long reads go straight to the last ones that succeeded. */
    static final Duration OUTAGE_HOLD = Duration.ofSeconds(2);

    private static final Logger log = LoggerFactory.getLogger(SlotCatalog.class);

    private final ReserveSessionMapper sessions;
    private final TimeSlotMapper slots;
    private final LoadingCache<Long, SessionCatalog> bySession;
    private final Cache<Long, Boolean> missing;
    private final LoadingCache<Boolean, Long> highestId;
    private final LoadingCache<LocalDate, List<Long>> byDate;
    /** The last successful reads, kept across invalidations: what is served while the database is out. */
    private final Map<Long, SessionCatalog> lastSession = new ConcurrentHashMap<>();

    private final Map<LocalDate, List<Long>> lastDate = new ConcurrentHashMap<>();
    /** This node's rehearsal openings ({@link Rehearsal}): in memory only, never on a date's list. */
    private final Map<Long, SessionCatalog> rehearsals = new ConcurrentHashMap<>();

    private volatile Long lastHighestId;
    private volatile long databaseOutUntil;
    private volatile boolean databaseOut;

    SlotCatalog(ReserveSessionMapper sessions, TimeSlotMapper slots, BackgroundWork refreshes) {
        this.sessions = sessions;
        this.slots = slots;
        this.bySession = Caffeine.newBuilder()
                .refreshAfterWrite(TTL)
                .expireAfterWrite(STALE_LIMIT)
                .executor(refreshes)
                .maximumSize(MAX_SESSIONS)
                .build(this::load);
        this.missing = Caffeine.newBuilder()
                .expireAfterWrite(TTL)
                .maximumSize(MAX_MISSING)
                .build();
        this.highestId = Caffeine.newBuilder()
                .refreshAfterWrite(TTL)
                .expireAfterWrite(STALE_LIMIT)
                .executor(refreshes)
                .build(any -> {
                    Long highest = read(sessions::highestId, lastHighestId);
                    lastHighestId = highest;
                    return highest;
                });
        this.byDate = Caffeine.newBuilder()
                .refreshAfterWrite(TTL)
                .expireAfterWrite(STALE_LIMIT)
                .executor(refreshes)
                .maximumSize(1_000)
                .build(this::loadDate);
    }

    /** The opening and its slots, or empty when there is no such opening. */
    public Optional<SessionCatalog> session(long sessionId) {
        if (sessionId >= Rehearsal.FIRST_ID) {
            return Optional.ofNullable(rehearsals.get(sessionId));
        }
        if (sessionId <= 0 || sessionId > highestId.get(Boolean.TRUE) || missing.getIfPresent(sessionId) != null) {
            return Optional.empty();
        }
        SessionCatalog found = bySession.get(sessionId); // null is not cached
        if (found == null) {
            missing.put(sessionId, Boolean.TRUE);
        }
        return Optional.ofNullable(found);
    }

    /** A rehearsal's opening, served like any other until {@link #endRehearsal}; none of the database's. */
    public void rehearse(SessionCatalog opening) {
        long id = opening.session().getId();
        if (id < Rehearsal.FIRST_ID) {
            throw new IllegalArgumentException("Opening " + id + " is not a rehearsal's");
        }
        rehearsals.put(id, opening);
    }

    public void endRehearsal(long sessionId) {
        rehearsals.remove(sessionId);
    }

    /** The openings whose slots are on {@code date}, by flash time. */
    public List<SessionCatalog> onDate(LocalDate date) {
        return byDate.get(date).stream()
                .map(this::session)
                .flatMap(Optional::stream)
                .toList();
    }

    /**
     * An opening's state moved on: it (and the dates' lists) are read again in the background while the
     * ones held are served.
     */
    public void refresh(long sessionId) {
        bySession.refresh(sessionId);
        byDate.refreshAll(byDate.asMap().keySet());
    }

    public void invalidateAll() {
        bySession.invalidateAll();
        missing.invalidateAll();
        highestId.invalidateAll();
        byDate.invalidateAll();
    }

    private SessionCatalog load(Long sessionId) {
        SessionCatalog found = read(() -> loadFromDatabase(sessionId), lastSession.get(sessionId));
        if (found == null) {
            lastSession.remove(sessionId);
        } else {
            lastSession.put(sessionId, found);
        }
        return found;
    }

    private SessionCatalog loadFromDatabase(long sessionId) {
        ReserveSession session = sessions.selectById(sessionId);
        if (session == null) {
            return null;
        }
        List<SlotInfo> rows = slots.findBySessionWithCourt(sessionId).stream()
                .map(SlotInfo::of)
                .toList();
        return new SessionCatalog(session, rows);
    }

    private List<Long> loadDate(LocalDate date) {
        List<Long> ids = read(
                () -> sessions
                        .selectList(new LambdaQueryWrapper<ReserveSession>()
                                .select(ReserveSession::getId)
                                .eq(ReserveSession::getSessionDate, date)
                                .orderByAsc(ReserveSession::getFlashTime, ReserveSession::getId))
                        .stream()
                        .map(ReserveSession::getId)
                        .toList(),
                lastDate.get(date));
        lastDate.put(date, ids);
        return ids;
    }

    /**
     * Reads from the database; when it cannot be reached, answers {@code lastRead} (if there is one)
     * and, for {@link #OUTAGE_HOLD}, answers it without asking again.
     */
    private <T> T read(Supplier<T> database, T lastRead) {
        if (databaseOut && System.nanoTime() - databaseOutUntil < 0) {
            if (lastRead == null) {
                // nothing read before: answered at once (503), not after another wait for a connection
                throw new DataAccessResourceFailureException("The database cannot be reached (the slot catalog "
                        + "waits " + OUTAGE_HOLD.toSeconds() + " s before asking again)");
            }
            return lastRead;
        }
        try {
            T fresh = database.get();
            if (databaseOut) {
                databaseOut = false;
                log.info("The database answers again; the slot catalog reads from it");
            }
            return fresh;
        } catch (RuntimeException e) {
            if (!Outages.isUnreachable(e)) {
                throw e;
            }
            databaseOutUntil = System.nanoTime() + OUTAGE_HOLD.toNanos();
            if (!databaseOut) {
                databaseOut = true;
                log.warn(
                        "The database cannot be reached; the slot catalog serves its last reads meanwhile: {}",
                        Outages.describe(e));
            }
            if (lastRead == null) {
                throw e;
            }
            return lastRead;
        }
    }
}
