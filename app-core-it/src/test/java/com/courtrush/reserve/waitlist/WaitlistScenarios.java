package com.courtrush.reserve.waitlist;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.reserve.stock.Blocks;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.redisson.api.RScoredSortedSet;

/** The waitlist (SPEC §16) against real Redis, broker and database, with real parallel requests. */
public interface WaitlistScenarios extends StackAccess {

    @Test
    default void aReturnedPlaceGoesToTheFirstInLineWhoMayTakeItNeverToTheCrowdAndPassesOnWhenDeclinedOrExpired()
            throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "18:00", "20:00", 60, 1);
        long slot = slots.get(0);
        List<Student> students = api().students(5);
        Student holder = students.get(0);
        Student carl = students.get(1);
        Student ann = students.get(2);
        Student bob = students.get(3);
        long held = api().book(holder, session, slot);

        // refused OUT_OF_STOCK, three join the line in turn; a slot still on sale has no line
        for (Student waiting : List.of(carl, ann, bob)) {
            assertThat(api().reserve(waiting, session, slot).enumCode()).isEqualTo("OUT_OF_STOCK");
        }
        assertThat(join(carl, session, slot).data().path("position").asInt()).isEqualTo(1);
        assertThat(join(ann, session, slot).data().path("position").asInt()).isEqualTo(2);
        assertThat(join(bob, session, slot).data().path("position").asInt()).isEqualTo(3);
        assertThat(join(ann, session, slot).data().path("position").asInt())
                .as("joining twice keeps the place")
                .isEqualTo(2);
        assertThat(api().post(
                                "/reserve/waitlist",
                                students.get(4).token(),
                                Map.of("sessionId", session, "slotId", slots.get(1)))
                        .status())
                .as("a slot on sale has no line")
                .isEqualTo(409);
        assertThat(api().post("/reserve/waitlist", holder.token(), Map.of("sessionId", session, "slotId", slot))
                        .enumCode())
                .isEqualTo("DUP_REQ");

        // Carl is blocked meanwhile: passed over when the place comes back, and may not join elsewhere
        java.time.LocalDateTime until = now().plusDays(7).withNano(0);
        jdbc().update("update user_account set blocked_until = ? where id = ?", until, userIdOf(carl));
        bean(Blocks.class).changed(userIdOf(carl), until);

        // the holder cancels while a crowd hammers the sold-out slot: the place goes to Ann, never to the crowd
        List<Student> crowd = api().students(8);
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch started = new CountDownLatch(crowd.size());
        ExecutorService pool = Executors.newFixedThreadPool(crowd.size());
        List<Future<List<Reply>>> hammering = new ArrayList<>();
        try {
            for (Student one : crowd) {
                hammering.add(pool.submit(() -> {
                    List<Reply> replies = new ArrayList<>();
                    started.countDown();
                    while (!stop.get() && replies.size() < 4) {
                        replies.add(api().reserve(one, session, slot));
                        TestApi.sleep(150);
                    }
                    return replies;
                }));
            }
            started.await();
            TestApi.expect(200, api().delete("/reserve/" + held, holder.token()));
            TestApi.sleep(400);
            stop.set(true);
            for (Future<List<Reply>> each : hammering) {
                for (Reply reply : each.get()) {
                    assertThat(reply.status()).as("%s", reply).isIn(409, 429);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        JsonNode annWaits = waits(ann);
        assertThat(annWaits).hasSize(1);
        assertThat(annWaits.get(0).path("status").asText()).isEqualTo("OFFERED");
        assertThat(annWaits.get(0).path("secondsToAccept").asLong()).isBetween(500L, 600L);
        assertThat(waits(bob).get(0).path("position").asInt()).isEqualTo(1);
        assertThat(waits(carl)).as("passed over, out of the line").isEmpty();
        assertThat(status(carl, slot)).isEqualTo("SKIPPED");
        assertThat(permits(session, slot)).as("offered, not on sale").isEqualTo("0");
        // Ann is told, in her inbox, until when it is hers
        JsonNode offerNotice = TestApi.expect(200, api().get("/notices", ann.token()))
                .data()
                .path("notices")
                .get(0);
        assertThat(offerNotice.path("kind").asText()).isEqualTo("OFFER");
        assertThat(offerNotice.path("text").asText())
                .contains(tomorrow() + " 18:00–19:00")
                .containsPattern("until \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}");
        invariants().assertHold(session);

        // Ann declines: Bob is offered it; Bob lets it expire and nobody is left: it goes back on sale
        TestApi.expect(200, api().post("/reserve/offers/" + slot + "/decline", ann.token(), null));
        assertThat(waits(bob).get(0).path("status").asText()).isEqualTo("OFFERED");
        assertThat(status(ann, slot)).isEqualTo("DECLINED");
        // a re-sync that read the database before Ann declined (her offer still live there) while Redis holds
        // the opening as built: Redis's offers stand, hers is not brought back beside Bob's
        jdbc().update(
                        "update waitlist_entry set status = 'OFFERED', live_user_id = user_id, offer_expires = ? "
                                + "where slot_id = ? and user_id = ? and status = 'DECLINED'",
                        now().plusMinutes(5),
                        slot,
                        userIdOf(ann));
        TestApi.expect(200, api().post("/admin/sessions/" + session + "/resync", TestApi.ADMIN_TOKEN, null));
        assertThat(redisson().getMap(RedisKeys.offer(session, slot)).keySet())
                .containsExactly(Long.toString(userIdOf(bob)));
        invariants().assertHold(session);
        jdbc().update(
                        "update waitlist_entry set status = 'DECLINED', live_user_id = null where slot_id = ? and user_id = ? "
                                + "and status = 'OFFERED'",
                        slot,
                        userIdOf(ann));
        expireNow(session, slot, userIdOf(bob));
        // ended in Redis, which decides offers, and not yet passed on by the sweep (after a kill -9, for a minute
        // or two): Bob's bookings do not show it as still his, with no time left
        assertThat(waits(bob))
                .as("an offer Redis has ended")
                .noneSatisfy(wait -> assertThat(wait.path("status").asText()).isEqualTo("OFFERED"));
        // the scheduled sweep (every 5 s) may be passing it on already; either way it is passed on once
        bean(OfferSweep.class).sweep();
        Awaitility.await()
                .atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(status(bob, slot)).isEqualTo("EXPIRED"));
        assertThat(permits(session, slot)).isEqualTo("1");
        invariants().assertHold(session);
        TestApi.expect(202, api().reserve(crowd.get(0), session, slot));

        // the day's report: one offer declined, one expired
        JsonNode total = TestApi.expect(
                        200,
                        api().get(
                                        "/admin/reports?from=" + tomorrow() + "&to=" + tomorrow() + "&courtId=" + court,
                                        TestApi.ADMIN_TOKEN))
                .data()
                .path("total");
        assertThat(List.of(
                        total.path("offersTaken").asInt(),
                        total.path("offersDeclined").asInt(),
                        total.path("offersExpired").asInt()))
                .containsExactly(0, 1, 1);
    }

    @Test
    default void anOfferIsTakenWithOneTapIntoThePayWindowAndOutlivesRedisLosingTheOpening() throws Exception {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "19:00", "20:00", 60, 1)
                .get(0);
        List<Student> students = api().students(4);
        Student holder = students.get(0);
        Student ann = students.get(1);
        Student bob = students.get(3);
        long held = api().book(holder, session, slot);
        api().pay(holder, held);
        join(ann, session, slot);
        join(bob, session, slot);

        // a refund gives the place back: offered to Ann
        TestApi.expect(200, api().post("/pay/refund/" + held, holder.token(), Map.of("reason", "ill")));
        assertThat(waits(ann).get(0).path("status").asText()).isEqualTo("OFFERED");

        // Redis loses the opening; rebuilt from the database, the place is still Ann's, not on sale
        redisson().getKeys().deleteByPattern(RedisKeys.opening(session) + "*");
        TestApi.expect(200, api().post("/admin/sessions/" + session + "/resync", TestApi.ADMIN_TOKEN, null));
        assertThat(permits(session, slot)).isEqualTo("0");
        assertThat(redisson().getMap(RedisKeys.offer(session, slot)).keySet())
                .containsExactly(Long.toString(userIdOf(ann)));
        assertThat(waits(bob).get(0).path("position").asInt())
                .as("the line Redis lost is put back too")
                .isEqualTo(1);
        assertThat(api().reserve(students.get(2), session, slot).enumCode()).isEqualTo("OUT_OF_STOCK");

        // blocked meanwhile, Ann may not take it (SPEC §16); the block lifted, she may
        java.time.LocalDateTime until = now().plusDays(7).withNano(0);
        bean(Blocks.class).changed(userIdOf(ann), until);
        Reply refused = api().post("/reserve/offers/" + slot + "/accept", ann.token(), Map.of("sessionId", session));
        assertThat(refused.status()).as("%s", refused).isEqualTo(409);
        assertThat(refused.enumCode()).isEqualTo("BLOCKED");
        assertThat(refused.data().path("until").asText()).isNotBlank();
        bean(Blocks.class).changed(userIdOf(ann), null);

        // one tap: a grant like any other, PENDING_PAYMENT with the usual pay window, then paid
        Reply taken = TestApi.expect(
                202, api().post("/reserve/offers/" + slot + "/accept", ann.token(), Map.of("sessionId", session)));
        Reply result = api().awaitResult(ann, taken.data().path("traceId").asText(), Times.SETTLE);
        assertThat(result.data().path("status").asText()).isEqualTo("SUCCESS");
        long reservation = result.data().path("reservationId").asLong();
        assertThat(jdbc().queryForObject("select status from reservation where id = ?", String.class, reservation))
                .isEqualTo("PENDING_PAYMENT");
        api().pay(ann, reservation);
        assertThat(status(ann, slot)).isEqualTo("TAKEN");
        assertThat(waits(ann)).isEmpty();
        assertThat(api().post("/reserve/offers/" + slot + "/accept", ann.token(), Map.of("sessionId", session))
                        .status())
                .as("taken once")
                .isEqualTo(409);
        invariants().assertHold(session);
    }

    @Test
    default void aStudentWaitsForAFewSlotsAtMostAndEachLineIsBounded() {
        com.courtrush.setting.AppSettings settings = bean(com.courtrush.setting.AppSettings.class);
        String perSlot = settings.get(com.courtrush.setting.api.SettingKey.WAITLIST_PER_SLOT);
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "12:00", 60, 1);
        List<Student> students = api().students(6);
        for (int i = 0; i < 4; i++) {
            api().book(students.get(i / 2), session, slots.get(i));
        }
        Student dave = students.get(2);
        try {
            settings.set(com.courtrush.setting.api.SettingKey.WAITLIST_PER_SLOT, "2");
            for (int i = 0; i < 3; i++) {
                join(dave, session, slots.get(i));
            }
            Reply fourth =
                    api().post("/reserve/waitlist", dave.token(), Map.of("sessionId", session, "slotId", slots.get(3)));
            assertThat(fourth.status()).isEqualTo(409);
            assertThat(fourth.body().path("message").asText()).contains("3 slots already");
            join(students.get(3), session, slots.get(3));
            join(students.get(4), session, slots.get(3));
            Reply full = api().post(
                            "/reserve/waitlist",
                            students.get(5).token(),
                            Map.of("sessionId", session, "slotId", slots.get(3)));
            assertThat(full.status()).isEqualTo(409);
            assertThat(full.body().path("message").asText()).contains("full");
            // leaving makes room for another wait
            TestApi.expect(200, api().delete("/reserve/waitlist/" + slots.get(0), dave.token()));
            assertThat(status(dave, slots.get(0))).isEqualTo("LEFT");
            assertThat(waits(dave)).hasSize(2);
        } finally {
            settings.set(com.courtrush.setting.api.SettingKey.WAITLIST_PER_SLOT, perSlot);
        }
    }

    @Test
    default void placesPutBackOnSaleByStaffGoToTheLineFirstAWithdrawnSlotBackOrACapacityRaised() {
        String admin = TestApi.ADMIN_TOKEN;
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "17:00", "18:00", 60, 1)
                .get(0);
        List<Student> students = api().students(4);
        Student holder = students.get(0);
        Student ann = students.get(1);
        Student bob = students.get(2);
        api().pay(holder, api().book(holder, session, slot));
        join(ann, session, slot);
        join(bob, session, slot);

        // withdrawn: the holder is refunded, and a slot off sale offers its place to nobody
        TestApi.expect(200, api().post("/admin/slots/" + slot + "/withdraw", admin, Map.of("reason", "leaking roof")));
        assertThat(waits(ann).get(0).path("status").asText()).isEqualTo("WAITING");
        assertThat(permits(session, slot)).isEqualTo("0");

        // put back on sale: its place goes to the first in line, not to the crowd
        TestApi.expect(200, api().post("/admin/slots/" + slot + "/enable", admin, null));
        assertThat(waits(ann).get(0).path("status").asText()).isEqualTo("OFFERED");
        assertThat(status(ann, slot)).isEqualTo("OFFERED");
        assertThat(permits(session, slot)).as("offered, not on sale").isEqualTo("0");
        assertThat(api().reserve(students.get(3), session, slot).enumCode()).isEqualTo("OUT_OF_STOCK");

        // a second place made: the next in line
        TestApi.expect(200, api().put("/admin/slots/" + slot, admin, Map.of("capacity", 2)));
        assertThat(waits(bob).get(0).path("status").asText()).isEqualTo("OFFERED");
        assertThat(permits(session, slot)).isEqualTo("0");
        assertThat(redisson().getMap(RedisKeys.offer(session, slot)).keySet())
                .containsExactlyInAnyOrder(Long.toString(userIdOf(ann)), Long.toString(userIdOf(bob)));
        invariants().assertHold(session);
    }

    @Test
    default void offersCountAgainstTheLimitSoAPlaceGoesToWhoCanTakeItAndTheOtherKeepsTheirPlaceInLine() {
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 1);
        List<Long> slots = api().generateSlots(session, List.of(court), "20:00", "22:00", 60, 1);
        List<Student> students = api().students(4);
        Student ann = students.get(2);
        Student bob = students.get(3);
        long first = api().book(students.get(0), session, slots.get(0));
        long second = api().book(students.get(1), session, slots.get(1));
        join(ann, session, slots.get(0));
        join(ann, session, slots.get(1));
        join(bob, session, slots.get(1));

        TestApi.expect(200, api().delete("/reserve/" + first, students.get(0).token()));
        assertThat(status(ann, slots.get(0))).isEqualTo("OFFERED");
        // Ann may hold one place: offered the first, the second's place goes to Bob; she stays first in its line
        TestApi.expect(200, api().delete("/reserve/" + second, students.get(1).token()));
        assertThat(status(bob, slots.get(1))).isEqualTo("OFFERED");
        assertThat(status(ann, slots.get(1))).isEqualTo("WAITING");
        assertThat(redisson()
                        .getScoredSortedSet(RedisKeys.waitlist(session, slots.get(1)))
                        .contains(Long.toString(userIdOf(ann))))
                .isTrue();
        invariants().assertHold(session);
    }

    /**
     * More holders than the database pool has connections cancel at once, each place going to a student waiting:
     * every cancel is answered and every offer written. Written from the cancel's commit while it still held its
     * connection, each offer waited for a second one, and as many at once as the pool has stalled every
     * transaction of the node until the pool's timeout.
     */
    @Test
    default void manyPlacesGivenBackAtOnceAreEachOfferedWithoutStallingTheDatabasePool() throws Exception {
        int places = 16;
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        List<Long> slots = api().generateSlots(session, List.of(court), "06:00", "22:00", 60, 1);
        List<Student> holders = api().students(places);
        List<Student> waiting = api().students(places);
        List<Long> bookings = new ArrayList<>();
        for (int i = 0; i < places; i++) {
            bookings.add(api().book(holders.get(i), session, slots.get(i)));
            join(waiting.get(i), session, slots.get(i));
        }
        ExecutorService pool = Executors.newFixedThreadPool(places);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Reply>> cancels = new ArrayList<>();
        try {
            for (int i = 0; i < places; i++) {
                Student holder = holders.get(i);
                long booking = bookings.get(i);
                cancels.add(pool.submit(() -> {
                    go.await();
                    return api().delete("/reserve/" + booking, holder.token());
                }));
            }
            go.countDown();
            for (Future<Reply> cancel : cancels) {
                Reply reply = cancel.get();
                assertThat(reply.status()).as("%s", reply).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }
        for (int i = 0; i < places; i++) {
            assertThat(status(waiting.get(i), slots.get(i))).as("slot %s", i).isEqualTo("OFFERED");
        }
        invariants().assertHold(session);
    }

    @AtGymHours
    default void aSlotThatHasStartedClosesItsLineAndOffersNothing(LocalTime hour) {
        TestClock.GYM.at(hour);
        Times.clearOfMidnight(Duration.ofMinutes(5));
        long court = api().createCourt();
        long session = api().createSession(tomorrow(), now(), 2);
        long slot = api().generateSlots(session, List.of(court), "16:00", "17:00", 60, 1)
                .get(0);
        List<Student> students = api().students(2);
        api().pay(students.get(0), api().book(students.get(0), session, slot));
        Student ann = students.get(1);
        join(ann, session, slot);

        // the slot starts: the line ends, and Ann no longer waits for it
        startSlotAt(slot, now().minusMinutes(5).withNano(0));
        bean(OfferSweep.class).sweep();
        assertThat(status(ann, slot)).isEqualTo("CLOSED");
        assertThat(waits(ann)).isEmpty();
    }

    private Reply join(Student student, long session, long slot) {
        return TestApi.expect(
                200, api().post("/reserve/waitlist", student.token(), Map.of("sessionId", session, "slotId", slot)));
    }

    private JsonNode waits(Student student) {
        return TestApi.expect(200, api().get("/reservations/waits", student.token()))
                .data();
    }

    private String status(Student student, long slot) {
        return jdbc().queryForObject(
                        "select status from waitlist_entry where slot_id = ? and user_id = ? order by id desc limit 1",
                        String.class,
                        slot,
                        userIdOf(student));
    }

    private String permits(long session, long slot) {
        return (String) redisson().getBucket(RedisKeys.semaphore(session, slot)).get();
    }

    /** The student's offer is due now (as if its ten minutes had passed). */
    private void expireNow(long session, long slot, long userId) {
        long past = System.currentTimeMillis() - 1000;
        redisson().getMap(RedisKeys.offer(session, slot)).put(Long.toString(userId), Long.toString(past));
        RScoredSortedSet<String> offers = redisson().getScoredSortedSet(RedisKeys.offers(session));
        offers.add(past, slot + "|" + userId);
    }
}
