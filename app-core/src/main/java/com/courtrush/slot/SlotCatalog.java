package com.courtrush.slot;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.ReserveSessionMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Openings and their slots as this node caches them, so the reserve fast path validates a request
 * without touching the database. Any change on any node drops the cache ({@link CatalogInvalidation});
 * entries are also reloaded after a few seconds as a safety net — in the background, the cached
 * one served meanwhile and kept if the database cannot answer: a database outage must not hold
 * every reservation (each waited for a connection, and the students' requests queued behind them)
 * while Redis alone decides them. A cached entry is dropped after {@link #STALE_LIMIT} without a
 * successful reload. An id no opening has is answered cheaply
 * and apart: above the highest id there is, without a query; below it, remembered in a small cache
 * of its own, so made-up ids can neither reach the database at will nor push real openings out.
 */
@Component
public class SlotCatalog {

    private static final Duration TTL = Duration.ofSeconds(10);
    static final Duration STALE_LIMIT = Duration.ofMinutes(10);
    private static final int MAX_SESSIONS = 10_000;
    private static final int MAX_MISSING = 1_000;

    private final ReserveSessionMapper sessions;
    private final TimeSlotMapper slots;
    private final LoadingCache<Long, SessionCatalog> bySession;
    private final Cache<Long, Boolean> missing;
    private final LoadingCache<Boolean, Long> highestId;
    private final LoadingCache<LocalDate, List<Long>> byDate;

    SlotCatalog(ReserveSessionMapper sessions, TimeSlotMapper slots) {
        this.sessions = sessions;
        this.slots = slots;
        this.bySession = Caffeine.newBuilder().refreshAfterWrite(TTL).expireAfterWrite(STALE_LIMIT)
                .maximumSize(MAX_SESSIONS).build(this::load);
        this.missing = Caffeine.newBuilder().expireAfterWrite(TTL).maximumSize(MAX_MISSING).build();
        this.highestId = Caffeine.newBuilder().refreshAfterWrite(TTL).expireAfterWrite(STALE_LIMIT)
                .build(any -> sessions.highestId());
        this.byDate = Caffeine.newBuilder().refreshAfterWrite(TTL).expireAfterWrite(STALE_LIMIT).maximumSize(1_000)
                .build(this::loadDate);
    }

    /** The opening and its slots, or empty when there is no such opening. */
    public Optional<SessionCatalog> session(long sessionId) {
        if (sessionId <= 0 || sessionId > highestId.get(Boolean.TRUE) || missing.getIfPresent(sessionId) != null) {
            return Optional.empty();
        }
        SessionCatalog found = bySession.get(sessionId); // null is not cached
        if (found == null) {
            missing.put(sessionId, Boolean.TRUE);
        }
        return Optional.ofNullable(found);
    }

    /** The openings whose slots are on {@code date}, by flash time. */
    public List<SessionCatalog> onDate(LocalDate date) {
        return byDate.get(date).stream().map(this::session).flatMap(Optional::stream).toList();
    }

    public void invalidateAll() {
        bySession.invalidateAll();
        missing.invalidateAll();
        highestId.invalidateAll();
        byDate.invalidateAll();
    }

    private SessionCatalog load(Long sessionId) {
        ReserveSession session = sessions.selectById(sessionId);
        if (session == null) {
            return null;
        }
        List<SlotInfo> rows = slots.findBySessionWithCourt(sessionId).stream().map(SlotInfo::of).toList();
        return new SessionCatalog(session, rows);
    }

    private List<Long> loadDate(LocalDate date) {
        return sessions.selectList(new LambdaQueryWrapper<ReserveSession>()
                        .select(ReserveSession::getId)
                        .eq(ReserveSession::getSessionDate, date)
                        .orderByAsc(ReserveSession::getFlashTime, ReserveSession::getId))
                .stream().map(ReserveSession::getId).toList();
    }
}
