package com.courtrush.reserve.record;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Digests;
import com.courtrush.slot.DrawCommitments;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.HexFormat;
import org.springframework.stereotype.Component;

/**
 * A fair draw's commitment and record (SPEC §13). At warm-up the opening gets a secret of 128 random bits and
 * its SHA-256 is published (a warm-up run again keeps both); the secret orders the entrants when the window
 * closes and is published with the draw's record. Every node reads the same row, so whichever draws uses it.
 */
@Component
public class DrawRecords implements DrawCommitments {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final DrawRecordMapper mapper;
    private final Clock clock;
    /** A commitment never changes once made: kept; "none yet" is asked again after a second. */
    private final Cache<Long, String> made =
            Caffeine.newBuilder().maximumSize(1000).build();

    private final Cache<Long, Boolean> none = Caffeine.newBuilder()
            .expireAfterWrite(Duration.ofSeconds(1))
            .maximumSize(1000)
            .build();

    DrawRecords(DrawRecordMapper mapper, Clock clock) {
        this.mapper = mapper;
        this.clock = clock;
    }

    @Override
    public String commitment(long sessionId) {
        String known = made.getIfPresent(sessionId);
        if (known != null || none.getIfPresent(sessionId) != null) {
            return known;
        }
        DrawRecordMapper.Row row = mapper.find(sessionId);
        if (row == null) {
            none.put(sessionId, Boolean.TRUE);
            return null;
        }
        made.put(sessionId, row.commitment());
        return row.commitment();
    }

    /** Makes the opening's secret and commitment unless it has them (a second call keeps the first). */
    public void commit(long sessionId) {
        byte[] bits = new byte[16];
        RANDOM.nextBytes(bits);
        String secret = HexFormat.of().formatHex(bits);
        mapper.commit(sessionId, secret, Digests.sha256Hex(secret), LocalDateTime.now(clock));
        none.invalidate(sessionId);
    }

    /** The secret the draw orders its entrants by (made now if the opening was warmed before it had one). */
    public String secret(long sessionId) {
        DrawRecordMapper.Row row = mapper.find(sessionId);
        if (row != null) {
            return row.secret();
        }
        commit(sessionId);
        return mapper.find(sessionId).secret();
    }

    /** Keeps the draw's published record (JSON), once. */
    public void publish(long sessionId, String publication) {
        mapper.published(sessionId, publication, LocalDateTime.now(clock));
    }

    /**
     * What anyone may know of the opening's draw: before it, the commitment; after it, the published record
     * (with the secret). 404 for an opening that has no draw.
     */
    public Published published(long sessionId) {
        DrawRecordMapper.Row row = mapper.find(sessionId);
        if (row == null) {
            throw CourtRushException.notFound("draw.notFound", sessionId);
        }
        return new Published(sessionId, row.commitment(), row.drawnTime(), row.publication());
    }

    /** @param publication the record as JSON (null until drawn) */
    public record Published(long sessionId, String commitment, LocalDateTime drawnTime, String publication) {}
}
