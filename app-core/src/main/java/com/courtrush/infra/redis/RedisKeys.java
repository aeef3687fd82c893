package com.courtrush.infra.redis;

import java.time.LocalDate;

/**
 * Every Redis key the engine uses, in one place. The seed's {@code bf:*} names keep their meaning;
 * every key of an opening carries the opening's hash tag, {@code bf:{s:<sessionId>}:...}, so that
 * whatever one decision touches (the student's attempts, the gate, the slot's stock and holders,
 * the quota, the pending record, the in-flight set) lives in one Redis Cluster hash slot and one
 * script can touch it all (decision 18). All values are plain strings (Redisson's StringCodec).
 */
public final class RedisKeys {

    /** What every key of an opening begins with: {@code bf:{s:<sessionId>}:}, the braces its hash tag. */
    public static String opening(long sessionId) {
        return "bf:{s:" + sessionId + "}:";
    }

    /** RSemaphore of a slot: permits = capacity − places taken. */
    public static String semaphore(long sessionId, long slotId) {
        return opening(sessionId) + "sem:" + slotId;
    }

    /** RSet of the user ids holding (or being granted) a place in a slot. */
    public static String dedup(long sessionId, long slotId) {
        return opening(sessionId) + "dedup:" + slotId;
    }

    /** The opening a slot is bound to (warm-up binds it): the opening's id. */
    public static String slotSession(long sessionId, long slotId) {
        return opening(sessionId) + "slot:session:" + slotId;
    }

    /** Present while the slot is disabled: releases do not give its permits back. */
    public static String slotOff(long sessionId, long slotId) {
        return opening(sessionId) + "slot:off:" + slotId;
    }

    /** "1" once the opening's gate is open, "0" before and after. */
    public static String gate(long sessionId) {
        return opening(sessionId) + "gate";
    }

    /** Epoch milliseconds at which the gate opens by itself; absent when the opening is closed. */
    public static String gateTime(long sessionId) {
        return opening(sessionId) + "gate:time";
    }

    /**
     * Set by the same atomic script that rebuilds an opening's stock, to the run id of the Redis that
     * did it: while it exists with this Redis's run id, Redis holds the opening as built. Its absence
     * means Redis lost the opening; another run id, that Redis was restarted since (and may have lost
     * its last second of writes). Either way the opening is rebuilt from the database.
     */
    public static String warm(long sessionId) {
        return opening(sessionId) + "warm";
    }

    /** Hash of a student's current booking-pass challenge of an opening: answer, attempts left. */
    public static String passChallenge(long sessionId, long userId) {
        return opening(sessionId) + "challenge:" + userId;
    }

    /** How many challenges a student has been given for an opening. */
    public static String passChallengesIssued(long sessionId, long userId) {
        return opening(sessionId) + "challenges:" + userId;
    }

    /** A student's booking pass of an opening: the SHA-256 of the pass, hex. */
    public static String pass(long sessionId, long userId) {
        return passPrefix(sessionId) + userId;
    }

    /** ZSET of the students waiting for a place of a slot (SPEC §16), by when they joined: the first is offered first. */
    public static String waitlist(long sessionId, long slotId) {
        return opening(sessionId) + "wait:" + slotId;
    }

    /** HASH of the places of a slot offered to waitlisted students: user id → epoch ms the offer expires. */
    public static String offer(long sessionId, long slotId) {
        return opening(sessionId) + "offer:" + slotId;
    }

    /** ZSET of an opening's offers, {@code slotId|userId} by when they expire: what the offer sweep passes on. */
    public static String offers(long sessionId) {
        return opening(sessionId) + "offers";
    }

    /**
     * Hash of the students blocked by no-show strikes (SPEC §16), copied into the opening's own hash
     * slot at its warm-up and on each strike or forgiveness: user id → epoch ms the block ends.
     */
    public static String blocked(long sessionId) {
        return opening(sessionId) + "blocked";
    }

    /**
     * Hash of the bookings that count against each student's fair share (SPEC §16), as far as they concern the
     * opening: user id → "key,slotId,start,end;..." ({@code lua/lib/share.lua}), copied from the database at the
     * warm-up and kept in step by the scripts that grant and give back its places and by bookings elsewhere
     * (decision 26).
     */
    public static String share(long sessionId) {
        return opening(sessionId) + "share";
    }

    /**
     * Hash of an opening's fair draw: {@code drawnAt} (Redis time, ms) once drawn, with {@code entrants},
     * {@code winners}, {@code digest}, {@code node} and {@code windowClosedAt}. Absent until drawn.
     */
    public static String draw(long sessionId) {
        return opening(sessionId) + "draw";
    }

    /** Hash of an opening's draw entries: userId → "traceId|slotId[,slotId...]" (slots in order of preference). */
    public static String drawEntries(long sessionId) {
        return opening(sessionId) + "draw:entries";
    }

    /**
     * A granted place whose message is not yet in the database: "userId:slotId:sessionId". The trace
     * id names its opening, so a result is read from Redis without the database.
     */
    public static String pending(long sessionId, String traceId) {
        return pendingPrefix(sessionId) + traceId;
    }

    /** What {@link #pending} puts before the trace id (the draw script names entrants' records with it). */
    public static String pendingPrefix(long sessionId) {
        return opening(sessionId) + "reserve:pending:";
    }

    /** What {@link #pass} puts before the user id (the draw script names winners' passes with it). */
    public static String passPrefix(long sessionId) {
        return opening(sessionId) + "pass:";
    }

    /**
     * Sorted set of an opening's grants recorded in the database in the last few minutes (in-flight
     * member → Redis time, ms): a re-sync counts those recorded from a little before its database read.
     */
    public static String settledLog(long sessionId) {
        return opening(sessionId) + "settled";
    }

    /**
     * Sorted set of an opening's places given back in the last few minutes ("userId|slotId" → Redis
     * time, ms): a re-sync drops those holders its database read still saw.
     */
    public static String releasedLog(long sessionId) {
        return opening(sessionId) + "released";
    }

    /**
     * Hash of an opening's rush, second by second: {@code "<epochSecond>:<FIELD>:<node>"} → that node's
     * value (readers add them up), FIELD an outcome's name or one of RushSeries' fields, and
     * {@code "<epochSecond>:LEFT"} → places left. Kept two days after its last write.
     */
    public static String rushSeries(long sessionId) {
        return opening(sessionId) + "series";
    }

    /** Set of the students (user ids) who tried to reserve in an opening: counted once each, exactly. */
    public static String rushStudents(long sessionId) {
        return opening(sessionId) + "tried";
    }

    /**
     * Hash of the reserve queues' traffic in one minute (epoch minutes): {@code "<epochSecond>:<FLOW>:<node>"}
     * → that node's count. Kept two hours.
     */
    public static String queueSeries(long epochMinute) {
        return "bf:queues:series:" + epochMinute;
    }

    /**
     * Hash of the reserve queues' totals of one day (the gym's calendar): {@code "<FLOW>:<node>"} → that
     * node's count.
     */
    public static String queueTotals(LocalDate date) {
        return "bf:queues:totals:" + date;
    }

    /** Hash userId → places the student holds or is being granted in an opening (per-user limit). */
    public static String quota(long sessionId) {
        return opening(sessionId) + "quota";
    }

    /**
     * Sorted set of an opening's granted places not yet persisted ("traceId|userId|slotId|sessionId"),
     * scored by grant time (Redis clock, ms).
     */
    public static String inflight(long sessionId) {
        return opening(sessionId) + "reserve:inflight";
    }

    /** Sliding log of a student's reservation attempts in an opening (per-student rate limit, all nodes). */
    public static String attemptLog(long sessionId, long userId) {
        return opening(sessionId) + "rate:reserve:" + userId;
    }

    /** Topic: a slot got stock back; nodes drop their local "sold out" flag for it. */
    public static final String STOCK_RELEASED_TOPIC = "bf:topic:stock-released";

    /** Topic: courts, openings or slots changed; nodes drop their cached catalog. */
    public static final String CATALOG_CHANGED_TOPIC = "bf:topic:catalog-changed";

    /**
     * Failed sign-ins of a student id (count and wait), across nodes. The sign-in throttle's keys
     * share one hash tag: one script weighs a student id's failures with its address's.
     */
    public static String signInFailuresOfId(String studentId) {
        return "bf:{auth}:fail:id:" + studentId;
    }

    /** Failed sign-ins from a client address (count and wait), across nodes. */
    public static String signInFailuresOfAddress(String address) {
        return "bf:{auth}:fail:ip:" + address;
    }

    /** Lock that keeps nodes from reconciling at the same moment (correctness does not need it). */
    public static final String RECONCILER_LOCK = "bf:lock:reconciler";

    /** Lock that lets one node at a time sweep the history past its retention (SPEC §20). */
    public static final String RETENTION_LOCK = "bf:lock:retention";

    /**
     * A staff job (issue 77): JSON of its kind, who started it, its state, progress and result or failure; kept a day
     * after its last change, read by any node.
     */
    public static String job(String jobId) {
        return "bf:job:" + jobId;
    }

    /** Sorted set of the staff jobs by when each started (epoch ms): the recent ones, trimmed at each start. */
    public static final String JOBS = "bf:jobs";

    /**
     * The id of the job of a kind running now, among all nodes: taken when one starts (a second start answers it),
     * kept alive by its node's heartbeat with a short expiry, so a job whose node died reads LOST once it lapses.
     */
    public static String jobRunning(String kind) {
        return "bf:jobs:running:" + kind;
    }

    /** Lock that lets one node at a time advance the openings (warm up, open on time). */
    public static final String OPENING_CLOCK_LOCK = "bf:lock:opening-clock";

    /**
     * Present (for one reconciler horizon) while some node's consumers wait out an unreachable
     * service: the reconciler holds back, the grants are safe in the broker.
     */
    public static final String CONSUMER_OUTAGE = "bf:consumer:outage";

    /**
     * Sorted set: the openings of the engine's rehearsals (decision 28), by when each began (epoch ms); a node
     * that starts deletes the keys of those begun long enough ago (a node killed mid-rehearsal left them).
     */
    public static final String REHEARSALS = "bf:rehearsals";

    /** Hash: when the reconciler last ran, and what it did. */
    public static final String RECONCILER_LAST_RUN = "bf:reconciler:last";

    /** Hash traceId → JSON of recent dead letters (what failed, and how it was settled). */
    public static final String DEAD_LETTERS = "bf:reserve:dead-letters";

    /** Sorted set of dead-letter trace ids by time, to list and trim the hash. */
    public static final String DEAD_LETTERS_INDEX = "bf:reserve:dead-letters:index";

    /** Redisson lock that serializes payments of one reservation. */
    public static String payLock(long reservationId) {
        return "bf:lock:pay:" + reservationId;
    }

    /**
     * WeChat Pay asked about an order a moment ago (issue 74): while it lives, a student's page watching the order
     * asks nobody; it expires after the few seconds between two asks.
     */
    public static String payAsked(String outTradeNo) {
        return "bf:pay:asked:" + outTradeNo;
    }

    /**
     * A campus sign-in under way (SPEC §18): what its return must match, by its {@code state}; taken once, gone
     * after ten minutes.
     */
    public static String campusStart(String state) {
        return "bf:campus:start:" + state;
    }

    /**
     * A student sent to WeChat to learn their openid before paying inside WeChat (JSAPI): the student it was for, by
     * its {@code state}; taken once, gone after ten minutes.
     */
    public static String wechatOauthState(String state) {
        return "bf:wechat:oauth:" + state;
    }

    /**
     * Where WxJava keeps the official account's access token and tickets, and the lock of their renewal, shared by
     * every node (SPEC §22): under this prefix, by AppID.
     */
    public static final String WECHAT_MP = "bf:wechat-mp";

    /**
     * A WeChat user not yet bound, offered to bind after their own sign-in in the browser that came back from WeChat
     * (SPEC §22): their AppID and openid, by a one-time code, ten minutes.
     */
    public static String wechatBindOffer(String code) {
        return "bf:wechat:bind:" + code;
    }

    /** The engine's answer to a campus sign-in, waiting for the page to fetch it once with {@code code}. */
    public static String campusHandoff(String code) {
        return "bf:campus:handoff:" + code;
    }

    /**
     * Set of the engine's tokens issued under one directory session ({@code source} CAS: a service ticket; OIDC:
     * the provider's {@code sid}, or {@code sub}), so that the directory's single logout ends them.
     */
    public static String campusSession(String source, String sessionKey) {
        return "bf:campus:session:" + source + ":" + sessionKey;
    }

    /** A back-channel logout token's {@code jti}, kept while the token could be replayed: it is taken once. */
    public static String campusLogoutToken(String jti) {
        return "bf:campus:logout-token:" + jti;
    }

    /** How to offer the directory's own logout to the holder of an engine token issued by a campus sign-in. */
    public static String campusToken(String tokenId) {
        return "bf:campus:token:" + tokenId;
    }

    private RedisKeys() {}
}
