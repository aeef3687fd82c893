package com.courtrush.slot;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.ReserveSessionMapper;
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
 * entries also expire after a few seconds as a safety net.
 */
@Component
public class SlotCatalog {

    private static final Duration TTL = Duration.ofSeconds(10);
    private static final int MAX_SESSIONS = 10_000;

    private final ReserveSessionMapper sessions;
    private final TimeSlotMapper slots;
    private final LoadingCache<Long, Optional<SessionCatalog>> bySession;
    private final LoadingCache<LocalDate, List<Long>> byDate;

    SlotCatalog(ReserveSessionMapper sessions, TimeSlotMapper slots) {
        this.sessions = sessions;
        this.slots = slots;
        this.bySession = Caffeine.newBuilder().expireAfterWrite(TTL).maximumSize(MAX_SESSIONS).build(this::load);
        this.byDate = Caffeine.newBuilder().expireAfterWrite(TTL).maximumSize(1_000).build(this::loadDate);
    }

    /** The opening and its slots, or empty when there is no such opening. */
    public Optional<SessionCatalog> session(long sessionId) {
        return bySession.get(sessionId);
    }

    /** The openings whose slots are on {@code date}, by flash time. */
    public List<SessionCatalog> onDate(LocalDate date) {
        return byDate.get(date).stream().map(this::session).flatMap(Optional::stream).toList();
    }

    public void invalidateAll() {
        bySession.invalidateAll();
        byDate.invalidateAll();
    }

    private Optional<SessionCatalog> load(Long sessionId) {
        ReserveSession session = sessions.selectById(sessionId);
        if (session == null) {
            return Optional.empty();
        }
        List<SlotInfo> rows = slots.findBySessionWithCourt(sessionId).stream().map(SlotInfo::of).toList();
        return Optional.of(new SessionCatalog(session, rows));
    }

    private List<Long> loadDate(LocalDate date) {
        return sessions.selectList(new LambdaQueryWrapper<ReserveSession>()
                        .select(ReserveSession::getId)
                        .eq(ReserveSession::getSessionDate, date)
                        .orderByAsc(ReserveSession::getFlashTime, ReserveSession::getId))
                .stream().map(ReserveSession::getId).toList();
    }
}
