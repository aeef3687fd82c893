package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.courtrush.reserve.decide.DrawCall;
import com.courtrush.reserve.decide.ReserveCall;
import com.courtrush.reserve.decide.ReserveScript.Decision;
import com.courtrush.reserve.decide.ReserveScript.Verdict;
import com.courtrush.reserve.pass.PassAnswerCall;
import com.courtrush.reserve.pass.PassChallengeCall;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.stock.BlockedCall;
import com.courtrush.reserve.waitlist.OfferAcceptCall;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The scripts that decide: the blocked copy, passes, reserve (through the pipeline), offers taken and the draw.
 * Each outcome the scripts can answer is reached and read into its enum, the keys and arguments land where the
 * scripts read them (read back after the call), and each reply is read into its record, against a real redis-server
 * ({@link ScriptCallsFixture}): a fake could not catch a Lua bug nor a key passed in the wrong place.
 */
class DecideScriptCallsIT extends ScriptCallsFixture {

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
}
