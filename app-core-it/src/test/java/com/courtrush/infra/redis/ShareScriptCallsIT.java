package com.courtrush.infra.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.courtrush.reserve.decide.DrawCall;
import com.courtrush.reserve.decide.ReserveCall;
import com.courtrush.reserve.decide.ReserveScript.Decision;
import com.courtrush.reserve.decide.ReserveScript.Verdict;
import com.courtrush.reserve.record.ReserveMessage;
import com.courtrush.reserve.recover.PlaceOffers;
import com.courtrush.reserve.recover.ReleaseCall;
import com.courtrush.reserve.waitlist.OfferAcceptCall;
import com.courtrush.share.ShareCall;
import com.courtrush.share.api.ShareRules;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fair share (SPEC §16) in every script that grants or gives back a place: reserve, release, offers, draw,
 * re-sync. Each outcome the scripts can answer is reached and read into its enum, the keys and arguments land where
 * the scripts read them (read back after the call), and each reply is read into its record, against a real
 * redis-server ({@link ScriptCallsFixture}): a fake could not catch a Lua bug nor a key passed in the wrong place.
 */
class ShareScriptCallsIT extends ScriptCallsFixture {

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

    /** Each sport has its own day's share (SPEC §21); one place at a time holds across sports. */
    @Test
    void eachSportHasItsOwnDayShareAndOnePlaceAtATimeHoldsAcrossThem() {
        ScriptPipeline<ReserveCall, Decision> pipeline =
                new ScriptPipeline<>(redisson, ReserveCall.SCRIPT, Duration.ofSeconds(5));
        set(RedisKeys.warm(s), "built");
        set(RedisKeys.gate(s), "1");
        for (long slot = 1; slot <= 4; slot++) {
            set(RedisKeys.semaphore(s, slot), "5");
        }
        String tableAt10 = placeAt(PLAY_DATE, 10);
        places.put(2L, tableAt10 + ",TABLE_TENNIS");
        places.put(3L, place(1) + ",TABLE_TENNIS"); // a table at the badminton court's hour
        places.put(4L, placeAt(PLAY_DATE, 12) + ",TABLE_TENNIS");
        rules = "2,3,1;TABLE_TENNIS,1,3"; // badminton two a day, table tennis one

        reserve(pipeline, 1, 1, 9, 0, null, false, 0, Verdict.ACCEPTED);
        Decision sameTime = reserve(pipeline, 1, 3, 9, 0, null, false, 0, Verdict.SHARE_USED);
        assertThat(sameTime.entryTrace()).isEqualTo("SAME_TIME");
        reserve(pipeline, 1, 2, 9, 0, null, false, 0, Verdict.ACCEPTED);
        assertThat(hash(RedisKeys.share(s)))
                .containsExactly(Map.entry("1", "b1,1," + place(1) + ";b2,2/TABLE_TENNIS," + tableAt10));
        Decision day = reserve(pipeline, 1, 4, 9, 0, null, false, 0, Verdict.SHARE_USED);
        assertThat(day.entryTrace()).isEqualTo("DAY");
        assertThat(day.holding()).as("only table tennis counts").containsExactly("b2,2/TABLE_TENNIS," + tableAt10);
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
}
