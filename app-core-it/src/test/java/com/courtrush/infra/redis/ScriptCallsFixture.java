package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.SignInThrottleCall;
import com.courtrush.opening.StockWarmer;
import com.courtrush.reserve.decide.DrawCall;
import com.courtrush.reserve.decide.ReserveCall;
import com.courtrush.reserve.decide.ReserveScript.Decision;
import com.courtrush.reserve.decide.ReserveScript.Verdict;
import com.courtrush.reserve.pass.PassAnswerCall;
import com.courtrush.reserve.pass.PassChallengeCall;
import com.courtrush.reserve.pass.PassGiveBackCall;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.GateCall;
import com.courtrush.reserve.recover.PlaceOffers;
import com.courtrush.reserve.recover.ReleaseCall;
import com.courtrush.reserve.recover.ResyncCall;
import com.courtrush.reserve.recover.WarmStateCall;
import com.courtrush.reserve.waitlist.OfferAcceptCall;
import com.courtrush.reserve.waitlist.OfferPassCall;
import com.courtrush.reserve.waitlist.WaitJoinCall;
import com.courtrush.share.api.SharePlace;
import com.courtrush.support.LocalRedis;
import java.io.IOException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.redisson.Redisson;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * What every script-call test shares: a real redis-server (the embedded-redis jar's binary, one for each class), a
 * client set up as the engine's (string codec, script cache), a fresh opening for each test, and the typed calls the
 * tests make. The tests, by subject: {@link ScriptCallsIT} (clock, ping, sign-in throttle, gate and recovery),
 * {@link DecideScriptCallsIT} (stock, passes, reserve, offers, draw), {@link ShareScriptCallsIT} (the fair share) and
 * {@link WaitlistScriptCallsIT} (the waitlist).
 */
abstract class ScriptCallsFixture {

    static final long DAY_MS = Duration.ofDays(1).toMillis();
    static final AtomicLong OPENINGS = new AtomicLong(7_000);
    /** Fair-share rules that refuse nothing a test of another rule does (twenty a day, no week, overlaps allowed). */
    static final String NO_SHARE = "20,0,0";
    /** The play date of every slot here. */
    static final LocalDate PLAY_DATE = LocalDate.of(2026, 12, 2);

    static LocalRedis server;
    static RedissonClient redisson;
    static RScript script;

    /** The opening of the test at hand (a fresh id each test). */
    long s;

    long expireAt;

    /** The fair-share rules the reserve, offer and draw calls pass; {@link #NO_SHARE} unless a test sets them. */
    String rules;

    /** Slots played elsewhen than {@link #place} says by default. */
    final Map<Long, String> places = new java.util.HashMap<>();

    @BeforeAll
    static void startRedis() throws IOException {
        server = LocalRedis.single();
        Config config = Config.fromYAML(server.configFile().toFile());
        config.setCodec(StringCodec.INSTANCE);
        config.setUseScriptCache(true);
        redisson = Redisson.create(config);
        script = redisson.getScript();
    }

    @AfterAll
    static void stopRedis() {
        if (redisson != null) {
            redisson.shutdown();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void freshOpening() {
        redisson.getKeys().flushall();
        s = OPENINGS.incrementAndGet();
        expireAt = redisNow() / 1000 + 3600;
        rules = NO_SHARE;
    }

    // ---- helpers

    long redisNow() {
        return TimeCall.SCRIPT.call(script, new TimeCall(null)).epochMillis();
    }

    String get(String key) {
        return redisson.<String>getBucket(key).get();
    }

    void set(String key, String value) {
        redisson.<String>getBucket(key).set(value);
    }

    Map<String, String> hash(String key) {
        return redisson.<String, String>getMap(key).readAllMap();
    }

    SignInThrottleCall.Reply throttle(SignInThrottleCall.Step step, String studentId) {
        return SignInThrottleCall.SCRIPT.call(
                script, new SignInThrottleCall(step, studentId, "10.0.0.1", 2, 1, 60_000, 8_000));
    }

    GateCall.Gate gate(GateCall.Mode mode, long flashMs, GateCall.Gate expected) {
        GateCall.Gate gate = GateCall.SCRIPT.call(script, new GateCall(s, mode, flashMs, expireAt));
        assertThat(gate).as("%s", mode).isEqualTo(expected);
        return gate;
    }

    StockWarmer.WarmState warmState() {
        return WarmStateCall.SCRIPT.call(script, new WarmStateCall(s));
    }

    ResyncCall.Slot slot(long slotId, int capacity, boolean active, List<Long> holders, List<ResyncCall.Waiting> line) {
        return new ResyncCall.Slot(
                slotId, place(slotId), capacity, active, redisNow() + DAY_MS, holders, List.of(), line);
    }

    ResyncCall.Reply resync(List<ResyncCall.Slot> slots) {
        return resync(slots, NO_SHARE, Map.of());
    }

    ResyncCall.Reply resync(List<ResyncCall.Slot> slots, String rules, Map<Long, String> shares) {
        return ResyncCall.SCRIPT.call(
                script, new ResyncCall(s, expireAt, redisNow() - 1_000, 600_000, 2, slots, rules, shares));
    }

    /** A grant held as reserve.lua leaves it: in the dedup set, counted, pending, in flight. */
    void hold(ReserveMessage grant) {
        redisson.getSet(RedisKeys.dedup(s, grant.slotId())).add(Long.toString(grant.userId()));
        redisson.<String, String>getMap(RedisKeys.quota(s)).put(Long.toString(grant.userId()), "1");
        set(RedisKeys.pending(s, grant.traceId()), grant.pendingValue());
        redisson.getScoredSortedSet(RedisKeys.inflight(s)).add(grant.time(), grant.inflightMember());
    }

    ReleaseCall.Reply release(ReserveMessage grant, boolean onlyIfInFlight, PlaceOffers.Terms terms) {
        return ReleaseCall.SCRIPT.call(
                script,
                new ReleaseCall(s, grant.slotId(), grant.userId(), grant, onlyIfInFlight, 60_000, terms, false));
    }

    PassChallengeCall.Reply challenge(String answer, int attempts, int allowed) {
        return PassChallengeCall.SCRIPT.call(
                script, new PassChallengeCall(s, 1, answer, attempts, 60_000, allowed, expireAt));
    }

    PassAnswerCall.Outcome answer(String answer, PassAnswerCall.Outcome expected, long left) {
        PassAnswerCall.Reply reply =
                PassAnswerCall.SCRIPT.call(script, new PassAnswerCall(s, 1, answer, "hash-of-pass", expireAt));
        assertThat(reply.outcome()).isEqualTo(expected);
        assertThat(reply.attemptsLeft()).isEqualTo(left);
        return reply.outcome();
    }

    boolean giveBack(String traceId) {
        return PassGiveBackCall.SCRIPT
                .call(script, new PassGiveBackCall(s, 1, traceId))
                .givenBack();
    }

    /** Slot n is played on {@link #PLAY_DATE} from (8 + n):00 for an hour, unless a test says otherwise. */
    String place(long slotId) {
        String other = places.get(slotId);
        if (other != null) {
            return other;
        }
        LocalTime start = LocalTime.of(8 + (int) slotId, 0);
        return SharePlace.of(PLAY_DATE, start, start.plusHours(1), SharePlace.FIRST_SPORT)
                .arg();
    }

    static String placeAt(LocalDate date, int hour) {
        return SharePlace.of(date, LocalTime.of(hour, 0), LocalTime.of(hour + 1, 0), SharePlace.FIRST_SPORT)
                .arg();
    }

    String trace(long userId, long slotId) {
        return "r-" + userId + "-" + slotId;
    }

    Decision reserve(
            ScriptPipeline<ReserveCall, Decision> pipeline,
            long userId,
            long slotId,
            int perUserLimit,
            int attemptsPerWindow,
            String passHash,
            boolean passRequired,
            int drawWindowMs,
            Verdict expected) {
        ReserveMessage grant = new ReserveMessage(trace(userId, slotId), userId, slotId, s, 0);
        List<Long> wanted = new ArrayList<>(List.of(slotId));
        if (slotId != 1) {
            wanted.add(1L);
        }
        Decision decision = pipeline.call(new ReserveCall(
                grant,
                perUserLimit,
                attemptsPerWindow,
                60_000,
                300,
                expireAt,
                passHash,
                passRequired,
                drawWindowMs,
                wanted,
                place(slotId),
                rules));
        assertThat(decision.verdict()).as("student %d, slot %d", userId, slotId).isEqualTo(expected);
        return decision;
    }

    void offer(long slotId, long userId, long expiresMs) {
        redisson.getMap(RedisKeys.offer(s, slotId)).put(Long.toString(userId), Long.toString(expiresMs));
        redisson.getScoredSortedSet(RedisKeys.offers(s)).add(expiresMs, slotId + "|" + userId);
    }

    OfferAcceptCall.Reply accept(long userId, long slotId, int limit, OfferAcceptCall.Outcome expected) {
        ReserveMessage grant = new ReserveMessage("offer-" + userId + "-" + slotId, userId, slotId, s, 0);
        OfferAcceptCall.Reply reply = OfferAcceptCall.SCRIPT.call(
                script, new OfferAcceptCall(grant, 300, limit, expireAt, place(slotId), rules));
        assertThat(reply.outcome()).isEqualTo(expected);
        return reply;
    }

    DrawCall.Reply draw() {
        return DrawCall.SCRIPT.call(
                script,
                new DrawCall(
                        s,
                        10_000,
                        "00ff",
                        2,
                        300,
                        expireAt,
                        false,
                        "node-a",
                        rules,
                        List.of(new DrawCall.Slot(1, place(1)), new DrawCall.Slot(2, place(2)))));
    }

    WaitJoinCall.Reply join(long userId, int limit, WaitJoinCall.Outcome expected) {
        WaitJoinCall.Reply reply = WaitJoinCall.SCRIPT.call(script, new WaitJoinCall(s, 1, userId, 5, limit, expireAt));
        assertThat(reply.outcome()).as("student %d", userId).isEqualTo(expected);
        return reply;
    }

    OfferPassCall.Reply pass(long userId, PlaceOffers.Terms terms, boolean expire, OfferPassCall.Outcome expected) {
        OfferPassCall.Reply reply = OfferPassCall.SCRIPT.call(script, new OfferPassCall(s, 1, userId, terms, expire));
        assertThat(reply.outcome()).as("student %d", userId).isEqualTo(expected);
        return reply;
    }
}
