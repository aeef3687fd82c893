package com.courtrush.campus;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.pay.LivePaymentScenarios;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Signing in by WeChat (SPEC §22) against the simulator's official account, as WeChat's browser goes: the page's
 * start, WeChat's OAuth (snsapi_base: no screen, the simulator's user is the browser's {@code wxsim_user} cookie),
 * the engine's return, the one-time code. Each phone is an HTTP client of its own with its cookies.
 */
public interface WechatSignInScenarios extends LivePaymentScenarios {

    /** A phone inside WeChat, used by the simulator's WeChat user {@code user}. */
    final class Phone {
        private final HttpClient http;
        private final String user;
        private final String engine;

        public Phone(String user, int port) {
            this.http = HttpClient.newBuilder()
                    .cookieHandler(new CookieManager())
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .build();
            this.user = user;
            this.engine = "http://127.0.0.1:" + port;
        }

        /** Opens the gym's link inside WeChat: where the engine sends the page back (its fragment tells). */
        public String opensTheLink() throws Exception {
            HttpResponse<String> start = get(URI.create(engine + "/auth/wechat/start"), null);
            assertThat(start.statusCode()).as(start.body()).isEqualTo(302);
            String authorize = start.headers().firstValue("Location").orElseThrow();
            assertThat(authorize).contains("/connect/oauth2/authorize?").contains("scope=snsapi_base");
            HttpResponse<String> wechat = get(URI.create(authorize.replaceAll("#.*$", "")), "wxsim_user=" + user);
            assertThat(wechat.statusCode()).as(wechat.body()).isEqualTo(302);
            return comesBack(wechat.headers().firstValue("Location").orElseThrow());
        }

        /** Follows WeChat's return to the engine: where the engine sends the page. */
        String comesBack(String returnUrl) throws Exception {
            HttpResponse<String> back = get(URI.create(returnUrl), null);
            assertThat(back.statusCode()).as(back.body()).isEqualTo(302);
            return back.headers().firstValue("Location").orElseThrow();
        }

        public HttpResponse<String> post(String path, String token, Object body) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(engine + path))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(new ObjectMapper().writeValueAsString(body)));
            if (token != null) {
                request.header("Authorization", "Bearer " + token);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }

        private HttpResponse<String> get(URI uri, String cookie) throws Exception {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri);
            if (cookie != null) {
                request.header("Cookie", cookie);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }
    }

    /** What the engine's answer sends the page in its fragment {@code #name=}. */
    static String fragment(String location, String name) {
        String prefix = "/#" + name + "=";
        assertThat(location).as("where the page is sent").contains(prefix);
        return location.substring(location.indexOf(prefix) + prefix.length());
    }

    private static JsonNode data(HttpResponse<String> reply) throws Exception {
        return new ObjectMapper().readTree(reply.body()).path("data");
    }

    /**
     * An unbound WeChat user is offered to bind, and bound only after their own sign-in from the same browser; then
     * the gym's link signs them in with no password. Another WeChat user, another browser, another official account
     * and a staff account get nothing of theirs; a disabled account is not signed in; unbound by the student or by
     * staff, the link offers to bind again.
     */
    @Test
    default void insideWechatABoundStudentIsSignedInAndOnlyTheirOwnSignInBindsThem() throws Exception {
        java.util.List<Student> students = api().students(2);
        Student ann = students.get(0);
        Student bob = students.get(1);
        live(() -> {
            // offered once the official account is set (the page's question is answered as of a few seconds ago)
            org.awaitility.Awaitility.await("WeChat's sign-in offered")
                    .atMost(java.time.Duration.ofSeconds(15))
                    .until(() -> TestApi.expect(200, api().get("/auth/campus", null))
                            .data()
                            .path("wechat")
                            .asBoolean());
            Phone annsPhone = new Phone("ann-" + ann.studentId(), api().port());
            String offer = fragment(annsPhone.opensTheLink(), "wechat-bind");

            // not bound by anyone else's browser, nor before signing in, nor to a staff account
            Phone other = new Phone("eve", api().port());
            other.opensTheLink();
            assertThat(other.post("/auth/wechat/bind", bob.token(), Map.of("code", offer))
                            .statusCode())
                    .as("another browser's offer")
                    .isEqualTo(400);
            assertThat(annsPhone
                            .post("/auth/wechat/bind", null, Map.of("code", offer))
                            .statusCode())
                    .as("before signing in")
                    .isEqualTo(401);
            Student staff = api().staffMember("STAFF");
            assertThat(annsPhone
                            .post("/auth/wechat/bind", staff.token(), Map.of("code", offer))
                            .statusCode())
                    .as("a staff account")
                    .isEqualTo(403);

            HttpResponse<String> bound = annsPhone.post("/auth/wechat/bind", ann.token(), Map.of("code", offer));
            assertThat(bound.statusCode()).as(bound.body()).isEqualTo(200);
            assertThat(annsPhone
                            .post("/auth/wechat/bind", ann.token(), Map.of("code", offer))
                            .statusCode())
                    .as("an offer binds once")
                    .isEqualTo(400);
            assertThat(TestApi.expect(200, api().get("/auth/wechat/binding", ann.token()))
                            .data()
                            .path("bound")
                            .asBoolean())
                    .isTrue();

            // the gym's link now signs Ann in, once per code, in her browser only
            String signedIn = annsPhone.opensTheLink();
            String code = fragment(signedIn, "wechat");
            assertThat(other.post("/auth/wechat/token", null, Map.of("code", code))
                            .statusCode())
                    .as("the code fetched from another browser")
                    .isEqualTo(400);
            HttpResponse<String> token = annsPhone.post("/auth/wechat/token", null, Map.of("code", code));
            assertThat(token.statusCode()).as(token.body()).isEqualTo(200);
            assertThat(data(token).path("studentId").asText()).isEqualTo(ann.studentId());
            String wechatToken = data(token).path("token").asText();
            TestApi.expect(200, api().get("/reservations/mine", wechatToken));
            assertThat(annsPhone
                            .post("/auth/wechat/token", null, Map.of("code", code))
                            .statusCode())
                    .as("a code is fetched once")
                    .isEqualTo(400);
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'SIGN_IN' and target_id = ?"
                                            + " and detail like '%sourceWechat%'",
                                    Long.class, ann.studentId()))
                    .isEqualTo(1L);

            // the same WeChat user at another official account is somebody else there
            String openid = jdbc().queryForObject(
                            "select openid from wechat_openid where user_id = ?", String.class, userIdOf(ann));
            jdbc().update(
                            "insert into wechat_openid (user_id, app_id, openid, create_time) values (?, ?, ?, ?)",
                            userIdOf(bob),
                            "wx0ther0fficial00",
                            openid,
                            java.time.LocalDateTime.now());
            assertThat(fragment(annsPhone.opensTheLink(), "wechat"))
                    .as("still Ann at the gym's account")
                    .isNotBlank();

            // a disabled account is not signed in; enabled again, it is
            long annId = userIdOf(ann);
            TestApi.expect(200, api().post("/admin/students/" + annId + "/active", ADMIN, Map.of("active", false)));
            assertThat(annsPhone.opensTheLink()).endsWith("/#wechat-error=disabled");
            TestApi.expect(200, api().post("/admin/students/" + annId + "/active", ADMIN, Map.of("active", true)));

            // unbound by the student: the link offers to bind again
            String fresh = TestApi.expect(
                            200,
                            api().post(
                                            "/auth/login",
                                            null,
                                            Map.of("studentId", ann.studentId(), "password", TestApi.passwordOf(ann))))
                    .data()
                    .path("token")
                    .asText();
            assertThat(TestApi.expect(200, api().delete("/auth/wechat/binding", fresh))
                            .data()
                            .path("unbound")
                            .asBoolean())
                    .isTrue();
            String again = fragment(annsPhone.opensTheLink(), "wechat-bind");
            // bound again by her own sign-in, then unbound by staff (a lost phone): the link offers to bind again
            HttpResponse<String> rebound = annsPhone.post("/auth/wechat/bind", fresh, Map.of("code", again));
            assertThat(rebound.statusCode()).as(rebound.body()).isEqualTo(200);
            assertThat(TestApi.expect(200, api().delete("/admin/wechat-bindings/" + annId, staff.token()))
                            .data()
                            .path("unbound")
                            .asBoolean())
                    .isTrue();
            assertThat(annsPhone.opensTheLink()).contains("/#wechat-bind=");
            // a return replayed without the browser's cookie signs nobody in
            Phone thief = new Phone("ann-" + ann.studentId(), api().port());
            assertThat(thief.comesBack("http://127.0.0.1:" + api().port() + "/auth/wechat/return?code=x&state=y"))
                    .endsWith("/#wechat-error=expired");
        });
    }
}
