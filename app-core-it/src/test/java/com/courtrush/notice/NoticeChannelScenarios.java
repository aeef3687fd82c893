package com.courtrush.notice;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import com.sun.net.httpserver.HttpServer;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Notices by email through a real SMTP server (GreenMail) and to a staff webhook (a local HTTP listener): each
 * sent after its event's commit, retried while the receiver is away, once more never (SPEC §17).
 */
public interface NoticeChannelScenarios extends StackAccess {

    Pattern CODE = Pattern.compile("\\b(\\d{6})\\b");

    @Test
    default void aVerifiedAddressGetsTheStaffCancelOnceEvenAfterTheMailServerWasDownAndResetsAForgottenPassword()
            throws Exception {
        String admin = TestApi.ADMIN_TOKEN;
        int port = freePort();
        GreenMail mail = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        mail.start();
        try {
            // a manager sets up the gym's SMTP server; staff may look, not change
            Map<String, Object> server =
                    Map.of("host", "127.0.0.1", "port", port, "from", "courts@gym.example", "security", "NONE");
            Student desk = api().staffMember("STAFF");
            assertThat(api().put(
                                    "/admin/notice-channels/email",
                                    desk.token(),
                                    Map.of("enabled", true, "server", server))
                            .status())
                    .isEqualTo(403);
            TestApi.expect(
                    200, api().put("/admin/notice-channels/email", admin, Map.of("enabled", true, "server", server)));
            assertThat(TestApi.expect(200, api().get("/admin/notice-channels", desk.token()))
                            .data()
                            .path("emailEnabled")
                            .asBoolean())
                    .isTrue();
            assertThat(TestApi.expect(200, api().get("/auth/options", null))
                            .data()
                            .path("emailReset")
                            .asBoolean())
                    .isTrue();

            // Ann adds her address and proves it hers with the code it was sent
            Student ann = api().students(1).get(0);
            String address = ann.studentId() + "@campus.example";
            assertThat(api().put("/auth/email", ann.token(), Map.of("email", "not an address"))
                            .status())
                    .isEqualTo(400);
            TestApi.expect(200, api().put("/auth/email", ann.token(), Map.of("email", address)));
            assertThat(api().put("/auth/email", ann.token(), Map.of("email", address))
                            .enumCode())
                    .as("one code a minute")
                    .isEqualTo("FAILED");
            String code = codeIn(awaitMail(mail, address, 1).get(0));
            String wrong = code.equals("000000") ? "000001" : "000000";
            assertThat(api().post("/auth/email/verify", ann.token(), Map.of("code", wrong))
                            .status())
                    .isEqualTo(400);
            JsonState verified = JsonState.of(
                    TestApi.expect(200, api().post("/auth/email/verify", ann.token(), Map.of("code", code))));
            assertThat(verified.verified()).isTrue();
            assertThat(verified.email()).isEqualTo(address);

            // staff cancel her booking with a reason: emailed once, in both languages, with a stable Message-ID
            long court = api().createCourt();
            long session = api().createSession(tomorrow(), now(), 3);
            List<Long> slots = api().generateSlots(session, List.of(court), "08:00", "11:00", 60, 1);
            long first = api().book(ann, session, slots.get(0));
            TestApi.expect(
                    200,
                    api().post(
                                    "/admin/reservations/" + first + "/cancel",
                                    admin,
                                    Map.of("reason", "court under repair")));
            List<MimeMessage> cancel = awaitMail(mail, address, 3); // the code, "won", "cancelled"
            MimeMessage cancelled = cancel.stream()
                    .filter(m -> subject(m).contains("Cancelled by the gym"))
                    .findFirst()
                    .orElseThrow();
            assertThat(subject(cancelled)).contains("场馆取消了预约");
            assertThat(text(cancelled)).contains("court under repair").contains("场馆取消了");
            assertThat(cancelled.getHeader("Message-ID")[0])
                    .isEqualTo("<notice-CANCELLED_BY_STAFF." + first + "@gym.example>");
            bean(NoticeEmails.class).sendDue();
            TestApi.sleep(300);
            assertThat(to(mail, address)).as("once").hasSize(3);

            // the mail server goes away: the next notice waits, is tried again, and arrives once it is back
            mail.stop();
            long second = api().book(ann, session, slots.get(1));
            // tried once: taken (attempts counted), then refused (its error kept)
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> jdbc().queryForObject(
                                            "select count(*) from notice where message_id = ? and email_attempts >= 1 "
                                                    + "and email_error is not null",
                                            Integer.class,
                                            "WON:" + second)
                            == 1);
            assertThat(jdbc().queryForMap(
                                    "select email_state, email_error from notice where message_id = ?",
                                    "WON:" + second))
                    .containsEntry("EMAIL_STATE", "PENDING")
                    .hasEntrySatisfying(
                            "EMAIL_ERROR", error -> assertThat((String) error).isNotBlank());
            mail = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
            mail.start();
            List<MimeMessage> after = awaitMail(mail, address, 1);
            assertThat(subject(after.get(0))).contains("You got a court");
            // the server has the mail once the sender's SMTP conversation ends; the sender marks it sent just after
            await().atMost(Duration.ofSeconds(5))
                    .untilAsserted(() -> assertThat(jdbc().queryForObject(
                                            "select email_state from notice where message_id = ?",
                                            String.class,
                                            "WON:" + second))
                            .isEqualTo("SENT"));

            // a forgotten password: a code to the verified address, then a new password; old sign-ins end
            TestApi.expect(200, api().post("/auth/forgot", null, Map.of("studentId", ann.studentId())));
            assertThat(TestApi.expect(200, api().post("/auth/forgot", null, Map.of("studentId", "nobody-here")))
                            .body()
                            .path("message")
                            .asText())
                    .as("the same answer for an account with no address")
                    .contains("If this account has a verified email address");
            MimeMessage reset = awaitMail(mail, address, 2).stream()
                    .filter(m -> subject(m).contains("reset your password"))
                    .findFirst()
                    .orElseThrow();
            String resetCode = codeIn(reset);
            assertThat(api().post(
                                    "/auth/reset",
                                    null,
                                    Map.of("studentId", ann.studentId(), "code", resetCode, "newPassword", "abc"))
                            .status())
                    .as("a password too short is refused before the code is used up")
                    .isEqualTo(400);
            TestApi.expect(
                    200,
                    api().post(
                                    "/auth/reset",
                                    null,
                                    Map.of(
                                            "studentId",
                                            ann.studentId(),
                                            "code",
                                            resetCode,
                                            "newPassword",
                                            "fresh-secret-1")));
            assertThat(api().get("/notices", ann.token()).status()).isEqualTo(401);
            TestApi.expect(
                    200,
                    api().post(
                                    "/auth/login",
                                    null,
                                    Map.of("studentId", ann.studentId(), "password", "fresh-secret-1")));
            assertThat(api().post(
                                    "/auth/reset",
                                    null,
                                    Map.of("studentId", ann.studentId(), "code", resetCode, "newPassword", "again-2")))
                    .extracting(Reply::status)
                    .as("a code works once")
                    .isEqualTo(400);

            // an account the campus directory made has no password here: "forgot password" makes no code for it,
            // and a reset is refused (a local password would let it in after the university stopped vouching)
            long annId = userIdOf(ann);
            jdbc().update("delete from email_code where user_id = ? and purpose = 'RESET'", annId);
            jdbc().update("update user_account set origin = 'CAS' where id = ?", annId);
            TestApi.expect(200, api().post("/auth/forgot", null, Map.of("studentId", ann.studentId())));
            await().during(Duration.ofSeconds(2))
                    .atMost(Duration.ofSeconds(4))
                    .until(() -> jdbc().queryForObject(
                                            "select count(*) from email_code where user_id = ? and purpose = 'RESET'",
                                            Integer.class,
                                            annId)
                            == 0);
            assertThat(api().post(
                                    "/auth/reset",
                                    null,
                                    Map.of("studentId", ann.studentId(), "code", "123456", "newPassword", "theirs-9"))
                            .status())
                    .isEqualTo(400);
            jdbc().update("update user_account set origin = 'LOCAL' where id = ?", annId);

            // asked while the mail server is away, "forgot password" answers as for an account with no address,
            // never a 503 that would tell the two apart
            jdbc().update("delete from email_code where user_id = ? and purpose = 'RESET'", userIdOf(ann));
            mail.stop();
            assertThat(TestApi.expect(200, api().post("/auth/forgot", null, Map.of("studentId", ann.studentId())))
                            .body()
                            .path("message")
                            .asText())
                    .contains("If this account has a verified email address");
        } finally {
            mail.stop();
            emailOff();
        }
    }

    @Test
    default void aSoldOutOpeningReachesTheStaffWebhookOnceRetriedWhileItAnswersAnError() throws Exception {
        String admin = TestApi.ADMIN_TOKEN;
        List<Map<String, String>> received = new CopyOnWriteArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<String> ours = new java.util.concurrent.atomic.AtomicReference<>();
        HttpServer robot = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        robot.createContext("/robot", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String id = exchange.getRequestHeaders().getFirst("X-CourtRush-Message-Id");
            byte[] answer;
            int status;
            if (id != null && id.equals(ours.get()) && calls.getAndIncrement() == 0) {
                status = 500; // the robot's first answer: an error, so the alert is tried again
                answer = "busy".getBytes(StandardCharsets.UTF_8);
            } else {
                status = 200;
                answer = "{\"errcode\":0,\"errmsg\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
            }
            received.add(Map.of("id", String.valueOf(id), "body", body, "status", Integer.toString(status)));
            exchange.sendResponseHeaders(status, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        robot.start();
        try {
            String url = "http://127.0.0.1:" + robot.getAddress().getPort() + "/robot";
            TestApi.expect(200, webhook(admin, true, url, "ROBOT"));
            assertThat(api().put(
                                    "/admin/notice-channels/webhook",
                                    admin,
                                    Map.of("enabled", true, "webhook", Map.of("url", "file:///etc/passwd")))
                            .status())
                    .isEqualTo(400);
            TestApi.expect(200, api().post("/admin/notice-channels/webhook/test", admin, null));

            // an opening's only place is taken: the robot is told it sold out, once, after its error
            long session = api().createSession(tomorrow(), now(), 1);
            String id = "SOLD_OUT:" + session;
            ours.set(id); // other scenarios' openings may sell out meanwhile: this one's first answer is the error
            long slot = api().generateSlots(session, List.of(api().createCourt()), "20:00", "21:00", 60, 1)
                    .get(0);
            api().book(api().students(1).get(0), session, slot);
            await().atMost(Duration.ofSeconds(40))
                    .until(() -> received.stream()
                                    .filter(r -> r.get("id").equals(id)
                                            && r.get("status").equals("200"))
                                    .count()
                            == 1);
            List<Map<String, String>> soldOut = new ArrayList<>(
                    received.stream().filter(r -> r.get("id").equals(id)).toList());
            assertThat(soldOut).extracting(r -> r.get("status")).containsExactly("500", "200");
            assertThat(soldOut.get(1).get("body"))
                    .contains("\"msgtype\":\"text\"")
                    .contains("约满")
                    .contains("sold out within");
            TestApi.sleep(6000); // another look of the watch: told once
            assertThat(received.stream().filter(r -> r.get("id").equals(id))).hasSize(2);
            assertThat(TestApi.expect(200, api().get("/admin/staff-alerts", admin))
                            .data()
                            .findValuesAsText("messageId"))
                    .contains(id);

            // a grant the database cannot record is dead-lettered: the robot is told, with its trace
            long lost = api().createSession(tomorrow(), now(), 1);
            long lostSlot = api().generateSlots(lost, List.of(api().createCourt()), "20:00", "21:00", 60, 1)
                    .get(0);
            String trace = deadLettered(api().students(1).get(0), lost, lostSlot);
            String deadLetter = "DEAD_LETTER:" + trace;
            await().atMost(Duration.ofSeconds(40))
                    .until(() -> received.stream().anyMatch(r -> r.get("id").equals(deadLetter)));
            assertThat(received.stream()
                            .filter(r -> r.get("id").equals(deadLetter))
                            .findFirst()
                            .orElseThrow()
                            .get("body"))
                    .contains(trace);
        } finally {
            robot.stop(0);
            webhookOff();
        }
    }

    /**
     * The webhook posts only where a gym would point it (issue 45): this machine's services, a cloud's metadata
     * service, private and numeric forms are refused when it is turned on, and at a test send a stored address that
     * now resolves to this machine is not posted to. The test says delivered, refused with the receiver's status or
     * unreachable, never what the receiver wrote. (The tests' robot on 127.0.0.1 is allowed as written by the test
     * stack's courtrush.notices.webhook-allow; with nothing allowed it is refused too: WebhookAddressesTest.)
     */
    @Test
    default void theWebhookIsRefusedWhereNoGymWouldPointItAndATestSaysHowItWentInTheEnginesWords() throws Exception {
        String admin = TestApi.ADMIN_TOKEN;
        List<String> received = new CopyOnWriteArrayList<>();
        AtomicInteger status = new AtomicInteger(200);
        HttpServer robot = robot(received, status);
        int port = robot.getAddress().getPort();
        int redis = URI.create(redisson().getConfig().useSingleServer().getAddress())
                .getPort();
        try {
            Map<String, String> refused = new java.util.LinkedHashMap<>();
            refused.put("http://127.0.0.1:" + api().port() + "/admin/courts", "a port of this engine's own services");
            refused.put("http://127.0.0.1:" + redis + "/", "a port of this engine's own services");
            refused.put("http://169.254.169.254/latest/meta-data/", "link-local");
            refused.put("http://2130706433:" + port + "/robot", "as one number");
            refused.put("http://0177.0.0.1:" + port + "/robot", "as one number");
            // forms URI reads no host in (issue 75: they were refused as no http or https address)
            refused.put("http://127.1:" + port + "/robot", "as one number");
            refused.put("http://0x7f.1:" + port + "/robot", "as one number");
            refused.put("http://[::1]:" + port + "/robot", "this machine (a loopback address)");
            refused.put("http://localhost:" + port + "/robot", "this machine (a loopback address)");
            refused.put("http://0.0.0.0:" + port + "/robot", "the unspecified address");
            refused.put("http://10.1.2.3/robot", "a private address");
            refused.forEach((url, why) -> {
                Reply answer = webhook(admin, true, url, "ROBOT");
                assertThat(answer.status()).as(url).isEqualTo(400);
                assertThat(answer.body().path("message").asText())
                        .as(url)
                        .startsWith("The webhook may not post there: ")
                        .contains(why);
            });
            assertThat(TestApi.expect(200, api().get("/admin/notice-channels", admin))
                            .data()
                            .path("webhook")
                            .path("url")
                            .asText())
                    .as("none of them kept")
                    .isNotIn(refused.keySet());

            // the robot, allowed as written: delivered, and the test answer names it with its key masked
            String url = "http://127.0.0.1:" + port + "/robot?key=robot-key-45";
            TestApi.expect(200, webhook(admin, true, url, "ROBOT"));
            Reply delivered = TestApi.expect(200, api().post("/admin/notice-channels/webhook/test", admin, null));
            assertThat(delivered.body().path("message").asText())
                    .isEqualTo("Delivered to http://127.0.0.1:" + port + "/robot?key=********.");
            assertThat(received).contains("/robot?key=robot-key-45");

            // the robot answers 403 with text of its own: refused, with the status only
            status.set(403);
            Reply forbidden = api().post("/admin/notice-channels/webhook/test", admin, null);
            assertThat(forbidden.status()).isEqualTo(409);
            assertThat(forbidden.body().path("message").asText()).isEqualTo("Refused by the receiver (HTTP 403).");
            assertThat(forbidden.raw().body()).doesNotContain("NOAUTH");
            status.set(200);

            // nothing listening there: unreachable
            int closed = freePort();
            TestApi.expect(200, webhook(admin, true, "http://127.0.0.1:" + closed + "/robot", "ROBOT"));
            Reply unreachable = api().post("/admin/notice-channels/webhook/test", admin, null);
            assertThat(unreachable.status()).isEqualTo(409);
            assertThat(unreachable.body().path("message").asText()).startsWith("Unreachable");

            // an address kept before it was checked (or a name that resolves to this machine since): checked again
            // at the send, after the name is resolved, and not posted to
            int before = received.size();
            jdbc().update(
                            "update notice_channel set enabled = true, config = ? where channel = 'WEBHOOK'",
                            "{\"url\":\"http://localhost:" + port + "/robot\",\"format\":\"ROBOT\"}");
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                Reply notSent = api().post("/admin/notice-channels/webhook/test", admin, null);
                assertThat(notSent.status()).isEqualTo(409);
                assertThat(notSent.body().path("message").asText())
                        .isEqualTo("Not sent: it is this machine (a loopback address).");
            });
            assertThat(received).as("nothing posted to it").hasSize(before);
        } finally {
            robot.stop(0);
            webhookOff();
        }
    }

    /**
     * The channels' secrets — the SMTP password, the robot's key in the webhook's URL — are masked for everyone who
     * reads the settings, staff and managers; a manager may ask for them in full, and that is in the audit log; the
     * settings saved again as shown keep them (issue 45).
     */
    @Test
    default void noStaffMemberReadsASecretAndAManagerWhoAsksIsAudited() {
        String admin = TestApi.ADMIN_TOKEN;
        String robotUrl = "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=robot-secret-45";
        TestApi.expect(200, webhook(admin, false, robotUrl, "ROBOT"));
        TestApi.expect(
                200,
                api().put(
                                "/admin/notice-channels/email",
                                admin,
                                Map.of(
                                        "enabled",
                                        false,
                                        "server",
                                        Map.of(
                                                "host",
                                                "smtp.campus.example",
                                                "port",
                                                587,
                                                "username",
                                                "courts",
                                                "password",
                                                "smtp-secret-45",
                                                "from",
                                                "courts@campus.example",
                                                "security",
                                                "STARTTLS"))));
        Student desk = api().staffMember("STAFF");
        Student manager = api().staffMember("MANAGER");
        for (String reader : List.of(desk.token(), manager.token(), admin)) {
            Reply read = TestApi.expect(200, api().get("/admin/notice-channels", reader));
            assertThat(read.raw().body()).doesNotContain("robot-secret-45").doesNotContain("smtp-secret-45");
            assertThat(read.data().path("webhook").path("url").asText())
                    .isEqualTo("https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=********");
            assertThat(read.data().path("email").path("password").asText()).isEqualTo("********");
        }
        assertThat(api().post("/admin/notice-channels/secrets", desk.token(), null)
                        .status())
                .isEqualTo(403);
        Reply shown = TestApi.expect(200, api().post("/admin/notice-channels/secrets", manager.token(), null));
        assertThat(shown.data().path("webhookUrl").asText()).isEqualTo(robotUrl);
        assertThat(shown.data().path("smtpPassword").asText()).isEqualTo("smtp-secret-45");
        assertThat(TestApi.expect(
                                200,
                                api().get(
                                                "/admin/audit?actor=staff:" + manager.studentId()
                                                        + "&action=SHOW_CHANNEL_SECRETS",
                                                admin))
                        .data()
                        .path("records")
                        .findValuesAsText("action"))
                .containsExactly("SHOW_CHANNEL_SECRETS");

        // saved again as shown (the format changed): the key and the password are kept
        TestApi.expect(
                200,
                webhook(
                        manager.token(),
                        false,
                        "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=********",
                        "JSON"));
        Reply again = TestApi.expect(200, api().post("/admin/notice-channels/secrets", admin, null));
        assertThat(again.data().path("webhookUrl").asText()).isEqualTo(robotUrl);
        assertThat(again.data().path("smtpPassword").asText()).isEqualTo("smtp-secret-45");
        assertThat(TestApi.expect(200, api().get("/admin/notice-channels", admin))
                        .data()
                        .path("webhook")
                        .path("format")
                        .asText())
                .isEqualTo("JSON");
    }

    /**
     * A mail server away for longer than an afternoon (issue 45): each email is tried again and again, and given up
     * only after courtrush.notices.retry-for (3 days) — the outbox run as the engine's clock would have it two days,
     * then three days on — then staff are told how many (the webhook), and a manager's "send again" delivers them.
     */
    @Test
    default void anEmailIsTriedForThreeDaysThenGivenUpStaffAreToldHowManyAndSendingAgainDeliversThem()
            throws Exception {
        String admin = TestApi.ADMIN_TOKEN;
        int port = freePort();
        GreenMail mail = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        mail.start();
        List<String> received = new CopyOnWriteArrayList<>();
        Map<String, String> bodies = new java.util.concurrent.ConcurrentHashMap<>();
        HttpServer robot = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        robot.createContext("/robot", exchange -> {
            String id = String.valueOf(exchange.getRequestHeaders().getFirst("X-CourtRush-Message-Id"));
            bodies.put(id, new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            received.add(id);
            byte[] ok = "{\"errcode\":0,\"errmsg\":\"ok\"}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, ok.length);
            exchange.getResponseBody().write(ok);
            exchange.close();
        });
        robot.start();
        try {
            TestApi.expect(
                    200,
                    webhook(
                            admin,
                            true,
                            "http://127.0.0.1:" + robot.getAddress().getPort() + "/robot",
                            "ROBOT"));
            Map<String, Object> server =
                    Map.of("host", "127.0.0.1", "port", port, "from", "courts@gym.example", "security", "NONE");
            TestApi.expect(
                    200, api().put("/admin/notice-channels/email", admin, Map.of("enabled", true, "server", server)));
            Student bo = api().students(1).get(0);
            String address = bo.studentId() + "@campus.example";
            TestApi.expect(200, api().put("/auth/email", bo.token(), Map.of("email", address)));
            String code = codeIn(awaitMail(mail, address, 1).get(0));
            TestApi.expect(200, api().post("/auth/email/verify", bo.token(), Map.of("code", code)));

            // the mail server goes away; two of Bo's notices wait
            mail.stop();
            long session = api().createSession(tomorrow(), now(), 2);
            List<Long> slots = api().generateSlots(session, List.of(api().createCourt()), "14:00", "16:00", 60, 1);
            List<String> ids = List.of(
                    "WON:" + api().book(bo, session, slots.get(0)), "WON:" + api().book(bo, session, slots.get(1)));
            String which = "message_id in ('" + ids.get(0) + "', '" + ids.get(1) + "')";
            // both tried once and waiting for their next try (seconds away), so this node's own runs leave them be
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> jdbc().queryForObject(
                                            "select count(*) from notice where " + which + " and email_attempts >= 1 "
                                                    + "and email_state = 'PENDING' and email_next_time > ?",
                                            Integer.class,
                                            now().plusSeconds(2))
                            == 2);

            // two days on: still tried
            NoticeEmails outbox = bean(NoticeEmails.class);
            outbox.sendDue(now().plusDays(2));
            assertThat(jdbc().queryForList(
                                    "select email_state from notice where " + which + " order by id", String.class))
                    .containsExactly("PENDING", "PENDING");
            assertThat(received).noneMatch(id -> id.startsWith("EMAILS_GIVEN_UP:"));

            // three days on: given up, with a short status of ours
            outbox.sendDue(now().plusDays(3).plusMinutes(1));
            assertThat(jdbc().queryForList(
                                    "select concat(email_state, ' ', email_error) from notice where " + which,
                                    String.class))
                    .containsExactly("FAILED unreachable", "FAILED unreachable");
            // the alert gathers what else is given up for a minute, then goes
            assertThat(received).noneMatch(id -> id.startsWith("EMAILS_GIVEN_UP:"));
            bean(StaffWebhook.class).sendDue(now().plus(StaffAlerts.GATHERING).plusSeconds(5));
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> received.stream().anyMatch(id -> id.startsWith("EMAILS_GIVEN_UP:")));
            String told = bodies.entrySet().stream()
                    .filter(e -> e.getKey().startsWith("EMAILS_GIVEN_UP:"))
                    .findFirst()
                    .orElseThrow()
                    .getValue();
            assertThat(told).contains("已放弃 2 封").contains("Notice emails given up after 72 h of trying: 2.");
            Student desk = api().staffMember("STAFF");
            assertThat(TestApi.expect(200, api().get("/admin/notice-channels", desk.token()))
                            .data()
                            .path("givenUp")
                            .path("emails")
                            .asInt())
                    .isEqualTo(2);

            // the server is back; a staff member may not send them again, a manager does
            mail = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
            mail.start();
            assertThat(api().post("/admin/notice-channels/send-again", desk.token(), null)
                            .status())
                    .isEqualTo(403);
            Reply again = TestApi.expect(200, api().post("/admin/notice-channels/send-again", admin, null));
            assertThat(again.data().path("emails").asInt()).isEqualTo(2);
            assertThat(again.body().path("message").asText()).isEqualTo("Sent again. Emails: 2, staff alerts: 0.");
            List<MimeMessage> delivered = awaitMail(mail, address, 2);
            assertThat(delivered)
                    .extracting(NoticeChannelScenarios::subject)
                    .allMatch(s -> s.contains("You got a court"));
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> jdbc().queryForList(
                                    "select email_state from notice where " + which + " order by id", String.class)
                            .equals(List.of("SENT", "SENT")));
            assertThat(TestApi.expect(200, api().get("/admin/notice-channels", admin))
                            .data()
                            .path("givenUp")
                            .path("emails")
                            .asInt())
                    .isZero();
            assertThat(TestApi.expect(200, api().get("/admin/audit?actor=admin&action=SEND_AGAIN", admin))
                            .data()
                            .path("records")
                            .findValuesAsText("detail"))
                    .contains("emails: 2, staff alerts: 0");
        } finally {
            mail.stop();
            robot.stop(0);
            webhookOff();
            emailOff();
        }
    }

    /** A robot on 127.0.0.1 that keeps each request's path and query and answers {@code status}. */
    private static HttpServer robot(List<String> received, AtomicInteger status) throws IOException {
        HttpServer robot = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        robot.createContext("/robot", exchange -> {
            received.add(exchange.getRequestURI().toString());
            byte[] answer = (status.get() == 200
                            ? "{\"errcode\":0,\"errmsg\":\"ok\"}"
                            : "-NOAUTH Authentication required.")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status.get(), answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        robot.start();
        return robot;
    }

    /** The mail {@code address} received, once it has at least {@code count}. */
    static List<MimeMessage> awaitMail(GreenMail mail, String address, int count) {
        await().atMost(Duration.ofSeconds(30)).until(() -> to(mail, address).size() >= count);
        return to(mail, address);
    }

    static List<MimeMessage> to(GreenMail mail, String address) {
        return Arrays.stream(mail.getReceivedMessages())
                .filter(m -> {
                    try {
                        return Arrays.stream(m.getAllRecipients())
                                .anyMatch(a -> a.toString().equals(address));
                    } catch (jakarta.mail.MessagingException e) {
                        throw new IllegalStateException(e);
                    }
                })
                .toList();
    }

    static String subject(MimeMessage message) {
        try {
            return message.getSubject();
        } catch (jakarta.mail.MessagingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String text(MimeMessage message) {
        try {
            return message.getContent().toString();
        } catch (jakarta.mail.MessagingException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String codeIn(MimeMessage message) {
        Matcher found = CODE.matcher(text(message));
        assertThat(found.find()).as(text(message)).isTrue();
        return found.group(1);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** The email state an answer carries. */
    record JsonState(String email, boolean verified) {
        static JsonState of(Reply reply) {
            return new JsonState(
                    reply.data().path("email").asText(),
                    reply.data().path("verified").asBoolean());
        }
    }

    /** Turns the email channel off again (the engine is shared by every scenario). */
    default void emailOff() {
        api().put(
                        "/admin/notice-channels/email",
                        TestApi.ADMIN_TOKEN,
                        Map.of(
                                "enabled",
                                false,
                                "server",
                                Map.of(
                                        "host",
                                        "127.0.0.1",
                                        "port",
                                        25,
                                        "from",
                                        "courts@gym.example",
                                        "security",
                                        "NONE")));
    }

    /** Sets the staff webhook as {@code token}'s caller: on or off, where, and how its body is written. */
    private Reply webhook(String token, boolean enabled, String url, String format) {
        return api().put(
                        "/admin/notice-channels/webhook",
                        token,
                        Map.of("enabled", enabled, "webhook", Map.of("url", url, "format", format)));
    }

    /** Turns the staff webhook off again. */
    private void webhookOff() {
        webhook(TestApi.ADMIN_TOKEN, false, "http://127.0.0.1:1/off", "ROBOT");
    }
}
