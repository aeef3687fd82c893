package com.courtrush.reserve;

import static com.courtrush.support.Times.SETTLE;
import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.sleepUntil;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.CourtRushServer;
import com.courtrush.notice.api.WechatAccount;
import com.courtrush.paysim.OfficialAccountServer;
import com.courtrush.paysim.WechatPaySimulator;
import com.courtrush.recurring.RecurringScenarios;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.PaySimulator;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;

/**
 * Two engine nodes sharing one database, Redis and broker, as behind a load balancer: tokens work
 * on both, a crowd split across them never oversells, a release on one node clears the other's
 * sold-out memory at once, a logout and a new slot reach the other node, and a node started later.
 */
public interface MultiNodeScenarios extends StackAccess {

    @Test
    default void twoNodesShareTheRushWithoutOverselling() throws Exception {
        Student signedOut;
        try (ConfigurableApplicationContext nodeB = startSecondNode()) {
            TestApi a = api();
            TestApi b = new TestApi(
                    ((WebServerApplicationContext) nodeB).getWebServer().getPort());
            long court = a.createCourt();
            LocalDateTime flash = now().plusSeconds(2).withNano(0);
            long session = a.createSession(tomorrow(), flash, 2);
            List<Long> slots = a.generateSlots(session, List.of(court), "08:00", "12:00", 60, 1);
            List<Student> students = a.students(60);
            assertThat(b.get("/reservations/mine", students.get(0).token()).status())
                    .as("A's token on B")
                    .isEqualTo(200);

            long countedByA = reserveDecisions(a);
            long countedByB = reserveDecisions(b);
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService crowd = Executors.newFixedThreadPool(120);
            List<Future<Reply>> replies = new ArrayList<>();
            List<Student> who = new ArrayList<>();
            for (int i = 0; i < 120; i++) {
                Student student = students.get(i % 60);
                TestApi node = i % 2 == 0 ? a : b;
                long slot = slots.get(i % slots.size());
                who.add(student);
                replies.add(crowd.submit(() -> {
                    go.await();
                    return node.reserve(student, session, slot);
                }));
            }
            sleepUntil(flash.plusNanos(100_000_000));
            go.countDown();
            Map<String, Student> granted = new HashMap<>();
            Map<String, Integer> refusals = new TreeMap<>();
            for (int i = 0; i < replies.size(); i++) {
                Reply reply = replies.get(i).get();
                if (reply.status() == 202) {
                    granted.put(reply.data().path("traceId").asText(), who.get(i));
                } else {
                    refusals.merge(reply.enumCode(), 1, Integer::sum);
                }
            }
            crowd.shutdown();
            assertThat(granted.size()).as("places granted across both nodes").isEqualTo(slots.size());
            // each node's Prometheus endpoint (what an operator scrapes) counts the decisions it made
            assertThat(reserveDecisions(a) - countedByA)
                    .as("decisions node A exports")
                    .isEqualTo(60);
            assertThat(reserveDecisions(b) - countedByB)
                    .as("decisions node B exports")
                    .isEqualTo(60);
            assertTheRushIsReadBackFromEitherNode(a, b, session, granted.size(), refusals, flash);
            Map<Long, Student> holders = new HashMap<>();
            granted.forEach((trace, student) -> {
                Reply result = b.awaitResult(student, trace, SETTLE);
                assertThat(result.data().path("status").asText()).isEqualTo("SUCCESS");
                holders.put(result.data().path("reservationId").asLong(), student);
            });
            assertThat(invariants().assertHold(session)).isEqualTo(slots.size());
            // the queues' traffic is counted across both nodes too, read the same from either: the seconds
            // since the opening (a node's counts held through an earlier outage land in their own seconds, and
            // a write repeated after a timeout sets the same values again)
            long opened = flash.atZone(Times.zone()).toEpochSecond();
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                for (TestApi node : List.of(a, b)) {
                    assertThat(queuesSince(node, opened, "published"))
                            .as("grants published, both nodes")
                            .isEqualTo(slots.size());
                    assertThat(queuesSince(node, opened, "consumed"))
                            .as("grants recorded, both nodes")
                            .isEqualTo(slots.size());
                }
            });

            // a release on B clears A's sold-out memory before A's one-second re-check would
            long slot = slots.get(0);
            long reservation = jdbc().queryForObject(
                            "select id from reservation where slot_id = ? and holder_id is not null", Long.class, slot);
            Student late = a.students(1).get(0);
            assertThat(a.reserve(late, session, slot).enumCode()).isEqualTo("OUT_OF_STOCK");
            TestApi.expect(
                    200,
                    b.delete("/reserve/" + reservation, holders.get(reservation).token()));
            await().atMost(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(TestApi.expect(
                                            200,
                                            a.get("/admin/monitor/rush/" + session + "/history", TestApi.ADMIN_TOKEN))
                                    .data()
                                    .path("summary")
                                    .path("released")
                                    .asLong())
                            .as("places given back, in the history")
                            .isEqualTo(1));
            TestApi.sleep(150);
            Reply afterRelease = a.reserve(late, session, slot);
            assertThat(afterRelease.status()).as("%s", afterRelease).isEqualTo(202);
            assertThat(a.awaitResult(late, afterRelease.data().path("traceId").asText(), SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");

            // slots added through A can be booked through B at once (after the hours the student plays: one place
            // at a time, SPEC §16)
            long court2 = a.createCourt();
            long added = a.generateSlots(session, List.of(court2), "12:00", "13:00", 60, 1)
                    .get(0);
            Reply onB = b.reserve(late, session, added);
            assertThat(onB.status()).as("%s", onB).isEqualTo(202);
            assertThat(b.awaitResult(late, onB.data().path("traceId").asText(), SETTLE)
                            .data()
                            .path("status")
                            .asText())
                    .isEqualTo("SUCCESS");
            assertThat(invariants().assertHold(session)).isEqualTo(slots.size() + 1);

            // a logout on A reaches B
            TestApi.expect(200, a.post("/auth/logout", late.token(), null));
            await().atMost(Duration.ofSeconds(5))
                    .until(() -> b.get("/reservations/mine", late.token()).status() == 401);
            signedOut = late;
        }
        // and a node that starts afterwards (a restart) knows it from the database
        try (ConfigurableApplicationContext nodeC = startSecondNode()) {
            TestApi c = new TestApi(
                    ((WebServerApplicationContext) nodeC).getWebServer().getPort());
            assertThat(c.get("/reservations/mine", signedOut.token()).status()).isEqualTo(401);
        }
    }

    /** One flow of the queues' history, all nodes, summed over the seconds from {@code epochSecond} on. */
    private static long queuesSince(TestApi node, long epochSecond, String flow) {
        long sum = 0;
        for (JsonNode second : TestApi.expect(200, node.get("/admin/monitor/queues", TestApi.ADMIN_TOKEN))
                .data()
                .path("history")
                .path("seconds")) {
            if (second.path("epochSecond").asLong() >= epochSecond) {
                sum += second.path(flow).asLong();
            }
        }
        return sum;
    }

    /**
     * The rush's history holds what both nodes answered, added together, read from either node: every
     * attempt and grant, each refusal by reason, the students, when it sold out, and the recording lag.
     */
    private static void assertTheRushIsReadBackFromEitherNode(
            TestApi a, TestApi b, long session, int grants, Map<String, Integer> refusals, LocalDateTime flash) {
        int attempts =
                grants + refusals.values().stream().mapToInt(Integer::intValue).sum();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            for (TestApi node : List.of(a, b)) {
                JsonNode history = TestApi.expect(
                                200, node.get("/admin/monitor/rush/" + session + "/history", TestApi.ADMIN_TOKEN))
                        .data();
                JsonNode summary = history.path("summary");
                assertThat(summary.path("attempts").asLong()).as("attempts").isEqualTo(attempts);
                assertThat(summary.path("grants").asLong()).as("grants").isEqualTo(grants);
                Map<String, Integer> byReason = new TreeMap<>();
                summary.path("refusals")
                        .fields()
                        .forEachRemaining(
                                e -> byReason.put(e.getKey(), e.getValue().asInt()));
                assertThat(byReason).as("refusals by reason").isEqualTo(refusals);
                assertThat(summary.path("students").asLong())
                        .as("students who tried, exactly")
                        .isEqualTo(60);
                assertThat(summary.path("lagMaxMs").isNumber())
                        .as("recorded grants' lag: %s", summary)
                        .isTrue();
                long soldOut = summary.path("soldOutAfterMs").asLong(-1);
                assertThat(soldOut)
                        .as("sold out after the opening time: %s", summary)
                        .isBetween(0L, 10_000L);
                long recordedSeconds = 0;
                long totalAttempts = 0;
                for (JsonNode second : history.path("seconds")) {
                    totalAttempts += second.path("attempts").asLong();
                    recordedSeconds += second.path("recorded").asLong();
                }
                assertThat(totalAttempts)
                        .as("the seconds add up to the summary")
                        .isEqualTo(attempts);
                assertThat(recordedSeconds)
                        .as("grants recorded, second by second")
                        .isEqualTo(grants);
                assertThat(history.path("opensAtMs").asLong())
                        .isEqualTo(flash.atZone(Times.zone()).toInstant().toEpochMilli());
            }
        });
    }

    /**
     * Both nodes run the recurring openings at the same moment, several times each (as their clocks and
     * staff's "run now" may): each date of the rule gets one opening, with one set of slots.
     */
    @Test
    default void twoNodesRunningTheRulesMakeEachDatesOpeningExactlyOnce() throws Exception {
        try (ConfigurableApplicationContext nodeB = startSecondNode()) {
            TestApi a = api();
            TestApi b = new TestApi(
                    ((WebServerApplicationContext) nodeB).getWebServer().getPort());
            long court = a.createCourt();
            long rule = TestApi.expect(
                            200,
                            a.post(
                                    "/admin/rules",
                                    TestApi.ADMIN_TOKEN,
                                    RecurringScenarios.dailyRule(TestApi.unique("two-nodes"), court, 2)))
                    .data()
                    .path("id")
                    .asLong();
            try {
                CountDownLatch go = new CountDownLatch(1);
                ExecutorService runners = Executors.newFixedThreadPool(8);
                List<Future<Reply>> runs = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    TestApi node = i % 2 == 0 ? a : b;
                    runs.add(runners.submit(() -> {
                        go.await();
                        return node.post("/admin/rules/run", TestApi.ADMIN_TOKEN, null);
                    }));
                }
                go.countDown();
                Map<String, Integer> made = new TreeMap<>();
                for (Future<Reply> run : runs) {
                    for (JsonNode result : TestApi.expect(200, run.get()).data()) {
                        if (result.path("ruleId").asLong() == rule) {
                            made.merge(
                                    result.path("date").asText() + " "
                                            + result.path("outcome").asText(),
                                    1,
                                    Integer::sum);
                        }
                    }
                }
                runners.shutdown();
                assertThat(made.values()).as("what the runs made: %s", made).allMatch(count -> count == 1);
                assertThat(RecurringScenarios.slotsOf(jdbc(), court, tomorrow()))
                        .as("tomorrow: one opening, its two slots")
                        .containsExactly(2, 1, 2500);
                assertThat(RecurringScenarios.slotsOf(jdbc(), court, tomorrow().plusDays(1)))
                        .containsExactly(2, 1, 2500);
                assertThat(jdbc().queryForObject(
                                        "select count(*) from opening_rule_run where rule_id = ? "
                                                + "and rule_date = ?",
                                        Integer.class,
                                        rule,
                                        tomorrow()))
                        .isEqualTo(1);
            } finally {
                TestApi.expect(
                        200, a.post("/admin/rules/" + rule + "/active", TestApi.ADMIN_TOKEN, Map.of("active", false)));
            }
        }
    }

    /**
     * A fair draw with entries taken by both nodes: each node's timer fires at the window's close and the
     * opening clock asks too, yet the draw is made once, by one of them, and its winners recorded once.
     */
    @Test
    default void twoNodesTakingEntriesDrawOnce() throws Exception {
        try (ConfigurableApplicationContext nodeB = startSecondNode()) {
            TestApi a = api();
            TestApi b = new TestApi(
                    ((WebServerApplicationContext) nodeB).getWebServer().getPort());
            List<Student> students = a.students(40);
            long court = a.createCourt();
            LocalDateTime flash = now().plusSeconds(2).withNano(0);
            long session = a.createDrawSession(tomorrow(), flash, 2, 1000, false);
            List<Long> slots = a.generateSlots(session, List.of(court), "08:00", "10:00", 60, 5);
            sleepUntil(flash.plusNanos(100_000_000));
            ExecutorService crowd = Executors.newFixedThreadPool(40);
            List<Future<Reply>> entries = new ArrayList<>();
            for (int i = 0; i < students.size(); i++) {
                Student student = students.get(i);
                TestApi node = i % 2 == 0 ? a : b;
                long slot = slots.get(i % 2);
                entries.add(crowd.submit(
                        () -> node.reserve(student, session, slot, List.of(slots.get(1 - slots.indexOf(slot))), null)));
            }
            Map<String, Student> traces = new HashMap<>();
            for (int i = 0; i < entries.size(); i++) {
                Reply entry = entries.get(i).get();
                assertThat(entry.status()).as("%s", entry).isEqualTo(202);
                traces.put(entry.data().path("traceId").asText(), students.get(i));
            }
            crowd.shutdown();
            int won = 0;
            for (Map.Entry<String, Student> trace : traces.entrySet()) {
                TestApi node = won % 2 == 0 ? b : a;
                String status = node.awaitResult(trace.getValue(), trace.getKey(), SETTLE)
                        .data()
                        .path("status")
                        .asText();
                assertThat(status).isIn("SUCCESS", "FAILED");
                won += status.equals("SUCCESS") ? 1 : 0;
            }
            assertThat(won).as("the places of both slots, drawn once").isEqualTo(10);
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'DRAW' and target_id = ?",
                                    Integer.class,
                                    Long.toString(session)))
                    .as("draws made")
                    .isEqualTo(1);
            assertThat(invariants().assertHold(session)).isEqualTo(10);
            JsonNode draw = TestApi.expect(
                            200, b.get("/admin/monitor/rush/" + session + "/history", TestApi.ADMIN_TOKEN))
                    .data()
                    .path("summary")
                    .path("draw");
            assertThat(draw.path("entrants").asLong())
                    .as("read on the other node")
                    .isEqualTo(40);
            assertThat(draw.path("node").asText()).isNotBlank();
        }
    }

    @Test
    default void thePerStudentAttemptLimitCountsAttemptsOnEveryNode() throws Exception {
        try (ConfigurableApplicationContext nodeB = startSecondNode()) {
            TestApi a = api();
            TestApi b = new TestApi(
                    ((WebServerApplicationContext) nodeB).getWebServer().getPort());
            long court = a.createCourt();
            long session = a.createSession(tomorrow(), tomorrow().atTime(7, 0), 2);
            long slot = a.generateSlots(session, List.of(court), "08:00", "09:00", 60, 1)
                    .get(0);
            Student student = a.students(1).get(0);
            // five attempts pass (the gate is closed), taken in turn on A and B; the sixth is refused on either
            for (int i = 0; i < 5; i++) {
                assertThat((i % 2 == 0 ? a : b).reserve(student, session, slot).enumCode())
                        .as("attempt %d", i + 1)
                        .isEqualTo("UNGATED");
            }
            Reply sixth = b.reserve(student, session, slot);
            assertThat(sixth.status()).as("%s", sixth).isEqualTo(429);
            assertThat(a.reserve(student, session, slot).status()).isEqualTo(429);
        }
    }

    /** POST /reserve/ decisions a node has made, all outcomes, as its Prometheus endpoint exports them. */
    default long reserveDecisions(TestApi node) {
        TestApi.RawReply scraped = node.raw("GET", "/actuator/prometheus", TestApi.ADMIN_TOKEN, Map.of(), null);
        assertThat(scraped.status()).as("%s", scraped.body()).isEqualTo(200);
        return Math.round(scraped.body()
                .lines()
                .filter(line -> line.startsWith("courtrush_reserve_requests_seconds_count{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum());
    }

    /**
     * The phone keeps up across nodes (issue 55, decision 32): what the desk and staff do through node A — a
     * check-in, a cancel — is what a page asking node B is told at once: the check-in sheet's question and the
     * badge's change stamp are read from the database both nodes share, with nothing to broadcast.
     */
    @AtGymHours
    default void whatTheDeskDoesOnOneNodeIsWhatAPageAskingTheOtherIsTold(LocalTime hour) throws Exception {
        TestClock.GYM.at(hour);
        Times.clearOfMidnight(Duration.ofMinutes(5));
        try (ConfigurableApplicationContext nodeB = startSecondNode()) {
            TestApi a = api();
            TestApi b = new TestApi(
                    ((WebServerApplicationContext) nodeB).getWebServer().getPort());
            String admin = TestApi.ADMIN_TOKEN;
            long court = a.createCourt();
            long session = a.createSession(tomorrow(), now(), 2);
            List<Long> slots = a.generateSlots(session, List.of(court), "08:00", "10:00", 60, 1);
            Student ann = a.students(1).get(0);
            long paid = a.book(ann, session, slots.get(0));
            a.pay(ann, paid);
            // the slot started a few minutes ago: the desk takes it now
            startSlotAt(slots.get(0), now().minusMinutes(5).withNano(0));
            String state = "/reservations/" + paid + "/check-in/state";
            assertThat(TestApi.expect(200, b.get(state, ann.token()))
                            .data()
                            .path("checkedInTime")
                            .isNull())
                    .isTrue();

            String checkedIn = TestApi.expect(200, a.post("/admin/check-in/" + paid, admin, null))
                    .data()
                    .path("checkedInTime")
                    .asText();
            assertThat(TestApi.expect(200, b.get(state, ann.token()))
                            .data()
                            .path("checkedInTime")
                            .asText())
                    .as("node B, asked right after node A checked it in")
                    .isEqualTo(checkedIn);

            long unpaid = a.book(ann, session, slots.get(1));
            String before = changesOf(b, ann);
            TestApi.expect(200, a.post("/admin/reservations/" + unpaid + "/cancel", admin, Map.of("reason", "rain")));
            assertThat(changesOf(b, ann))
                    .as("node B's stamp after node A's cancel")
                    .isNotEqualTo(before);
            assertThat(changesOf(b, ann)).isEqualTo(changesOf(a, ann));
        }
    }

    private static String changesOf(TestApi node, Student student) {
        return TestApi.expect(200, node.get("/notices/unread", student.token()))
                .data()
                .path("changes")
                .asText();
    }

    /**
     * Both nodes send the official account's notifications with one access token (SPEC §22): it ended, and twenty
     * notifications sent at once, half through each node, fetch one new token between them — WxJava's token lives in
     * the Redis both share, taken under its lock — and WeChat takes each once.
     */
    @Test
    default void twoNodesSendWechatNotificationsWithOneAccessToken() throws Exception {
        WechatPaySimulator sim = PaySimulator.shared();
        TestApi.expect(
                200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(api().port(), true)));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try (ConfigurableApplicationContext nodeB = startSecondNode()) {
            List<WechatAccount> nodes = List.of(bean(WechatAccount.class), nodeB.getBean(WechatAccount.class));
            await("the account set on both nodes")
                    .atMost(Duration.ofSeconds(15))
                    .until(() -> nodes.stream().allMatch(node -> node.appId().isPresent()));
            Map<String, String> data =
                    Map.of("thing1", "Court 1", "time2", "2026年12月1日 08:00~09:00", "phrase3", "待支付", "thing4", "两个节点");
            List<String> users = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                String openId = "o"
                        + java.util
                                .UUID
                                .randomUUID()
                                .toString()
                                .replace("-", "")
                                .substring(0, 27);
                sim.officialAccount().consent(openId, java.util.Set.of("SIM-BOOKING-STATE"));
                users.add(openId);
            }
            nodes.get(0).send(users.get(0), "SIM-BOOKING-STATE", null, data); // a token in Redis, whoever fetched it
            sim.officialAccount().expireTokens();
            int issued = sim.officialAccount().tokensIssued();

            CountDownLatch go = new CountDownLatch(1);
            List<Future<String>> sent = new ArrayList<>();
            for (int i = 1; i < users.size(); i++) {
                WechatAccount node = nodes.get(i % 2);
                String openId = users.get(i);
                sent.add(pool.submit(() -> {
                    go.await();
                    return node.send(openId, "SIM-BOOKING-STATE", null, data);
                }));
            }
            go.countDown();
            for (Future<String> each : sent) {
                assertThat(each.get()).as("WeChat's message id").isNotBlank();
            }
            assertThat(sim.officialAccount().tokensIssued())
                    .as("tokens fetched for both nodes after the one they shared ended")
                    .isEqualTo(issued + 1);
            assertThat(sim.officialAccount().messages().stream()
                            .filter(m -> users.contains(m.toUser()))
                            .map(OfficialAccountServer.Message::toUser))
                    .as("each notification once")
                    .containsExactlyInAnyOrderElementsOf(users);
        } finally {
            pool.shutdownNow();
            TestApi.expect(
                    200,
                    api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(api().port(), false)));
        }
    }

    /** Starts another engine node on the same database, Redis and broker as this test's node. */
    default ConfigurableApplicationContext startSecondNode() throws Exception {
        Environment env = bean(Environment.class);
        Map<String, Object> shared = new LinkedHashMap<>();
        for (String key : List.of(
                "courtrush.infra.mode",
                "spring.datasource.url",
                "spring.datasource.username",
                "spring.datasource.password",
                "spring.data.redis.host",
                "spring.data.redis.port",
                "spring.data.redis.database",
                "courtrush.infra.redis-config-file",
                "spring.rabbitmq.host",
                "spring.rabbitmq.port",
                "spring.rabbitmq.username",
                "spring.rabbitmq.password",
                "spring.rabbitmq.virtual-host",
                "courtrush.admin-token",
                "courtrush.auth.bcrypt-strength",
                "courtrush.auth.sign-in-hold",
                "courtrush.reserve.consumer-backoff",
                "courtrush.pay.wechat-simulator-url")) {
            String value = env.getProperty(key);
            if (value != null) {
                shared.put(key, value);
            }
        }
        shared.put(
                "courtrush.data-dir",
                Files.createTempDirectory("courtrush-node-b-").toString());
        // the WeChat Pay merchant's key folder, which every node needs (docs/payments.md): this node's
        String keys = env.getProperty("courtrush.pay.wechat-key-dir");
        String dataDir = env.getProperty("courtrush.data-dir");
        if (keys == null && dataDir != null) {
            keys = java.nio.file.Path.of(dataDir).resolve("wechatpay").toString();
        }
        if (keys != null) {
            shared.put("courtrush.pay.wechat-key-dir", keys);
        }
        shared.put("spring.jmx.enabled", "false");
        shared.put("server.port", "0");
        // run arguments, not builder properties: those are defaults that application.yml overrides
        String[] args = shared.entrySet().stream()
                .map(e -> "--" + e.getKey() + "=" + e.getValue())
                .toArray(String[]::new);
        return new SpringApplicationBuilder(CourtRushServer.class)
                .initializers(new TestClock.Install())
                .run(args);
    }
}
