package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.courtrush.account.SignInThrottleCall;
import com.courtrush.monitor.PingCall;
import com.courtrush.opening.GateReading;
import com.courtrush.opening.GateStateCall;
import com.courtrush.opening.StockWarmer;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.GateCall;
import com.courtrush.reserve.recover.PlaceOffers;
import com.courtrush.reserve.recover.ReleaseCall;
import com.courtrush.reserve.recover.ResyncCall;
import com.courtrush.reserve.recover.SettleCall;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The scripts of Redis's clock, the ping, the sign-in throttle, the gate and the recovery (warm state, re-sync,
 * release, settle). Each outcome the scripts can answer is reached and read into its enum, the keys and arguments
 * land where the scripts read them (read back after the call), and each reply is read into its record, against a
 * real redis-server ({@link ScriptCallsFixture}): a fake could not catch a Lua bug nor a key passed in the wrong
 * place.
 */
class ScriptCallsIT extends ScriptCallsFixture {

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
}
