package com.courtrush.account;

import com.courtrush.infra.CourtRushProperties;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Which tokens no longer work, kept in the database so that a sign-out, a disabled account or a
 * changed password holds across restarts and on every node, whatever Redis keeps. Checking a token
 * costs no round trip: each node mirrors the signed-out tokens in memory and caches each account's
 * token generation and active flag, and reads what other nodes wrote once a second.
 *
 * <p>A poll re-reads the last minute of rows (by the database's own clock): a row whose transaction
 * committed after a later one was already read is not missed. Applying a row twice changes nothing.
 */
@Component
class TokenRevocations {

    private static final Logger log = LoggerFactory.getLogger(TokenRevocations.class);
    private static final Duration LOOK_BACK = Duration.ofMinutes(1);
    private static final int ACCOUNTS_CACHED = 200_000;

    private final TokenRevocationMapper revocations;
    private final UserAccountMapper accounts;
    private final Duration tokenTtl;
    private final Clock clock;
    /** Signed-out token ids → when they would have expired. */
    private final Map<String, LocalDateTime> signedOut = new ConcurrentHashMap<>();
    private final Cache<Long, UserAccountMapper.TokenState> states;
    private volatile LocalDateTime latestWritten;
    private volatile boolean pollFailing;

    TokenRevocations(TokenRevocationMapper revocations, UserAccountMapper accounts, CourtRushProperties properties,
            Clock clock) {
        this.revocations = revocations;
        this.accounts = accounts;
        this.tokenTtl = properties.auth().tokenTtl();
        this.clock = clock;
        // an entry also lapses, so that even a change this node failed to read is taken within minutes
        this.states = Caffeine.newBuilder().maximumSize(ACCOUNTS_CACHED).expireAfterWrite(Duration.ofMinutes(5))
                .build();
        apply(revocations.unexpired(LocalDateTime.now(clock)));
    }

    boolean isSignedOut(String tokenId) {
        return signedOut.containsKey(tokenId);
    }

    /** The account's token generation and active flag: cached, else read from the database. */
    UserAccountMapper.TokenState state(long userId) {
        return states.get(userId, accounts::tokenState);
    }

    /** What a sign-in just read from the database: the next request of this account needs no read. */
    void remember(UserAccount account) {
        states.put(account.getId(), new UserAccountMapper.TokenState(account.getTokenGeneration(),
                Boolean.TRUE.equals(account.getActive())));
    }

    /** One token ends, on every node (this one at once, the others within a second). */
    void signOut(long userId, String tokenId, Instant expiresAt) {
        LocalDateTime expiry = LocalDateTime.ofInstant(expiresAt, clock.getZone());
        revocations.insert(userId, tokenId, expiry);
        signedOut.put(tokenId, expiry);
    }

    /**
     * Every token of the account issued so far ends: its generation moves on. Runs in the caller's
     * transaction (with the password or active flag it changes); returns the new generation.
     */
    @Transactional
    int endAll(long userId) {
        LocalDateTime now = LocalDateTime.now(clock);
        accounts.endAllTokens(userId, now);
        revocations.insert(userId, null, now.plus(tokenTtl));
        UserAccountMapper.TokenState state = accounts.tokenState(userId);
        states.invalidate(userId);
        return state.generation();
    }

    @Scheduled(fixedDelay = 1_000, initialDelay = 1_000)
    void poll() {
        try {
            LocalDateTime from = latestWritten == null ? null : latestWritten.minus(LOOK_BACK);
            apply(from == null ? revocations.unexpired(LocalDateTime.now(clock)) : revocations.writtenSince(from));
            if (pollFailing) {
                pollFailing = false;
                log.info("Reading sign-outs from the database works again");
            }
        } catch (RuntimeException e) {
            if (!pollFailing) {
                pollFailing = true;
                log.warn("Cannot read sign-outs from the database; this node keeps those it knows and retries "
                        + "every second", e);
            }
        }
    }

    @Scheduled(fixedDelay = 600_000, initialDelay = 60_000)
    void forgetExpired() {
        LocalDateTime now = LocalDateTime.now(clock);
        try {
            revocations.deleteExpired(now);
        } catch (RuntimeException e) {
            log.warn("Cannot delete expired sign-outs; the next run retries", e);
        }
        signedOut.values().removeIf(expiry -> !expiry.isAfter(now));
    }

    private void apply(List<TokenRevocationMapper.Row> rows) {
        for (TokenRevocationMapper.Row row : rows) {
            if (row.tokenId() != null) {
                signedOut.put(row.tokenId(), row.expiresAt());
            } else {
                states.invalidate(row.userId()); // read again at its next request: new generation, active flag
            }
            if (latestWritten == null || row.createTime().isAfter(latestWritten)) {
                latestWritten = row.createTime();
            }
        }
    }
}
