package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.reserve.recover.PlaceOffers;
import com.courtrush.reserve.waitlist.OfferLeftCall;
import com.courtrush.reserve.waitlist.OfferPassCall;
import com.courtrush.reserve.waitlist.OffersDueCall;
import com.courtrush.reserve.waitlist.WaitJoinCall;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The waitlist's scripts: join, pass an offer on, the offers due and an offer's time left. Each outcome the scripts
 * can answer is reached and read into its enum, the keys and arguments land where the scripts read them (read back
 * after the call), and each reply is read into its record, against a real redis-server ({@link
 * ScriptCallsFixture}): a fake could not catch a Lua bug nor a key passed in the wrong place.
 */
class WaitlistScriptCallsIT extends ScriptCallsFixture {

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
}
