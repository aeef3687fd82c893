package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import com.courtrush.account.SignInThrottleCall;
import com.courtrush.monitor.PingCall;
import com.courtrush.opening.GateReading;
import com.courtrush.opening.GateStateCall;
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
import com.courtrush.reserve.recover.SettleCall;
import com.courtrush.reserve.recover.WarmStateCall;
import com.courtrush.reserve.stock.BlockedCall;
import com.courtrush.reserve.waitlist.OfferAcceptCall;
import com.courtrush.reserve.waitlist.OfferLeftCall;
import com.courtrush.reserve.waitlist.OfferPassCall;
import com.courtrush.reserve.waitlist.OffersDueCall;
import com.courtrush.reserve.waitlist.WaitJoinCall;
import com.courtrush.share.ShareCall;
import com.courtrush.share.api.SharePlace;
import com.courtrush.share.api.ShareRules;
import com.courtrush.support.LocalRedis;
import java.io.IOException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.Redisson;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;

/**
 * Every Redis script's typed call against a real redis-server (the embedded-redis jar's binary, one for the
 * class), as the engine's client is set up (string codec, script cache): each outcome the script can answer
 * is reached and read into its enum, the keys and arguments land where the script reads them (the keys are
 * read back after the call), and the reply is read into its record. A fake could not catch a Lua bug nor a
 * key passed in the wrong place.
 */
class ScriptCallsIT {

    private static final long DAY_MS = Duration.ofDays(1).toMillis();
    private static final AtomicLong OPENINGS = new AtomicLong(7_000);
    /** Fair-share rules that refuse nothing a test of another rule does (twenty a day, no week, overlaps allowed). */
    private static final String NO_SHARE = "20,0,0";
    /** The play date of every slot here. */
    private static final LocalDate PLAY_DATE = LocalDate.of(2026, 12, 2);

    private static LocalRedis server;
    private static RedissonClient redisson;
    private static RScript script;

    /** The opening of the test at hand (a fresh id each test). */
    private long s;

    private long expireAt;

    /** The fair-share rules the reserve, offer and draw calls pass; {@link #NO_SHARE} unless a test sets them. */
    private String rules;

    /** Slots played elsewhen than {@link #place} says by default. */
    private final Map<Long, String> places = new java.util.HashMap<>();

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

    // ---- infra.redis, monitor, account, opening

    @Test
    void timeIsRedisClockFromAnyMasterOrTheOpeningsMaster() {
        long any = TimeCall.SCRIPT.call(script, new TimeCall(null)).epochMillis();
        long ofOpening = TimeCall.SCRIPT.call(script, new TimeCall(s)).epochMillis();

        assertThat(any).isCloseTo(System.currentTimeMillis(), within(5_000L));
        assertThat(ofOpening).isBetween(any, any + 5_000);
        assertThat(new TimeCall(s).keys()).containsExactly(RedisKeys.warm(s));
        assertThat(new TimeCall(null).keys()).isEmpty();
    }

    @Test
    void pingIsAnsweredPong() {
        assertThat(PingCall.SCRIPT.call(script, new PingCall()).status()).isEqualTo("PONG");
    }

    @Test
    void signInThrottleCountsTheIdFromItsAttemptsAndTheAddressFromItsFailures() {
        String idKey = RedisKeys.signInFailuresOfId("alice");
        String addressKey = RedisKeys.signInFailuresOfAddress("10.0.0.1");

        assertThat(throttle(SignInThrottleCall.Step.ATTEMPT, "Alice").waitMs()).isZero();
        assertThat(throttle(SignInThrottleCall.Step.ATTEMPT, "ALICE").waitMs()).isZero();
        assertThat(hash(idKey)).as("the id's count, lower case").containsEntry("n", "2");
        assertThat(throttle(SignInThrottleCall.Step.ATTEMPT, "alice").waitMs())
                .as("the third: let through, past the threshold")
                .isZero();
        assertThat(throttle(SignInThrottleCall.Step.ATTEMPT, "alice").waitMs())
                .as("then it waits a second")
                .isBetween(1L, 1_000L);
        assertThat(redisson.getKeys().remainTimeToLive(idKey)).isPositive();

        assertThat(throttle(SignInThrottleCall.Step.OK, "alice").waitMs()).isZero();
        assertThat(redisson.getKeys().countExists(idKey))
                .as("a success starts the id again")
                .isZero();

        assertThat(throttle(SignInThrottleCall.Step.FAILED, "bob").waitMs()).isZero();
        assertThat(hash(addressKey)).containsEntry("n", "1");
        throttle(SignInThrottleCall.Step.FAILED, "bob");
        assertThat(throttle(SignInThrottleCall.Step.ATTEMPT, "carol").waitMs())
                .as("the address past its failures: any id from it waits")
                .isPositive();
    }

    @Test
    void gateStateReadsTheGateAndRedisClock() {
        GateReading cold = GateStateCall.SCRIPT
                .callAsync(script, new GateStateCall(s))
                .toCompletableFuture()
                .join();
        assertThat(cold.gateSet()).isFalse();
        assertThat(cold.gateFlag()).isFalse();
        assertThat(cold.opensAt()).isNull();
        assertThat(cold.redisMillis()).isCloseTo(redisNow(), within(5_000L));

        long opensAt = redisNow() + 60_000;
        set(RedisKeys.gate(s), "0");
        set(RedisKeys.gateTime(s), Long.toString(opensAt));
        GateReading timed = GateStateCall.SCRIPT.call(script, new GateStateCall(s));
        assertThat(timed.gateSet()).isTrue();
        assertThat(timed.gateFlag()).isFalse();
        assertThat(timed.opensAt()).isEqualTo(opensAt);

        set(RedisKeys.gate(s), "1");
        assertThat(GateStateCall.SCRIPT.call(script, new GateStateCall(s)).gateFlag())
                .isTrue();
    }

    // ---- reserve.recover: gate, warm state, re-sync, release, settle

    @Test
    void gateIsSetAsTheOpeningsStateSaysAndNeverForAColdOpening() {
        Set<GateCall.Gate> seen = EnumSet.noneOf(GateCall.Gate.class);
        long flash = redisNow() + 60_000;

        seen.add(gate(GateCall.Mode.TIMED, flash, GateCall.Gate.COLD));
        assertThat(redisson.getKeys().countExists(RedisKeys.gate(s))).isZero();

        set(RedisKeys.warm(s), "built");
        seen.add(gate(GateCall.Mode.TIMED, flash, GateCall.Gate.SHUT));
        assertThat(get(RedisKeys.gate(s))).isEqualTo("0");
        assertThat(get(RedisKeys.gateTime(s))).isEqualTo(Long.toString(flash));
        assertThat(redisson.getKeys().remainTimeToLive(RedisKeys.gate(s))).isPositive();

        seen.add(gate(GateCall.Mode.OPEN, flash, GateCall.Gate.OPEN));
        assertThat(get(RedisKeys.gate(s))).isEqualTo("1");
        assertThat(Long.parseLong(get(RedisKeys.gateTime(s)))).as("opened now").isLessThan(flash);

        gate(GateCall.Mode.CLOSED, flash, GateCall.Gate.SHUT);
        assertThat(get(RedisKeys.gate(s))).isEqualTo("0");
        assertThat(get(RedisKeys.gateTime(s)))
                .as("closed: it will not open by itself")
                .isNull();

        gate(GateCall.Mode.TIMED, redisNow() - 1_000, GateCall.Gate.OPEN);

        // closed after its day: the expiry is already past, Redis deletes the gate and answers nil
        GateCall past = new GateCall(s, GateCall.Mode.CLOSED, flash, redisNow() / 1000 - 60);
        assertThat(GateCall.SCRIPT.call(script, past))
                .as("a gate deleted by its expiry")
                .isEqualTo(GateCall.Gate.SHUT);
        assertThat(redisson.getKeys().countExists(RedisKeys.gate(s))).isZero();

        assertThat(seen).isEqualTo(EnumSet.allOf(GateCall.Gate.class));
    }

    @Test
    void warmStateTellsMissingRestartedAndWarm() {
        assertThat(warmState()).isEqualTo(StockWarmer.WarmState.MISSING);
        set(RedisKeys.warm(s), "0123456789abcdef0123456789abcdef01234567");
        assertThat(warmState()).isEqualTo(StockWarmer.WarmState.RESTARTED);

        resync(List.of(slot(1, 1, true, List.of(), List.of())));
        assertThat(warmState()).as("built by this very Redis").isEqualTo(StockWarmer.WarmState.WARM);
    }

    @Test
    void resyncRebuildsTheStockAndOffersPlacesToTheStudentsWaiting() {
        long now = redisNow();
        // slot 1: three places, student 1 holds one, student 2's grant is in flight, student 7 waits
        ReserveMessage inFlight = new ReserveMessage("t-2", 2, 1, s, now);
        redisson.getScoredSortedSet(RedisKeys.inflight(s)).add(now, inFlight.inflightMember());
        // slot 3: one place, its only waiting student is blocked: passed over, the place stays on sale
        redisson.getMap(RedisKeys.blocked(s)).put("9", Long.toString(now + DAY_MS));
        ResyncCall.Reply reply = resync(List.of(
                slot(1, 3, true, List.of(1L), List.of(new ResyncCall.Waiting(7, now - 5_000))),
                slot(2, 1, false, List.of(), List.of()),
                slot(3, 1, true, List.of(), List.of(new ResyncCall.Waiting(9, now - 5_000)))));

        assertThat(reply.permits())
                .as("slot 1: 3 - 2 held - 1 offered; slot 2 off; slot 3: 1")
                .isEqualTo(1);
        assertThat(redisson.getSet(RedisKeys.dedup(s, 1))).containsExactlyInAnyOrder("1", "2");
        assertThat(get(RedisKeys.semaphore(s, 1))).isEqualTo("0");
        assertThat(get(RedisKeys.semaphore(s, 2))).isEqualTo("0");
        assertThat(get(RedisKeys.semaphore(s, 3))).isEqualTo("1");
        assertThat(get(RedisKeys.slotOff(s, 2))).isEqualTo("1");
        assertThat(get(RedisKeys.slotOff(s, 1))).isNull();
        assertThat(get(RedisKeys.slotSession(s, 3))).isEqualTo(Long.toString(s));
        assertThat(hash(RedisKeys.quota(s))).containsEntry("1", "1").containsEntry("2", "1");
        assertThat(hash(RedisKeys.offer(s, 1))).containsKey("7");
        assertThat(redisson.getScoredSortedSet(RedisKeys.offers(s)).readAll()).containsExactly("1|7");

        assertThat(reply.moved()).hasSize(2);
        ResyncCall.Moved offered = reply.moved().get(0);
        assertThat(offered.slotId()).isEqualTo(1);
        assertThat(offered.outcome()).isEqualTo(ResyncCall.Outcome.OFFERED);
        assertThat(offered.move().offeredTo()).isEqualTo(7L);
        assertThat(offered.move().expiresMs())
                .isEqualTo(Long.parseLong(hash(RedisKeys.offer(s, 1)).get("7")));
        ResyncCall.Moved passedOver = reply.moved().get(1);
        assertThat(passedOver.slotId()).isEqualTo(3);
        assertThat(passedOver.outcome()).isEqualTo(ResyncCall.Outcome.RELEASED);
        assertThat(passedOver.move().offeredTo()).isNull();
        assertThat(passedOver.move().passedOver()).containsExactly(9L);
    }

    @Test
    void releaseGivesAPlaceBackOnceOfferingItToTheFirstStudentWaiting() {
        Set<ReleaseCall.Outcome> seen = EnumSet.noneOf(ReleaseCall.Outcome.class);
        long now = redisNow();
        PlaceOffers.Terms terms = new PlaceOffers.Terms(600_000, now + DAY_MS, 2, expireAt, place(1), NO_SHARE);
        ReserveMessage grant = new ReserveMessage("t-1", 1, 1, s, now);
        hold(grant);

        ReleaseCall.Reply released = release(grant, false, terms);
        seen.add(released.outcome());
        assertThat(released.outcome()).isEqualTo(ReleaseCall.Outcome.RELEASED);
        assertThat(released.move().offeredTo()).isNull();
        assertThat(get(RedisKeys.semaphore(s, 1))).isEqualTo("1");
        assertThat(redisson.getSet(RedisKeys.dedup(s, 1))).isEmpty();
        assertThat(hash(RedisKeys.quota(s))).doesNotContainKey("1");
        assertThat(get(RedisKeys.pending(s, "t-1"))).isNull();
        assertThat(redisson.getScoredSortedSet(RedisKeys.inflight(s)).readAll()).isEmpty();
        assertThat(redisson.getScoredSortedSet(RedisKeys.releasedLog(s)).readAll())
                .containsExactly("1|1");

        ReleaseCall.Reply again = release(grant, false, terms);
        seen.add(again.outcome());
        assertThat(again.outcome()).as("given back once").isEqualTo(ReleaseCall.Outcome.NOTHING_HELD);

        ReserveMessage second = new ReserveMessage("t-2", 2, 1, s, now);
        hold(second);
        redisson.getScoredSortedSet(RedisKeys.waitlist(s, 1)).add(now - 2_000, "8"); // holds the slot: passed over
        redisson.getSet(RedisKeys.dedup(s, 1)).add("8");
        redisson.getScoredSortedSet(RedisKeys.waitlist(s, 1)).add(now - 1_000, "5");
        ReleaseCall.Reply offered = release(second, true, terms);
        seen.add(offered.outcome());
        assertThat(offered.outcome()).isEqualTo(ReleaseCall.Outcome.OFFERED);
        assertThat(offered.move().offeredTo()).isEqualTo(5L);
        assertThat(offered.move().passedOver()).containsExactly(8L);
        assertThat(offered.move().expiresMs()).isCloseTo(now + 600_000, within(5_000L));
        assertThat(hash(RedisKeys.offer(s, 1))).containsKey("5");
        assertThat(redisson.getScoredSortedSet(RedisKeys.waitlist(s, 1)).readAll())
                .isEmpty();

        ReleaseCall.Reply notInFlight = release(second, true, terms);
        assertThat(notInFlight.outcome())
                .as("given back again, no longer in flight")
                .isEqualTo(ReleaseCall.Outcome.NOTHING_HELD);

        assertThat(seen).isEqualTo(EnumSet.allOf(ReleaseCall.Outcome.class));
    }

    @Test
    void settleForgetsGrantsAndNamesTheOnesRedisHadLost() {
        long now = redisNow();
        ReserveMessage kept = new ReserveMessage("t-1", 1, 1, s, now);
        ReserveMessage lost = new ReserveMessage("t-2", 2, 1, s, now);
        hold(kept);
        set(RedisKeys.pending(s, "t-2"), lost.pendingValue());

        SettleCall.Reply reply = SettleCall.SCRIPT.call(script, new SettleCall(s, List.of(kept, lost), true, 60_000));

        assertThat(reply.unknown()).containsExactly(lost.inflightMember());
        assertThat(redisson.getScoredSortedSet(RedisKeys.inflight(s)).readAll()).isEmpty();
        assertThat(redisson.getKeys().countExists(RedisKeys.pending(s, "t-1"), RedisKeys.pending(s, "t-2")))
                .isZero();
        assertThat(redisson.getScoredSortedSet(RedisKeys.settledLog(s)).readAll())
                .containsExactlyInAnyOrder(kept.inflightMember(), lost.inflightMember());

        assertThat(SettleCall.SCRIPT
                        .call(script, new SettleCall(s, List.of(kept), false, 60_000))
                        .unknown())
                .containsExactly(kept.inflightMember());
    }

    // ---- reserve.stock, reserve.pass

    @Test
    void blockedWritesTheWholeCopyOrOneStudentsLine() {
        long until = redisNow() + DAY_MS;
        BlockedCall.Reply whole = BlockedCall.SCRIPT.call(
                script,
                new BlockedCall(
                        s, true, expireAt, List.of(new BlockedCall.Line(1, until), new BlockedCall.Line(2, until))));
        assertThat(whole.blocked()).isEqualTo(2);
        assertThat(hash(RedisKeys.blocked(s)))
                .containsExactlyInAnyOrderEntriesOf(Map.of("1", Long.toString(until), "2", Long.toString(until)));
        assertThat(redisson.getKeys().remainTimeToLive(RedisKeys.blocked(s))).isPositive();

        BlockedCall.Reply forgiven = BlockedCall.SCRIPT.call(
                script, new BlockedCall(s, false, expireAt, List.of(new BlockedCall.Line(1, 0))));
        assertThat(forgiven.blocked()).isEqualTo(1);
        assertThat(hash(RedisKeys.blocked(s))).containsOnlyKeys("2");

        BlockedCall.Reply replaced = BlockedCall.SCRIPT.call(script, new BlockedCall(s, true, expireAt, List.of()));
        assertThat(replaced.blocked()).isZero();
        assertThat(redisson.getKeys().countExists(RedisKeys.blocked(s))).isZero();
    }

    @Test
    void passChallengesAreIssuedUntilTheOpeningsAllowanceIsUsed() {
        Set<PassChallengeCall.Outcome> seen = EnumSet.noneOf(PassChallengeCall.Outcome.class);
        for (int i = 1; i <= 3; i++) {
            PassChallengeCall.Reply reply = challenge("abcd", 3, 2);
            seen.add(reply.outcome());
            assertThat(reply.count()).isEqualTo(i);
            assertThat(reply.outcome())
                    .isEqualTo(i <= 2 ? PassChallengeCall.Outcome.ISSUED : PassChallengeCall.Outcome.TOO_MANY);
        }
        assertThat(hash(RedisKeys.passChallenge(s, 1)))
                .containsEntry("answer", "abcd")
                .containsEntry("attempts", "3");
        assertThat(get(RedisKeys.passChallengesIssued(s, 1))).isEqualTo("3");
        assertThat(seen).isEqualTo(EnumSet.allOf(PassChallengeCall.Outcome.class));
    }

    @Test
    void passAnswersArePassedWrongOrExhausted() {
        Set<PassAnswerCall.Outcome> seen = EnumSet.noneOf(PassAnswerCall.Outcome.class);
        seen.add(answer("abcd", PassAnswerCall.Outcome.NO_CHALLENGE, 0));

        challenge("abcd", 2, 10);
        seen.add(answer("wxyz", PassAnswerCall.Outcome.WRONG, 1));
        seen.add(answer("abcd", PassAnswerCall.Outcome.PASSED, 0));
        assertThat(get(RedisKeys.pass(s, 1))).isEqualTo("hash-of-pass");
        assertThat(redisson.getKeys().countExists(RedisKeys.passChallenge(s, 1)))
                .isZero();

        challenge("abcd", 1, 10);
        seen.add(answer("wxyz", PassAnswerCall.Outcome.EXHAUSTED, 0));
        assertThat(redisson.getKeys().countExists(RedisKeys.passChallenge(s, 1)))
                .isZero();

        assertThat(seen).isEqualTo(EnumSet.allOf(PassAnswerCall.Outcome.class));
    }

    @Test
    void aSpentPassComesBackOnlyForTheGrantThatSpentIt() {
        set(RedisKeys.pass(s, 1), "spent:t-1:hash-of-pass");

        assertThat(giveBack("t-2")).as("another grant's").isFalse();
        assertThat(giveBack("t-1")).isTrue();
        assertThat(get(RedisKeys.pass(s, 1))).isEqualTo("hash-of-pass");
        assertThat(giveBack("t-1")).as("back already").isFalse();
    }

    // ---- reserve.decide: reserve (through the pipeline), offer accept, draw

    @Test
    void reserveDecidesEveryVerdictAndRecordsAGrantWhereTheOtherScriptsReadIt() {
        Set<Verdict> seen = EnumSet.noneOf(Verdict.class);
        ScriptPipeline<ReserveCall, Decision> pipeline =
                new ScriptPipeline<>(redisson, ReserveCall.SCRIPT, Duration.ofSeconds(5));

        seen.add(reserve(pipeline, 1, 1, 5, 0, null, false, 0, Verdict.COLD).verdict());

        set(RedisKeys.warm(s), "built");
        set(RedisKeys.gate(s), "1");
        set(RedisKeys.semaphore(s, 1), "2");
        Decision accepted = reserve(pipeline, 1, 1, 5, 0, null, false, 0, Verdict.ACCEPTED);
        seen.add(accepted.verdict());
        assertThat(accepted.value()).as("permits left").isEqualTo(1);
        assertThat(accepted.holders()).isEmpty();
        assertThat(accepted.redisNowMs()).isCloseTo(redisNow(), within(5_000L));
        ReserveMessage grant = new ReserveMessage(trace(1, 1), 1, 1, s, 0);
        assertThat(get(RedisKeys.semaphore(s, 1))).isEqualTo("1");
        assertThat(redisson.getSet(RedisKeys.dedup(s, 1))).containsExactly("1");
        assertThat(hash(RedisKeys.quota(s))).containsEntry("1", "1");
        assertThat(get(RedisKeys.pending(s, grant.traceId()))).isEqualTo(grant.pendingValue());
        assertThat(redisson.getScoredSortedSet(RedisKeys.inflight(s)).readAll())
                .containsExactly(grant.inflightMember());

        seen.add(reserve(pipeline, 1, 1, 5, 0, null, false, 0, Verdict.DUP_REQ).verdict());
        Decision last = reserve(pipeline, 2, 1, 5, 0, null, false, 0, Verdict.ACCEPTED);
        assertThat(last.value()).isZero();
        assertThat(last.holders()).as("sold out: who holds it").containsExactlyInAnyOrder(1L, 2L);
        Decision soldOut = reserve(pipeline, 3, 1, 5, 0, null, false, 0, Verdict.OUT_OF_STOCK);
        seen.add(soldOut.verdict());
        assertThat(soldOut.holders()).containsExactlyInAnyOrder(1L, 2L);

        set(RedisKeys.semaphore(s, 2), "5");
        Decision quota = reserve(pipeline, 1, 2, 1, 0, null, false, 0, Verdict.QUOTA_EXCEEDED);
        seen.add(quota.verdict());
        assertThat(quota.value()).as("places held").isEqualTo(1);

        reserve(pipeline, 4, 2, 5, 1, null, false, 0, Verdict.ACCEPTED);
        Decision tooMany = reserve(pipeline, 4, 2, 5, 1, null, false, 0, Verdict.TOO_MANY_REQUESTS);
        seen.add(tooMany.verdict());
        assertThat(tooMany.value()).as("ms until the next attempt").isBetween(1L, 60_000L);
        assertThat(redisson.getScoredSortedSet(RedisKeys.attemptLog(s, 4)).size())
                .isEqualTo(1);

        seen.add(reserve(pipeline, 5, 2, 5, 0, null, true, 0, Verdict.PASS_REQUIRED)
                .verdict());
        set(RedisKeys.pass(s, 5), "pass-hash");
        reserve(pipeline, 5, 2, 5, 0, "pass-hash", true, 0, Verdict.ACCEPTED);
        assertThat(get(RedisKeys.pass(s, 5))).as("spent by the grant").isEqualTo("spent:" + trace(5, 2) + ":pass-hash");

        long blockedUntil = redisNow() + DAY_MS;
        redisson.getMap(RedisKeys.blocked(s)).put("6", Long.toString(blockedUntil));
        Decision blocked = reserve(pipeline, 6, 2, 5, 0, null, false, 0, Verdict.BLOCKED);
        seen.add(blocked.verdict());
        assertThat(blocked.value()).isEqualTo(blockedUntil);

        rules = "1,0,1"; // one booking a play date: student 1 holds slot 1 of that date
        Decision share = reserve(pipeline, 1, 2, 5, 0, null, false, 0, Verdict.SHARE_USED);
        seen.add(share.verdict());
        assertThat(share.entryTrace()).as("the rule").isEqualTo("DAY");
        assertThat(share.holding()).containsExactly("b1,1," + place(1));
        rules = NO_SHARE;

        long opensAt = redisNow() + 60_000;
        set(RedisKeys.gate(s), "0");
        set(RedisKeys.gateTime(s), Long.toString(opensAt));
        Decision ungated = reserve(pipeline, 7, 2, 5, 0, null, false, 0, Verdict.UNGATED);
        seen.add(ungated.verdict());
        assertThat(ungated.value()).isBetween(1L, 60_000L);

        Decision entered = reserve(pipeline, 7, 2, 5, 0, null, false, 10_000, Verdict.ENTERED);
        seen.add(entered.verdict());
        assertThat(entered.value()).as("ms until the window closes").isBetween(60_000L, 70_000L);
        assertThat(hash(RedisKeys.drawEntries(s))).containsEntry("7", trace(7, 2) + "|2,1");
        Decision already = reserve(pipeline, 7, 2, 5, 0, null, false, 10_000, Verdict.ENTERED_ALREADY);
        seen.add(already.verdict());
        assertThat(already.entryTrace()).isEqualTo(trace(7, 2));

        set(RedisKeys.gateTime(s), Long.toString(redisNow() - 20_000));
        seen.add(reserve(pipeline, 8, 2, 5, 0, null, false, 10_000, Verdict.DRAWING)
                .verdict());

        assertThat(seen).isEqualTo(EnumSet.allOf(Verdict.class));
    }

    @Test
    void anOfferTakenBecomesAGrantUnlessTheStudentMayNotTakeIt() {
        Set<OfferAcceptCall.Outcome> seen = EnumSet.noneOf(OfferAcceptCall.Outcome.class);
        long now = redisNow();
        seen.add(accept(1, 1, 2, OfferAcceptCall.Outcome.NO_OFFER).outcome());

        offer(1, 1, now + 600_000);
        redisson.getMap(RedisKeys.blocked(s)).put("1", Long.toString(now + DAY_MS));
        OfferAcceptCall.Reply blocked = accept(1, 1, 2, OfferAcceptCall.Outcome.BLOCKED);
        seen.add(blocked.outcome());
        assertThat(blocked.value()).isEqualTo(now + DAY_MS);
        redisson.getMap(RedisKeys.blocked(s)).remove("1");

        redisson.getMap(RedisKeys.quota(s)).put("1", "2");
        OfferAcceptCall.Reply quota = accept(1, 1, 2, OfferAcceptCall.Outcome.QUOTA_EXCEEDED);
        seen.add(quota.outcome());
        assertThat(quota.value()).isEqualTo(2);
        redisson.getMap(RedisKeys.quota(s)).remove("1");

        redisson.getSet(RedisKeys.dedup(s, 1)).add("1");
        seen.add(accept(1, 1, 2, OfferAcceptCall.Outcome.DUP_REQ).outcome());
        redisson.getSet(RedisKeys.dedup(s, 1)).remove("1");

        rules = "2,0,1"; // one place at a time: student 1 plays elsewhere at the offered slot's time
        redisson.<String, String>getMap(RedisKeys.share(s)).put("1", "p5,50," + place(1));
        OfferAcceptCall.Reply share = accept(1, 1, 2, OfferAcceptCall.Outcome.SHARE_USED);
        seen.add(share.outcome());
        assertThat(share.rule()).isEqualTo("SAME_TIME");
        assertThat(share.holding()).containsExactly("p5,50," + place(1));
        redisson.<String, String>getMap(RedisKeys.share(s)).remove("1");

        OfferAcceptCall.Reply accepted = accept(1, 1, 2, OfferAcceptCall.Outcome.ACCEPTED);
        seen.add(accepted.outcome());
        assertThat(accepted.redisNowMs()).isCloseTo(now, within(5_000L));
        ReserveMessage grant = new ReserveMessage("offer-1-1", 1, 1, s, 0);
        assertThat(hash(RedisKeys.offer(s, 1))).isEmpty();
        assertThat(redisson.getScoredSortedSet(RedisKeys.offers(s)).readAll()).isEmpty();
        assertThat(redisson.getSet(RedisKeys.dedup(s, 1))).containsExactly("1");
        assertThat(hash(RedisKeys.quota(s))).containsEntry("1", "1");
        assertThat(get(RedisKeys.pending(s, grant.traceId()))).isEqualTo(grant.pendingValue());
        assertThat(redisson.getScoredSortedSet(RedisKeys.inflight(s)).readAll())
                .containsExactly(grant.inflightMember());

        assertThat(seen).isEqualTo(EnumSet.allOf(OfferAcceptCall.Outcome.class));
    }

    @Test
    void theDrawIsMadeOnceItsWindowHasClosedAndOnlyOnce() {
        Set<DrawCall.Outcome> seen = EnumSet.noneOf(DrawCall.Outcome.class);
        seen.add(draw().outcome());
        assertThat(seen).containsExactly(DrawCall.Outcome.COLD);

        set(RedisKeys.warm(s), "built");
        set(RedisKeys.gateTime(s), Long.toString(redisNow() + 5_000));
        DrawCall.Reply notYet = draw();
        seen.add(notYet.outcome());
        assertThat(notYet.outcome()).isEqualTo(DrawCall.Outcome.NOT_YET);
        assertThat(notYet.millisToClose()).isBetween(10_000L, 15_000L);

        set(RedisKeys.gateTime(s), Long.toString(redisNow() - 20_000));
        set(RedisKeys.semaphore(s, 1), "1");
        set(RedisKeys.semaphore(s, 2), "0");
        for (long user = 1; user <= 3; user++) {
            redisson.getMap(RedisKeys.drawEntries(s)).put(Long.toString(user), "d-" + user + "|1,2");
            if (user < 3) { // student 3's pending record has expired: given up
                set(RedisKeys.pending(s, "d-" + user), user + ":1:" + s);
            }
        }
        DrawCall.Reply drawn = draw();
        seen.add(drawn.outcome());
        assertThat(drawn.outcome()).isEqualTo(DrawCall.Outcome.DRAWN);
        assertThat(drawn.entrants()).isEqualTo(3);
        assertThat(drawn.expired()).isEqualTo(1);
        assertThat(drawn.open()).isTrue();
        assertThat(drawn.digest()).hasSize(40);
        assertThat(drawn.places()).containsExactly(Map.entry("1", 1), Map.entry("2", 0));
        assertThat(drawn.entries())
                .hasSize(3)
                .allSatisfy(entry -> assertThat(entry.wants()).containsExactly("1", "2"));
        assertThat(drawn.entries()).filteredOn(entry -> entry.expired()).hasSize(1);
        assertThat(drawn.winners()).singleElement().satisfies(winner -> {
            assertThat(winner.slotId()).isEqualTo(1);
            assertThat(winner.traceId()).isEqualTo("d-" + winner.userId());
            ReserveMessage grant = new ReserveMessage(winner.traceId(), winner.userId(), 1, s, 0);
            assertThat(redisson.getScoredSortedSet(RedisKeys.inflight(s)).readAll())
                    .containsExactly(grant.inflightMember());
            assertThat(redisson.getSet(RedisKeys.dedup(s, 1))).containsExactly(Long.toString(winner.userId()));
        });
        assertThat(get(RedisKeys.semaphore(s, 1))).isEqualTo("0");
        assertThat(hash(RedisKeys.draw(s))).containsEntry("winners", "1").containsEntry("node", "node-a");
        long loser = 3 - drawn.winners().get(0).userId();
        assertThat(get(RedisKeys.pending(s, "d-" + loser))).endsWith(":LOST");

        seen.add(draw().outcome());
        assertThat(seen).isEqualTo(EnumSet.allOf(DrawCall.Outcome.class));
    }

    // ---- the fair share (SPEC §16): reserve, release, offers, draw, re-sync and the copies' own script

    @Test
    void theFairShareIsDecidedWithTheStockAndFollowsEveryPlaceGrantedOrGivenBack() {
        ScriptPipeline<ReserveCall, Decision> pipeline =
                new ScriptPipeline<>(redisson, ReserveCall.SCRIPT, Duration.ofSeconds(5));
        set(RedisKeys.warm(s), "built");
        set(RedisKeys.gate(s), "1");
        for (long slot = 1; slot <= 6; slot++) {
            set(RedisKeys.semaphore(s, slot), "5");
        }
        places.put(5L, place(1)); // slot 5 is played at the same time as slot 1
        places.put(6L, placeAt(PLAY_DATE.plusDays(2), 9)); // slot 6 two days later, in the same week
        rules = "2,3,1"; // two a day, three a week, one place at a time

        reserve(pipeline, 1, 1, 9, 0, null, false, 0, Verdict.ACCEPTED);
        assertThat(hash(RedisKeys.share(s))).containsExactly(Map.entry("1", "b1,1," + place(1)));
        Decision sameTime = reserve(pipeline, 1, 5, 9, 0, null, false, 0, Verdict.SHARE_USED);
        assertThat(sameTime.entryTrace()).isEqualTo("SAME_TIME");
        assertThat(sameTime.holding()).containsExactly("b1,1," + place(1));
        assertThat(get(RedisKeys.semaphore(s, 5))).as("nothing taken").isEqualTo("5");
        assertThat(redisson.getSet(RedisKeys.dedup(s, 5))).isEmpty();

        reserve(pipeline, 1, 2, 9, 0, null, false, 0, Verdict.ACCEPTED);
        Decision day = reserve(pipeline, 1, 3, 9, 0, null, false, 0, Verdict.SHARE_USED);
        assertThat(day.entryTrace()).isEqualTo("DAY");
        assertThat(day.holding()).containsExactly("b1,1," + place(1), "b2,2," + place(2));

        // a partner's place elsewhere in the week, told by another opening: the week's three are used
        String elsewhere = "p99,77," + placeAt(PLAY_DATE.plusDays(1), 18);
        assertThat(ShareCall.SCRIPT
                        .call(script, ShareCall.sync(s, List.<String[]>of(ShareCall.put(1, elsewhere))))
                        .outcome())
                .isEqualTo("SYNCED");
        Decision week = reserve(pipeline, 1, 6, 9, 0, null, false, 0, Verdict.SHARE_USED);
        assertThat(week.entryTrace()).isEqualTo("WEEK");
        assertThat(week.holding()).hasSize(3).contains(elsewhere);
        reserve(pipeline, 2, 6, 9, 0, null, false, 0, Verdict.ACCEPTED); // another student's share is their own

        // a place given back frees its share; a no-show's stays taken (the place was used)
        PlaceOffers.Terms terms = new PlaceOffers.Terms(600_000, redisNow() + DAY_MS, 9, expireAt, place(2), rules);
        ReleaseCall.Reply cancelled =
                ReleaseCall.SCRIPT.call(script, new ReleaseCall(s, 2, 1, null, false, 60_000, terms, false));
        assertThat(cancelled.outcome()).isEqualTo(ReleaseCall.Outcome.RELEASED);
        ReleaseCall.SCRIPT.call(script, new ReleaseCall(s, 1, 1, null, false, 60_000, terms, true));
        assertThat(hash(RedisKeys.share(s))).containsEntry("1", "b1,1," + place(1) + ";" + elsewhere);
        ShareCall.SCRIPT.call(script, ShareCall.sync(s, List.<String[]>of(ShareCall.drop(1, "p99"))));
        assertThat(hash(RedisKeys.share(s))).containsEntry("1", "b1,1," + place(1));
        reserve(pipeline, 1, 6, 9, 0, null, false, 0, Verdict.ACCEPTED);

        // a partner's acceptance takes its share here, checked with the rest
        ShareCall.Reply partnerSameTime =
                ShareCall.SCRIPT.call(script, ShareCall.take(s, 1, "p50,60," + place(1), new ShareRules(2, 3, true)));
        assertThat(partnerSameTime.outcome()).isEqualTo("SHARE_USED");
        assertThat(partnerSameTime.rule()).isEqualTo("SAME_TIME");
        assertThat(partnerSameTime.holding()).containsExactly("b1,1," + place(1));
        assertThat(ShareCall.SCRIPT
                        .call(script, ShareCall.take(s, 3, "p50,60," + place(1), new ShareRules(2, 3, true)))
                        .outcome())
                .isEqualTo("TAKEN");
        assertThat(hash(RedisKeys.share(s))).containsEntry("3", "p50,60," + place(1));
        assertThat(redisson.getKeys().remainTimeToLive(RedisKeys.share(s))).isPositive();

        redisson.getKeys().delete(RedisKeys.warm(s));
        assertThat(ShareCall.SCRIPT
                        .call(script, ShareCall.take(s, 4, "p50,60," + place(1), new ShareRules(2, 3, true)))
                        .outcome())
                .as("an opening Redis does not hold")
                .isEqualTo("COLD");
    }

    @Test
    void aPlaceBackIsOfferedOnlyToAStudentWhoMayTakeItForTheirShare() {
        long now = redisNow();
        rules = "2,0,1";
        places.put(3L, place(1)); // slot 3 at the same time as slot 1
        redisson.<String, String>getMap(RedisKeys.share(s)).put("1", "b3,3," + place(1));
        redisson.getScoredSortedSet(RedisKeys.waitlist(s, 1)).add(now - 2_000, "1");
        redisson.getScoredSortedSet(RedisKeys.waitlist(s, 1)).add(now - 1_000, "2");
        hold(new ReserveMessage("t-9", 9, 1, s, now));
        set(RedisKeys.semaphore(s, 1), "0");

        PlaceOffers.Terms terms = new PlaceOffers.Terms(600_000, now + DAY_MS, 2, expireAt, place(1), rules);
        ReleaseCall.Reply released =
                ReleaseCall.SCRIPT.call(script, new ReleaseCall(s, 1, 9, null, false, 60_000, terms, false));

        assertThat(released.outcome()).isEqualTo(ReleaseCall.Outcome.OFFERED);
        assertThat(released.move().offeredTo()).isEqualTo(2L);
        assertThat(released.move().passedOver()).containsExactly(1L);

        // an offer taken counts against the share as a place asked for does
        offer(3, 2, now + 600_000);
        accept(2, 3, 5, OfferAcceptCall.Outcome.ACCEPTED);
        assertThat(hash(RedisKeys.share(s))).containsEntry("2", "b3,3," + place(1));
    }

    @Test
    void theDrawPassesOverASlotPastTheEntrantsShareAndCountsTheWin() {
        set(RedisKeys.warm(s), "built");
        set(RedisKeys.gateTime(s), Long.toString(redisNow() - 20_000));
        set(RedisKeys.semaphore(s, 1), "2");
        set(RedisKeys.semaphore(s, 2), "2");
        rules = "2,0,1";
        // student 1 plays elsewhere at slot 1's time: only slot 2 may be theirs
        redisson.<String, String>getMap(RedisKeys.share(s)).put("1", "p5,50," + place(1));
        for (long user = 1; user <= 2; user++) {
            redisson.getMap(RedisKeys.drawEntries(s)).put(Long.toString(user), "d-" + user + "|1,2");
            set(RedisKeys.pending(s, "d-" + user), user + ":1:" + s);
        }

        DrawCall.Reply drawn = draw();

        assertThat(drawn.winners())
                .extracting(DrawCall.Winner::userId, DrawCall.Winner::slotId)
                .containsExactlyInAnyOrder(tuple(1L, 2L), tuple(2L, 1L));
        assertThat(hash(RedisKeys.share(s)))
                .containsEntry("1", "p5,50," + place(1) + ";b2,2," + place(2))
                .containsEntry("2", "b1,1," + place(1));
    }

    @Test
    void aResyncRebuildsTheShareCopyFromTheDatabaseAndThePlacesItRebuilds() {
        redisson.<String, String>getMap(RedisKeys.share(s)).put("8", "b1,1," + place(1)); // stale: 8 gave it back
        String elsewhere = "b70,70," + placeAt(PLAY_DATE.plusDays(1), 18);

        resync(List.of(slot(1, 2, true, List.of(4L), List.of())), "2,0,1", Map.of(3L, elsewhere));

        assertThat(hash(RedisKeys.share(s)))
                .containsExactlyInAnyOrderEntriesOf(Map.of("3", elsewhere, "4", "b1,1," + place(1)));
    }

    // ---- reserve.waitlist: join, pass an offer on, offers due

    @Test
    void joiningAWaitlistAnswersEveryOutcome() {
        Set<WaitJoinCall.Outcome> seen = EnumSet.noneOf(WaitJoinCall.Outcome.class);
        long now = redisNow();
        seen.add(join(1, 2, WaitJoinCall.Outcome.COLD).outcome());

        set(RedisKeys.warm(s), "built");
        set(RedisKeys.semaphore(s, 1), "2");
        WaitJoinCall.Reply onSale = join(1, 2, WaitJoinCall.Outcome.ON_SALE);
        seen.add(onSale.outcome());
        assertThat(onSale.value()).isEqualTo(2);
        set(RedisKeys.semaphore(s, 1), "0");

        redisson.getMap(RedisKeys.blocked(s)).put("1", Long.toString(now + DAY_MS));
        seen.add(join(1, 2, WaitJoinCall.Outcome.BLOCKED).outcome());
        redisson.getSet(RedisKeys.dedup(s, 1)).add("2");
        seen.add(join(2, 2, WaitJoinCall.Outcome.DUP_REQ).outcome());
        offer(1, 3, now + 600_000);
        seen.add(join(3, 2, WaitJoinCall.Outcome.OFFERED).outcome());
        redisson.getMap(RedisKeys.quota(s)).put("4", "1");
        WaitJoinCall.Reply quota = join(4, 1, WaitJoinCall.Outcome.QUOTA_EXCEEDED);
        seen.add(quota.outcome());
        assertThat(quota.value()).isEqualTo(1);

        WaitJoinCall.Reply waiting = join(5, 2, WaitJoinCall.Outcome.WAITING);
        seen.add(waiting.outcome());
        assertThat(waiting.value()).as("first in line").isEqualTo(1);
        assertThat(waiting.added()).isTrue();
        assertThat(redisson.getScoredSortedSet(RedisKeys.waitlist(s, 1)).readAll())
                .containsExactly("5");
        WaitJoinCall.Reply still = join(5, 2, WaitJoinCall.Outcome.WAITING);
        assertThat(still.added()).as("in line already").isFalse();

        WaitJoinCall.Reply full = WaitJoinCall.SCRIPT.call(script, new WaitJoinCall(s, 1, 6, 1, 2, expireAt));
        seen.add(full.outcome());
        assertThat(full.outcome()).isEqualTo(WaitJoinCall.Outcome.FULL);
        assertThat(full.value()).as("the line's length").isEqualTo(1);

        assertThat(seen).isEqualTo(EnumSet.allOf(WaitJoinCall.Outcome.class));
    }

    @Test
    void anOfferPassedOnGoesToTheNextStudentOrBackOnSale() {
        Set<OfferPassCall.Outcome> seen = EnumSet.noneOf(OfferPassCall.Outcome.class);
        long now = redisNow();
        PlaceOffers.Terms terms = new PlaceOffers.Terms(600_000, now + DAY_MS, 2, expireAt, place(1), NO_SHARE);
        set(RedisKeys.semaphore(s, 1), "0");

        seen.add(pass(1, terms, false, OfferPassCall.Outcome.NO_OFFER).outcome());

        offer(1, 1, now + 600_000);
        seen.add(pass(1, terms, true, OfferPassCall.Outcome.NOT_DUE).outcome());

        redisson.getScoredSortedSet(RedisKeys.waitlist(s, 1)).add(now - 1_000, "2");
        OfferPassCall.Reply offered = pass(1, terms, false, OfferPassCall.Outcome.OFFERED);
        seen.add(offered.outcome());
        assertThat(offered.move().offeredTo()).isEqualTo(2L);
        assertThat(hash(RedisKeys.offer(s, 1))).containsOnlyKeys("2");
        assertThat(redisson.getScoredSortedSet(RedisKeys.offers(s)).readAll()).containsExactly("1|2");

        redisson.getScoredSortedSet(RedisKeys.offers(s)).add(now - 1_000, "1|2");
        redisson.getMap(RedisKeys.offer(s, 1)).put("2", Long.toString(now - 1_000));
        OfferPassCall.Reply onSale = pass(2, terms, true, OfferPassCall.Outcome.ON_SALE);
        seen.add(onSale.outcome());
        assertThat(onSale.move().offeredTo()).isNull();
        assertThat(get(RedisKeys.semaphore(s, 1))).isEqualTo("1");
        assertThat(hash(RedisKeys.offer(s, 1))).isEmpty();

        assertThat(seen).isEqualTo(EnumSet.allOf(OfferPassCall.Outcome.class));
    }

    @Test
    void theOffersDueAreThoseWhoseTimeHasComeByRedisClock() {
        long now = redisNow();
        redisson.getScoredSortedSet(RedisKeys.offers(s)).add(now - 1_000, "1|2");
        redisson.getScoredSortedSet(RedisKeys.offers(s)).add(now + 600_000, "1|3");

        OffersDueCall.Reply due = OffersDueCall.SCRIPT.call(script, new OffersDueCall(s));

        assertThat(due.due()).containsExactly(new OffersDueCall.Due(1, 2));
    }

    @Test
    void anOffersTimeLeftIsReadWithRedisClock() {
        long now = redisNow();
        redisson.getMap(RedisKeys.offer(s, 1)).put("2", Long.toString(now + 90_000));
        redisson.getMap(RedisKeys.offer(s, 1)).put("3", Long.toString(now - 1_000));

        OfferLeftCall.Reply open = OfferLeftCall.SCRIPT.call(script, new OfferLeftCall(s, 1, 2));
        OfferLeftCall.Reply ended = OfferLeftCall.SCRIPT.call(script, new OfferLeftCall(s, 1, 3));
        OfferLeftCall.Reply none = OfferLeftCall.SCRIPT.call(script, new OfferLeftCall(s, 1, 4));

        assertThat(open.endsMs()).isEqualTo(now + 90_000);
        assertThat(open.redisNowMs()).isBetween(now, now + 5_000);
        assertThat(open.open()).isTrue();
        assertThat(open.secondsLeft()).isBetween(85L, 90L);
        assertThat(ended.open()).isFalse();
        assertThat(ended.secondsLeft()).isZero();
        assertThat(none.endsMs()).isEqualTo(-1);
        assertThat(none.open()).isFalse();
    }

    // ---- helpers

    private long redisNow() {
        return TimeCall.SCRIPT.call(script, new TimeCall(null)).epochMillis();
    }

    private String get(String key) {
        return redisson.<String>getBucket(key).get();
    }

    private void set(String key, String value) {
        redisson.<String>getBucket(key).set(value);
    }

    private Map<String, String> hash(String key) {
        return redisson.<String, String>getMap(key).readAllMap();
    }

    private SignInThrottleCall.Reply throttle(SignInThrottleCall.Step step, String studentId) {
        return SignInThrottleCall.SCRIPT.call(
                script, new SignInThrottleCall(step, studentId, "10.0.0.1", 2, 1, 60_000, 8_000));
    }

    private GateCall.Gate gate(GateCall.Mode mode, long flashMs, GateCall.Gate expected) {
        GateCall.Gate gate = GateCall.SCRIPT.call(script, new GateCall(s, mode, flashMs, expireAt));
        assertThat(gate).as("%s", mode).isEqualTo(expected);
        return gate;
    }

    private StockWarmer.WarmState warmState() {
        return WarmStateCall.SCRIPT.call(script, new WarmStateCall(s));
    }

    private ResyncCall.Slot slot(
            long slotId, int capacity, boolean active, List<Long> holders, List<ResyncCall.Waiting> line) {
        return new ResyncCall.Slot(
                slotId, place(slotId), capacity, active, redisNow() + DAY_MS, holders, List.of(), line);
    }

    private ResyncCall.Reply resync(List<ResyncCall.Slot> slots) {
        return resync(slots, NO_SHARE, Map.of());
    }

    private ResyncCall.Reply resync(List<ResyncCall.Slot> slots, String rules, Map<Long, String> shares) {
        return ResyncCall.SCRIPT.call(
                script, new ResyncCall(s, expireAt, redisNow() - 1_000, 600_000, 2, slots, rules, shares));
    }

    /** A grant held as reserve.lua leaves it: in the dedup set, counted, pending, in flight. */
    private void hold(ReserveMessage grant) {
        redisson.getSet(RedisKeys.dedup(s, grant.slotId())).add(Long.toString(grant.userId()));
        redisson.<String, String>getMap(RedisKeys.quota(s)).put(Long.toString(grant.userId()), "1");
        set(RedisKeys.pending(s, grant.traceId()), grant.pendingValue());
        redisson.getScoredSortedSet(RedisKeys.inflight(s)).add(grant.time(), grant.inflightMember());
    }

    private ReleaseCall.Reply release(ReserveMessage grant, boolean onlyIfInFlight, PlaceOffers.Terms terms) {
        return ReleaseCall.SCRIPT.call(
                script,
                new ReleaseCall(s, grant.slotId(), grant.userId(), grant, onlyIfInFlight, 60_000, terms, false));
    }

    private PassChallengeCall.Reply challenge(String answer, int attempts, int allowed) {
        return PassChallengeCall.SCRIPT.call(
                script, new PassChallengeCall(s, 1, answer, attempts, 60_000, allowed, expireAt));
    }

    private PassAnswerCall.Outcome answer(String answer, PassAnswerCall.Outcome expected, long left) {
        PassAnswerCall.Reply reply =
                PassAnswerCall.SCRIPT.call(script, new PassAnswerCall(s, 1, answer, "hash-of-pass", expireAt));
        assertThat(reply.outcome()).isEqualTo(expected);
        assertThat(reply.attemptsLeft()).isEqualTo(left);
        return reply.outcome();
    }

    private boolean giveBack(String traceId) {
        return PassGiveBackCall.SCRIPT
                .call(script, new PassGiveBackCall(s, 1, traceId))
                .givenBack();
    }

    /** Slot n is played on {@link #PLAY_DATE} from (8 + n):00 for an hour, unless a test says otherwise. */
    private String place(long slotId) {
        String other = places.get(slotId);
        if (other != null) {
            return other;
        }
        LocalTime start = LocalTime.of(8 + (int) slotId, 0);
        return SharePlace.of(PLAY_DATE, start, start.plusHours(1)).arg();
    }

    private static String placeAt(LocalDate date, int hour) {
        return SharePlace.of(date, LocalTime.of(hour, 0), LocalTime.of(hour + 1, 0))
                .arg();
    }

    private String trace(long userId, long slotId) {
        return "r-" + userId + "-" + slotId;
    }

    private Decision reserve(
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

    private void offer(long slotId, long userId, long expiresMs) {
        redisson.getMap(RedisKeys.offer(s, slotId)).put(Long.toString(userId), Long.toString(expiresMs));
        redisson.getScoredSortedSet(RedisKeys.offers(s)).add(expiresMs, slotId + "|" + userId);
    }

    private OfferAcceptCall.Reply accept(long userId, long slotId, int limit, OfferAcceptCall.Outcome expected) {
        ReserveMessage grant = new ReserveMessage("offer-" + userId + "-" + slotId, userId, slotId, s, 0);
        OfferAcceptCall.Reply reply = OfferAcceptCall.SCRIPT.call(
                script, new OfferAcceptCall(grant, 300, limit, expireAt, place(slotId), rules));
        assertThat(reply.outcome()).isEqualTo(expected);
        return reply;
    }

    private DrawCall.Reply draw() {
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

    private WaitJoinCall.Reply join(long userId, int limit, WaitJoinCall.Outcome expected) {
        WaitJoinCall.Reply reply = WaitJoinCall.SCRIPT.call(script, new WaitJoinCall(s, 1, userId, 5, limit, expireAt));
        assertThat(reply.outcome()).as("student %d", userId).isEqualTo(expected);
        return reply;
    }

    private OfferPassCall.Reply pass(
            long userId, PlaceOffers.Terms terms, boolean expire, OfferPassCall.Outcome expected) {
        OfferPassCall.Reply reply = OfferPassCall.SCRIPT.call(script, new OfferPassCall(s, 1, userId, terms, expire));
        assertThat(reply.outcome()).as("student %d", userId).isEqualTo(expected);
        return reply;
    }
}
