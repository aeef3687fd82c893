package com.courtrush.account;

import com.courtrush.account.api.Category;
import com.courtrush.infra.config.CourtRushProperties;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
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
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

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
    /** Past this many live sign-outs, an account's next one ends all its tokens (a row, not one more per token). */
    private static final int SIGN_OUTS_PER_ACCOUNT = 20;

    private final TokenRevocationMapper revocations;
    private final UserAccountMapper accounts;
    private final Duration tokenTtl;
    private final Clock clock;
    /** Signed-out token ids → when they would have expired. */
    private final Map<String, LocalDateTime> signedOut = new ConcurrentHashMap<>();

    private final LoadingCache<Long, UserAccountMapper.TokenState> states;
    private volatile LocalDateTime latestWritten;
    private volatile boolean pollFailing;

    TokenRevocations(
            TokenRevocationMapper revocations,
            UserAccountMapper accounts,
            CourtRushProperties properties,
            Clock clock) {
        this.revocations = revocations;
        this.accounts = accounts;
        this.tokenTtl = properties.auth().tokenTtl();
        this.clock = clock;
        // An account's state changes only with a revocation row (endAll), which the poll applies within a
        // second and readAllAgain again every few minutes: an entry is read once and kept until such a row,
        // or until no token of the account could still be valid. Nothing is re-read by age: students sign
        // in minutes before an opening, so a re-read after a minute (or an expiry after a few) fell on the
        // rush itself, one database read per student in its first second (and, on two cores, one new
        // thread each: Caffeine's default executor).
        this.states = Caffeine.newBuilder()
                .maximumSize(ACCOUNTS_CACHED)
                .ticker(() -> clock.millis() * 1_000_000)
                .expireAfterAccess(tokenTtl)
                .build(accounts::tokenState);
        apply(revocations.unexpired(LocalDateTime.now(clock)));
    }

    boolean isSignedOut(String tokenId) {
        return signedOut.containsKey(tokenId);
    }

    /** The account's token generation and active flag: cached, else read from the database. */
    UserAccountMapper.TokenState state(long userId) {
        return states.get(userId);
    }

    /**
     * Every student's token state read now, in one query, before an opening (decision 28): after a restart each
     * student's first request would otherwise read its own, thousands of reads in the rush's first second. A
     * state this node knows of a newer generation is kept. Answers how many were read.
     */
    int prime() {
        List<UserAccountMapper.TokenStateRow> rows = accounts.studentTokenStates(ACCOUNTS_CACHED);
        for (UserAccountMapper.TokenStateRow row : rows) {
            UserAccountMapper.TokenState read =
                    new UserAccountMapper.TokenState(row.generation(), row.active(), row.category());
            states.asMap()
                    .merge(row.id(), read, (known, fresh) -> fresh.generation() >= known.generation() ? fresh : known);
        }
        return rows.size();
    }

    /**
     * What a sign-in just read from the database: the next request of this account needs no read. A
     * newer generation this node already knows is kept (the sign-in may have read before a change).
     */
    void remember(UserAccount account) {
        UserAccountMapper.TokenState read = new UserAccountMapper.TokenState(
                account.getTokenGeneration() == null ? 0 : account.getTokenGeneration(),
                Boolean.TRUE.equals(account.getActive()),
                account.getCategory() == null ? Category.STUDENT : account.getCategory());
        states.asMap()
                .merge(
                        account.getId(),
                        read,
                        (known, fresh) -> fresh.generation() >= known.generation() ? fresh : known);
    }

    /**
     * One token ends, on every node (this one at once, the others within a second). An account that
     * signs out over and over has all its tokens ended instead, so sign-outs cannot fill the nodes'
     * memory.
     */
    void signOut(long userId, String tokenId, Instant expiresAt) {
        LocalDateTime now = LocalDateTime.now(clock);
        if (revocations.countSignedOut(userId, now) >= SIGN_OUTS_PER_ACCOUNT) {
            endAll(userId);
            return;
        }
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
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            // a request between here and the commit may have read the old state again
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    states.invalidate(userId);
                }
            });
        }
        return state.generation();
    }

    /**
     * Every node reads the account's state again at its next request, its tokens kept: what it books as changed (SPEC
     * §21). Runs in the caller's transaction, with the change.
     */
    @Transactional
    void readAgain(long userId) {
        LocalDateTime now = LocalDateTime.now(clock);
        revocations.insert(userId, null, now.plus(tokenTtl));
        states.invalidate(userId);
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    states.invalidate(userId);
                }
            });
        }
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
                log.warn(
                        "Cannot read sign-outs from the database; this node keeps those it knows and retries "
                                + "every second",
                        e);
            }
        }
    }

    /**
     * Every few minutes: expired rows go, and every row still in force is read again — a safety net
     * for the poll, whose look-back counts on the database's clock never stepping back.
     */
    @Scheduled(fixedDelay = 300_000, initialDelay = 300_000)
    void readAllAgain() {
        LocalDateTime now = LocalDateTime.now(clock);
        try {
            revocations.deleteExpired(now);
            apply(revocations.unexpired(now));
        } catch (RuntimeException e) {
            log.warn("Cannot tidy and re-read sign-outs; the next run retries", e);
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
