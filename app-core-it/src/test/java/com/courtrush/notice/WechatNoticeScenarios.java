package com.courtrush.notice;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.campus.WechatSignInScenarios;
import com.courtrush.paysim.OfficialAccountServer;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The notices also sent as the official account's subscribe notifications (SPEC §22), against the simulator's
 * official account: once per consent, with the template's fields; the inbox carrying each notice once whatever WeChat
 * answers — a refusal (43101), a token that ended mid-send, WeChat down for ten minutes — and staff seeing each
 * delivery.
 */
public interface WechatNoticeScenarios extends WechatSignInScenarios, NoticeChannelScenarios {

    String BOOKING_STATE = "SIM-BOOKING-STATE";
    DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy年M月d日");

    /** The student's WeChat bound as the page binds it: the gym's link in WeChat, then her own sign-in there. */
    private String bind(Student student, String wechatUser) throws Exception {
        Phone phone = new Phone(wechatUser, api().port());
        String offer = WechatSignInScenarios.fragment(phone.opensTheLink(), "wechat-bind");
        HttpResponse<String> bound = phone.post("/auth/wechat/bind", student.token(), Map.of("code", offer));
        assertThat(bound.statusCode()).as(bound.body()).isEqualTo(200);
        return jdbc().queryForObject(
                        "select openid from wechat_openid where user_id = ?", String.class, userIdOf(student));
    }

    /** An official account as a manager types it in {@code PUT /admin/wechat-notices}. */
    private static Map<String, Object> account(String appId, String appSecret, String publicUrl) {
        return Map.of("appId", appId, "appSecret", appSecret, "publicUrl", publicUrl);
    }

    /** What the open tag's "allow" does: WeChat keeps a consent, and the page tells the engine. */
    private void allows(Student student, String openId) {
        sim().officialAccount().consent(openId, Set.of(BOOKING_STATE));
        TestApi.expect(
                200,
                api().post("/notices/wechat/consents", student.token(), Map.of("templateIds", List.of(BOOKING_STATE))));
    }

    /** The student cancels her unpaid booking: a day holds two of a student's (the fair share), and more come. */
    private void cancels(Student student, long reservation) {
        TestApi.expect(200, api().delete("/reserve/" + reservation, student.token()));
    }

    private List<OfficialAccountServer.Message> messagesTo(String openId) {
        return sim().officialAccount().messages().stream()
                .filter(m -> m.toUser().equals(openId))
                .toList();
    }

    /** The notice's delivery, as state and error; it must have one. */
    private String deliveryOf(String messageId) {
        return deliveriesOf(messageId).get(0);
    }

    /**
     * The notice's delivery recorded SENT: WeChat has the message a moment before the engine records what it
     * answered (a loaded machine showed the gap), so what the simulator holds says nothing yet of the row.
     */
    private void awaitSent(String messageId) {
        await("the delivery of " + messageId + " recorded sent")
                .atMost(Duration.ofSeconds(10))
                .until(() -> deliveryOf(messageId).startsWith("SENT"));
    }

    /** The notice's delivery, if one was written: none when no consent was left as the notice was posted. */
    private List<String> deliveriesOf(String messageId) {
        return jdbc().queryForList(
                        "select concat(d.state, ' ', coalesce(d.error, '')) from wechat_delivery d "
                                + "join notice n on n.id = d.notice_id where n.message_id = ?",
                        String.class,
                        messageId);
    }

    private int noticesOf(Student student, String kind) {
        int count = 0;
        for (JsonNode notice : TestApi.expect(200, api().get("/notices?size=50", student.token()))
                .data()
                .path("notices")) {
            if (notice.path("kind").asText().equals(kind)) {
                count++;
            }
        }
        return count;
    }

    /**
     * A manager chooses the won notice's template; a student who allowed it in the page gets her win in WeChat once,
     * with the court, the hours and the state in its keywords; one whose consent WeChat no longer holds is refused
     * (43101), counted so, and has his win in his inbox and his mail once; a token that ended mid-send, WeChat down for
     * ten minutes and its quota spent lose nothing and send nothing twice; one consent sends one of two wins; a muted
     * kind is not sent; staff see each delivery; the inbox carries every notice once throughout.
     */
    @Test
    default void aWinGoesToWechatOncePerConsentAndTheInboxCarriesEveryNoticeWhateverWechatAnswers() throws Exception {
        List<Student> students = api().students(3);
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student desk = api().staffMember("STAFF");
        Map<String, Object> won = Map.of(
                "kind",
                "WON",
                "templateId",
                BOOKING_STATE,
                "fields",
                Map.of("thing1", "COURT", "time2", "TIME", "phrase3", "STATE", "thing4", "TEXT"));
        GreenMail mail = new GreenMail(new ServerSetup(NoticeChannelScenarios.freePort(), "127.0.0.1", "smtp"));
        mail.start();
        try {
            wonInWechat(students, desk, won, mail);
        } finally {
            mail.stop();
        }
    }

    private void wonInWechat(List<Student> students, Student desk, Map<String, Object> won, GreenMail mail)
            throws Exception {
        Student ann = students.get(0);
        Student bob = students.get(1);
        Student cy = students.get(2); // a student tries five times a minute: Cy goes on where Ann stops
        live(() -> {
            // the gym emails notices too: Bob verified his address
            TestApi.expect(
                    200,
                    api().put(
                                    "/admin/notice-channels/email",
                                    ADMIN,
                                    Map.of(
                                            "enabled",
                                            true,
                                            "server",
                                            Map.of(
                                                    "host", "127.0.0.1",
                                                    "port", mail.getSmtp().getPort(),
                                                    "from", "courts@gym.example",
                                                    "security", "NONE"))));
            String bobsAddress = bob.studentId() + "@campus.example";
            TestApi.expect(200, api().put("/auth/email", bob.token(), Map.of("email", bobsAddress)));
            String code = NoticeChannelScenarios.codeIn(
                    NoticeChannelScenarios.awaitMail(mail, bobsAddress, 1).get(0));
            TestApi.expect(200, api().post("/auth/email/verify", bob.token(), Map.of("code", code)));

            // a manager's templates, refused in words when wrong; staff may look, not set
            assertThat(api().put("/admin/wechat-notices", desk.token(), Map.of("templates", List.of(won)))
                            .status())
                    .isEqualTo(403);
            TestApi.Reply wrong = api().put(
                            "/admin/wechat-notices",
                            ADMIN,
                            Map.of(
                                    "templates",
                                    List.of(Map.of(
                                            "kind",
                                            "WON",
                                            "templateId",
                                            BOOKING_STATE,
                                            "fields",
                                            Map.of("thing1", "PRICE")))));
            assertThat(wrong.status()).isEqualTo(400);
            assertThat(wrong.body().path("message").asText()).contains("PRICE");
            JsonNode set = TestApi.expect(
                            200, api().put("/admin/wechat-notices", ADMIN, Map.of("templates", List.of(won))))
                    .data();
            assertThat(set.path("simulated").asBoolean()).isTrue();
            assertThat(set.path("appId").asText()).isEqualTo(sim().kit().appId());
            try {
                String annsWechat = bind(ann, "ann-" + ann.studentId());
                String bobsWechat = bind(bob, "bob-" + bob.studentId());
                JsonNode mine = TestApi.expect(200, api().get("/notices/wechat", ann.token()))
                        .data();
                assertThat(mine.path("available").asBoolean()).isTrue();
                assertThat(mine.path("templates").get(0).path("consents").asInt())
                        .isZero();
                allows(ann, annsWechat);
                // Bob's page said "allowed", but WeChat holds no consent of his (a page from before he said no)
                TestApi.expect(
                        200,
                        api().post(
                                        "/notices/wechat/consents",
                                        bob.token(),
                                        Map.of("templateIds", List.of(BOOKING_STATE))));

                long court = api().createCourt("Court 微信");
                long session = api().createSession(tomorrow(), now(), 10);
                List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "16:00", 60, 2);
                long annsFirst = api().book(ann, session, slots.get(0));
                long bobsFirst = api().book(bob, session, slots.get(0));

                await("Ann's win in WeChat")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> messagesTo(annsWechat).size() == 1);
                OfficialAccountServer.Message first = messagesTo(annsWechat).get(0);
                assertThat(first.templateId()).isEqualTo(BOOKING_STATE);
                assertThat(first.data())
                        .containsEntry("thing1", "Court 微信")
                        .containsEntry("time2", DAY.format(tomorrow()) + " 08:00~09:00")
                        .containsEntry("phrase3", "待支付");
                assertThat(first.data().get("thing4")).hasSizeLessThanOrEqualTo(20);
                assertThat(first.page()).endsWith("#/mine/booking/" + annsFirst);
                await("Bob's refused")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> deliveryOf("WON:" + bobsFirst).startsWith("REFUSED"));
                assertThat(deliveryOf("WON:" + bobsFirst)).contains("43101");
                awaitSent("WON:" + annsFirst);
                assertThat(messagesTo(bobsWechat)).isEmpty();
                // refused by WeChat, Bob's win is in his inbox and his mail once
                NoticeChannelScenarios.awaitMail(mail, bobsAddress, 2);
                TestApi.sleep(1_500);
                assertThat(NoticeChannelScenarios.to(mail, bobsAddress).stream()
                                .map(NoticeChannelScenarios::subject)
                                .filter(subject -> subject.contains("You got a court")))
                        .hasSize(1);
                assertThat(TestApi.expect(200, api().get("/notices/wechat", bob.token()))
                                .data()
                                .path("templates")
                                .get(0)
                                .path("consents")
                                .asInt())
                        .as("Bob's consents, as WeChat told")
                        .isZero();

                // the token ends mid-send: a new one is fetched and the notice goes once
                int tokens = sim().officialAccount().tokensIssued();
                sim().officialAccount().expireTokens();
                allows(ann, annsWechat);
                long annsSecond = api().book(ann, session, slots.get(1));
                await("Ann's second win in WeChat")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> messagesTo(annsWechat).size() == 2);
                assertThat(sim().officialAccount().tokensIssued()).isEqualTo(tokens + 1);
                awaitSent("WON:" + annsSecond);

                // WeChat down for ten minutes: both notices wait, then go once each
                cancels(ann, annsFirst);
                cancels(ann, annsSecond);
                sim().officialAccount().down(true);
                allows(ann, annsWechat);
                allows(ann, annsWechat);
                List<Long> meanwhile =
                        List.of(api().book(ann, session, slots.get(2)), api().book(ann, session, slots.get(3)));
                for (long reservation : meanwhile) {
                    await("tried while WeChat is down")
                            .atMost(Duration.ofSeconds(30))
                            .until(() -> deliveryOf("WON:" + reservation).matches("PENDING \\S.*"));
                }
                WechatNotices outbox = bean(WechatNotices.class);
                outbox.sendDue(now().plusMinutes(5));
                assertThat(messagesTo(annsWechat)).hasSize(2);
                sim().officialAccount().down(false);
                outbox.sendDue(now().plusMinutes(11));
                await("sent after the outage")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> messagesTo(annsWechat).size() == 4);
                for (long reservation : meanwhile) {
                    awaitSent("WON:" + reservation);
                }

                // one consent, two wins at once: the first goes, the second waits for no consent that is not there
                String cysWechat = bind(cy, "cy-" + cy.studentId());
                allows(cy, cysWechat);
                List<Long> twice =
                        List.of(api().book(cy, session, slots.get(4)), api().book(cy, session, slots.get(5)));
                await("sent, and the other skipped or never written")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> twice.stream()
                                .flatMap(reservation -> deliveriesOf("WON:" + reservation).stream())
                                .noneMatch(state -> state.startsWith("PENDING")));
                List<String> ends = twice.stream()
                        .flatMap(reservation -> deliveriesOf("WON:" + reservation).stream())
                        .toList();
                assertThat(ends).filteredOn(state -> state.startsWith("SENT")).hasSize(1);
                assertThat(ends)
                        .filteredOn(state -> !state.startsWith("SENT"))
                        .allMatch(state -> state.equals("SKIPPED no consent left"));
                assertThat(messagesTo(cysWechat)).hasSize(1);
                twice.forEach(reservation -> cancels(cy, reservation));

                // the day's quota spent at WeChat: tried again, sent once it is renewed
                sim().officialAccount().quotaSpent(true);
                allows(cy, cysWechat);
                long quota = api().book(cy, session, slots.get(6));
                await("tried while the quota is spent")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> deliveryOf("WON:" + quota).matches("PENDING .*45009.*"));
                sim().officialAccount().quotaSpent(false);
                outbox.sendDue(now().plusMinutes(12));
                await("sent once renewed")
                        .atMost(Duration.ofSeconds(30))
                        .until(() -> deliveryOf("WON:" + quota).startsWith("SENT"));
                assertThat(messagesTo(cysWechat)).hasSize(2);
                cancels(cy, quota);

                // a kind Cy muted is not sent, though he allowed it
                TestApi.expect(200, api().put("/notices/wechat/muted", cy.token(), Map.of("kinds", List.of("WON"))));
                allows(cy, cysWechat);
                long muted = api().book(cy, session, slots.get(7));
                outbox.sendDue(now().plusMinutes(13));
                assertThat(jdbc().queryForObject(
                                        "select count(*) from wechat_delivery d join notice n on n.id = d.notice_id "
                                                + "where n.message_id = ?",
                                        Integer.class,
                                        "WON:" + muted))
                        .isZero();
                assertThat(messagesTo(cysWechat)).hasSize(2);
                assertThat(messagesTo(annsWechat)).hasSize(4);

                // every notice in the inbox once, whatever WeChat answered
                assertThat(noticesOf(ann, "WON")).isEqualTo(4);
                assertThat(noticesOf(cy, "WON")).isEqualTo(4);
                assertThat(noticesOf(bob, "WON")).isEqualTo(1);

                // staff see each delivery; a manager's test reaches a student who allowed it, and says why not
                JsonNode deliveries = TestApi.expect(200, api().get("/admin/wechat-notices/deliveries", desk.token()))
                        .data();
                assertThat(deliveries.findValuesAsText("state")).contains("SENT", "REFUSED");
                assertThat(deliveries.findValuesAsText("studentId")).contains(ann.studentId(), bob.studentId());
                TestApi.Reply refused = api().post(
                                "/admin/wechat-notices/test",
                                ADMIN,
                                Map.of("kind", "WON", "studentId", bob.studentId()));
                assertThat(refused.status()).isEqualTo(409);
                assertThat(refused.body().path("message").asText()).contains("43101");
                sim().officialAccount().consent(bobsWechat, Set.of(BOOKING_STATE));
                TestApi.expect(
                        200,
                        api().post(
                                        "/admin/wechat-notices/test",
                                        ADMIN,
                                        Map.of("kind", "WON", "studentId", bob.studentId())));
                assertThat(messagesTo(bobsWechat)).hasSize(1);
                assertThat(messagesTo(bobsWechat).get(0).data()).containsEntry("thing1", "测试场地");
            } finally {
                sim().officialAccount().down(false);
                sim().officialAccount().quotaSpent(false);
                TestApi.expect(200, api().put("/admin/wechat-notices", ADMIN, Map.of("templates", List.of())));
                emailOff();
            }
        });
    }

    /**
     * A gym without a WeChat Pay merchant sets its official account on its own ({@code PUT /admin/wechat-notices}):
     * staff cannot; a wrong AppSecret is refused in WeChat's words (40125) and a bad address in the engine's; the right
     * one is tried with WeChat and saved, its AppSecret never answered back. Then the gym's link signs a student in by
     * WeChat through it, and a manager's test reaches her WeChat; saved again without the AppSecret, the one on file
     * stays.
     */
    @Test
    default void aGymWithoutAMerchantSetsItsOwnAccountAndReachesStudentsThroughIt() throws Exception {
        Student ann = api().students(1).get(0);
        Student desk = api().staffMember("STAFF");
        String appId = sim().kit().appId();
        String publicUrl = "http://127.0.0.1:" + api().port();
        Map<String, Object> won = Map.of(
                "kind",
                "WON",
                "templateId",
                BOOKING_STATE,
                "fields",
                Map.of("thing1", "COURT", "time2", "TIME", "phrase3", "STATE", "thing4", "TEXT"));
        // a gym that never set a merchant nor an account: what a fresh one has
        jdbc().update("delete from wechat_pay");
        jdbc().update("delete from wechat_account");
        try {
            await("no account in use")
                    .atMost(Duration.ofSeconds(15))
                    .until(() -> TestApi.expect(200, api().get("/admin/wechat-notices", desk.token()))
                                    .data()
                                    .path("account")
                                    .path("source")
                                    .asText()
                                    .equals("NONE")
                            && !TestApi.expect(200, api().get("/auth/campus", null))
                                    .data()
                                    .path("wechat")
                                    .asBoolean());
            Map<String, Object> account =
                    Map.of("appId", appId, "appSecret", sim().kit().appSecret(), "publicUrl", publicUrl);
            assertThat(api().put("/admin/wechat-notices", desk.token(), Map.of("account", account))
                            .status())
                    .as("staff may look, not set")
                    .isEqualTo(403);
            TestApi.Reply wrongSecret = api().put(
                            "/admin/wechat-notices",
                            ADMIN,
                            Map.of("account", account(appId, "0123456789abcdefWRONG", publicUrl)));
            assertThat(wrongSecret.status()).isEqualTo(409);
            assertThat(wrongSecret.body().path("message").asText()).contains("40125");
            TestApi.Reply badAddress = api().put(
                            "/admin/wechat-notices",
                            ADMIN,
                            Map.of("account", account(appId, sim().kit().appSecret(), "ftp://gym")));
            assertThat(badAddress.status()).isEqualTo(400);
            assertThat(badAddress.body().path("message").asText()).contains("publicUrl");

            TestApi.Reply saved = TestApi.expect(
                    200,
                    api().put("/admin/wechat-notices", ADMIN, Map.of("account", account, "templates", List.of(won))));
            JsonNode state = saved.data().path("account");
            assertThat(state.path("source").asText()).isEqualTo("OWN");
            assertThat(state.path("appId").asText()).isEqualTo(appId);
            assertThat(state.path("publicUrl").asText()).isEqualTo(publicUrl);
            assertThat(state.path("appSecretOnFile").asBoolean()).isTrue();
            assertThat(saved.body().toString())
                    .as("never answered back")
                    .doesNotContain(sim().kit().appSecret());
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'SET_WECHAT_NOTICES'"
                                            + " and target_id = 'WECHAT_ACCOUNT'",
                                    Long.class))
                    .isPositive();

            // the gym's link signs her in through the account, and a manager's test reaches her WeChat
            await("WeChat's sign-in offered")
                    .atMost(Duration.ofSeconds(15))
                    .until(() -> TestApi.expect(200, api().get("/auth/campus", null))
                            .data()
                            .path("wechat")
                            .asBoolean());
            String annsWechat = bind(ann, "own-" + ann.studentId());
            assertThat(jdbc().queryForObject(
                                    "select app_id from wechat_openid where user_id = ?", String.class, userIdOf(ann)))
                    .isEqualTo(appId);
            allows(ann, annsWechat);
            TestApi.expect(
                    200,
                    api().post(
                                    "/admin/wechat-notices/test",
                                    ADMIN,
                                    Map.of("kind", "WON", "studentId", ann.studentId())));
            assertThat(messagesTo(annsWechat)).singleElement().satisfies(message -> {
                assertThat(message.templateId()).isEqualTo(BOOKING_STATE);
                assertThat(message.data()).containsEntry("thing1", "测试场地");
            });
            assertThat(TestApi.expect(200, api().get("/notices/wechat", ann.token()))
                            .data()
                            .path("templates")
                            .get(0)
                            .path("consents")
                            .asInt())
                    .as("the test spent her one consent, at WeChat and in the engine's count")
                    .isZero();
            assertThat(api().post("/admin/wechat-notices/test", ADMIN, Map.of("kind", "WON"))
                            .status())
                    .as("no student named")
                    .isEqualTo(400);
            assertThat(api().post(
                                    "/admin/wechat-notices/test",
                                    ADMIN,
                                    Map.of("kind", "NOPE", "studentId", ann.studentId()))
                            .status())
                    .as("no such kind")
                    .isEqualTo(400);
            assertThat(api().post("/admin/wechat-notices/test", ADMIN, Map.of("kind", "WON", "studentId", "no-such-9"))
                            .status())
                    .as("no such student")
                    .isEqualTo(404);

            // saved again without its AppSecret: the one on file stays, and so does every template
            JsonNode again = TestApi.expect(
                            200,
                            api().put(
                                            "/admin/wechat-notices",
                                            ADMIN,
                                            Map.of("account", Map.of("appId", appId, "publicUrl", publicUrl))))
                    .data();
            assertThat(again.path("account").path("source").asText()).isEqualTo("OWN");
            assertThat(again.path("templates").findValuesAsText("kind")).containsExactly("WON");
        } finally {
            TestApi.expect(200, api().put("/admin/wechat-notices", ADMIN, Map.of("templates", List.of())));
            // the merchant the other scenarios set, as they leave it
            TestApi.expect(
                    200,
                    api().put(
                                    "/admin/wechat-pay",
                                    ADMIN,
                                    com.courtrush.support.PaySimulator.merchant(api().port(), false)));
        }
    }
}
