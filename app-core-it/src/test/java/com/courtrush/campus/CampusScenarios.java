package com.courtrush.campus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.reserve.MultiNodeScenarios;
import com.courtrush.support.CampusBrowser;
import com.courtrush.support.CasServer;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The campus sign-in by CAS 3.0 (SPEC §18) against {@link CasServer}, a CAS server written for the tests after the
 * protocol's specification (none can run here), stepping through each redirect as a browser would.
 */
public interface CampusScenarios extends MultiNodeScenarios {

    /** The settings a manager sends for this node and that CAS server. */
    default Map<String, Object> casSettings(CasServer cas) {
        return casSettings(cas.prefix());
    }

    default Map<String, Object> casSettings(String serverUrl) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("enabled", true);
        settings.put("protocol", "CAS");
        settings.put("label", "统一身份认证");
        settings.put("publicUrl", "http://127.0.0.1:" + api().port() + "/");
        settings.put("serverUrl", serverUrl);
        settings.put("clientId", "");
        settings.put("clientSecret", "");
        settings.put("idAttribute", "");
        settings.put("nameAttribute", "displayName");
        settings.put("emailAttribute", "mail");
        settings.put("bookAttribute", "affiliation");
        settings.put("bookValues", "student, graduate");
        settings.put("staffAttribute", "groups");
        settings.put("staffValues", "gym-staff");
        settings.put("managerValues", "gym-managers");
        return settings;
    }

    default void turnOnCas(CasServer cas) {
        Reply saved = TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, casSettings(cas)));
        assertThat(saved.data().path("protocol").asText()).isEqualTo("CAS");
        Reply offer = TestApi.expect(200, api().get("/auth/campus", null));
        assertThat(offer.data().path("enabled").asBoolean()).isTrue();
        assertThat(offer.data().path("label").asText()).isEqualTo("统一身份认证");
    }

    /** Turned off (checked, not tried): the page offers local accounts only again. */
    default void turnOff() {
        Map<String, Object> off = casSettings("http://127.0.0.1:9/cas");
        off.put("enabled", false);
        TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, off));
        assertThat(api().get("/auth/campus", null).data().path("enabled").asBoolean())
                .isFalse();
    }

    private static Map<String, List<String>> student(String name) {
        return Map.of(
                "affiliation", List.of("member", "student"),
                "displayName", List.of(name),
                "mail", List.of("someone@campus.example"));
    }

    @Test
    default void aCasSignInMakesTheAccountAndTheServersSingleLogoutEndsItsTokenOnBothNodes() throws Exception {
        String id = TestApi.unique("cas").replace("-", "");
        try (CasServer cas = CasServer.start();
                ConfigurableApplicationContext nodeB = startSecondNode()) {
            cas.user(id, "pw-" + id, student("林同学"));
            turnOnCas(cas);
            TestApi b = new TestApi(
                    ((WebServerApplicationContext) nodeB).getWebServer().getPort());

            CampusBrowser browser = new CampusBrowser(api().port());
            URI page = browser.casSignInFromTheStart(id, "pw-" + id);
            assertThat(page.getPath()).isEqualTo("/");
            assertThat(page.getPort()).isEqualTo(api().port());
            Reply signedIn = browser.exchange(page);
            assertThat(signedIn.status()).as("%s", signedIn).isEqualTo(200);
            assertThat(signedIn.data().path("studentId").asText()).isEqualTo(id);
            assertThat(signedIn.data().path("name").asText()).isEqualTo("林同学");
            assertThat(signedIn.data().path("role").asText()).isEqualTo("STUDENT");
            assertThat(signedIn.data().path("campus").asBoolean()).isTrue();
            String token = signedIn.data().path("token").asText();
            // the account was made from the directory's attributes, its address taken as verified
            Map<String, Object> account = jdbc().queryForMap(
                            "select origin, display_name, email, email_verified_time, password_hash from user_account "
                                    + "where student_id = ?",
                            id);
            assertThat(account.get("origin")).isEqualTo("CAS");
            assertThat(account.get("email")).isEqualTo("someone@campus.example");
            assertThat(account.get("email_verified_time")).isNotNull();
            assertThat(account.get("password_hash")).isNull();
            // the code is single use
            assertThat(browser.exchange(page).status()).isEqualTo(400);

            // the engine's own token works on either node; the rush never asks the directory
            int validations = cas.validations();
            TestApi.expect(200, api().get("/notices", token));
            TestApi.expect(200, b.get("/notices", token));
            assertThat(cas.validations()).isEqualTo(validations);

            // the student signs out of CAS elsewhere: its single logout ends the engine's token on both nodes
            assertThat(cas.singleLogout(id)).containsExactly(200);
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
                assertThat(api().get("/notices", token).status()).isEqualTo(401);
                assertThat(b.get("/notices", token).status()).isEqualTo(401);
            });
            assertThat(jdbc().queryForList(
                                    "select action from audit_log where target_id = ? order by id", String.class, id))
                    .contains("ACCOUNT_MADE", "SIGN_IN");
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'SINGLE_LOGOUT' and detail like ?",
                                    Integer.class,
                                    "%singleLogout%"))
                    .isPositive();
        } finally {
            turnOff();
        }
    }

    @Test
    default void theDirectoryDecidesWhoBooksAndWhoWorksTheDeskButTheGymsDisableWins() throws Exception {
        String visitor = TestApi.unique("alum").replace("-", "");
        String staff = TestApi.unique("desk").replace("-", "");
        TestApi.Student local = api().students(1).get(0);
        try (CasServer cas = CasServer.start()) {
            cas.user(visitor, "pw", Map.of("affiliation", List.of("alumni"), "displayName", List.of("Visitor")));
            cas.user(staff, "pw", Map.of("affiliation", List.of("staff"), "groups", List.of("gym-staff")));
            cas.user(local.studentId(), "pw", student("Local Student"));
            turnOnCas(cas);

            // not a student: told why, no account made
            URI refused = new CampusBrowser(api().port()).casSignInFromTheStart(visitor, "pw");
            assertThat(CampusBrowser.refusal(refused)).isEqualTo("notAllowed");
            assertThat(jdbc().queryForObject(
                                    "select count(*) from user_account where student_id = ?", Integer.class, visitor))
                    .isZero();

            // a directory staff member: STAFF on the staff API, and no booking
            CampusBrowser desk = new CampusBrowser(api().port());
            Reply staffIn = desk.exchange(desk.casSignInFromTheStart(staff, "pw"));
            assertThat(staffIn.data().path("role").asText()).isEqualTo("STAFF");
            String staffToken = staffIn.data().path("token").asText();
            TestApi.expect(200, api().get("/admin/courts", staffToken));
            assertThat(api().get("/notices", staffToken).status()).isEqualTo(403);
            // …but not a manager's operation
            assertThat(api().put("/admin/campus-sign-in", staffToken, casSettings(cas))
                            .status())
                    .isEqualTo(403);
            // issue 75: CAS has no back channel for a group taken away, so a staff token from it lives an hour at most
            assertThat(lifetime(staffToken)).isPositive().isLessThanOrEqualTo(Duration.ofHours(1));
            // out of the staff group and no student: the next sign-in is refused, and the token held ends with it
            cas.user(staff, "pw", Map.of("affiliation", List.of("staff")));
            URI leftStaff = new CampusBrowser(api().port()).casSignInFromTheStart(staff, "pw");
            assertThat(CampusBrowser.refusal(leftStaff))
                    .as("told what is left to them")
                    .isEqualTo("left");
            assertThat(api().get("/admin/courts", staffToken).status()).isEqualTo(401);

            // a student who first signed in locally is the same account
            long localId = userIdOf(local);
            CampusBrowser phone = new CampusBrowser(api().port());
            URI start = phone.start();
            URI back = phone.casSignIn(start, local.studentId(), "pw");
            Reply same = phone.exchange(phone.returnTo(back));
            assertThat(same.status()).as("%s", same).isEqualTo(200);
            assertThat(lifetime(same.data().path("token").asText())).isGreaterThan(Duration.ofHours(1));
            assertThat(jdbc().queryForObject(
                                    "select id from user_account where student_id = ?", Long.class, local.studentId()))
                    .isEqualTo(localId);
            TestApi.expect(
                    200,
                    api().post(
                                    "/auth/login",
                                    null,
                                    Map.of("studentId", local.studentId(), "password", TestApi.passwordOf(local))));

            // the same return again (a replayed ticket): the sign-in is over
            assertThat(CampusBrowser.refusal(phone.returnTo(back))).isEqualTo("expired");
            // a return from another browser (a wrong cookie, or none) is refused and spends nothing: the rightful
            // browser's return still signs in (issue 75)
            URI stolen = phone.casSignIn(phone.start(), local.studentId(), "pw");
            CampusBrowser other = new CampusBrowser(api().port());
            other.start(); // a cookie of its own
            assertThat(CampusBrowser.refusal(other.returnTo(stolen))).isEqualTo("expired");
            assertThat(CampusBrowser.refusal(new CampusBrowser(api().port()).returnTo(stolen)))
                    .isEqualTo("expired");
            Reply rightful = phone.exchange(phone.returnTo(stolen));
            assertThat(rightful.status()).as("%s", rightful).isEqualTo(200);

            // a staff account the gym made signs in with its password only, whoever the directory says has its id
            TestApi.Student deskLocal = api().staffMember("MANAGER");
            cas.user(deskLocal.studentId(), "pw", Map.of("affiliation", List.of("student")));
            URI asManager = new CampusBrowser(api().port()).casSignInFromTheStart(deskLocal.studentId(), "pw");
            assertThat(CampusBrowser.refusal(asManager)).isEqualTo("failed");
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'SIGN_IN_REFUSED' and target_id = ?",
                                    Integer.class,
                                    deskLocal.studentId()))
                    .isEqualTo(1);

            // the gym disables the account: the directory cannot sign it in
            TestApi.expect(
                    200,
                    api().post("/admin/students/" + localId + "/active", TestApi.ADMIN_TOKEN, Map.of("active", false)));
            URI disabled = new CampusBrowser(api().port()).casSignInFromTheStart(local.studentId(), "pw");
            assertThat(CampusBrowser.refusal(disabled)).isEqualTo("disabled");
        } finally {
            turnOff();
        }
    }

    /** How long a token was issued for: its {@code exp} less its {@code iat}. */
    private static Duration lifetime(String token) throws IOException {
        byte[] payload = Base64.getUrlDecoder().decode(token.split("\\.")[1]);
        JsonNode claims = new ObjectMapper().readTree(payload);
        return Duration.ofSeconds(
                claims.path("exp").asLong() - claims.path("iat").asLong());
    }

    @Test
    default void anAccountStaysWithTheDirectorysPersonWhoFirstSignedInToIt() {
        String number = TestApi.unique("no").replace("-", "");
        try (CasServer cas = CasServer.start()) {
            // the id comes from an attribute: the directory gives two people the same student number
            cas.user("alice", "pw", Map.of("affiliation", List.of("student"), "studentNumber", List.of(number)));
            cas.user("mallory", "pw", Map.of("affiliation", List.of("student"), "studentNumber", List.of(number)));
            Map<String, Object> settings = casSettings(cas);
            settings.put("idAttribute", "studentNumber");
            TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, settings));

            CampusBrowser alice = new CampusBrowser(api().port());
            Reply first = alice.exchange(alice.casSignInFromTheStart("alice", "pw"));
            assertThat(first.data().path("studentId").asText()).isEqualTo(number);
            URI second = new CampusBrowser(api().port()).casSignInFromTheStart("mallory", "pw");
            assertThat(CampusBrowser.refusal(second)).isEqualTo("failed");
            assertThat(jdbc().queryForObject(
                                    "select directory_subject from user_account where student_id = ?",
                                    String.class,
                                    number))
                    .isEqualTo("CAS:alice");
            CampusBrowser again = new CampusBrowser(api().port());
            assertThat(again.exchange(again.casSignInFromTheStart("alice", "pw"))
                            .status())
                    .isEqualTo(200);
        } finally {
            turnOff();
        }
    }

    @Test
    default void aDirectoryThatDoesNotAnswerIsSaidSoWhileLocalAccountsSignIn() throws Exception {
        String id = TestApi.unique("slow").replace("-", "");
        TestApi.Student local = api().students(1).get(0);
        try (CasServer cas = CasServer.start()) {
            cas.user(id, "pw", student("Slow"));
            turnOnCas(cas);
            CampusBrowser browser = new CampusBrowser(api().port());
            URI back = browser.casSignIn(browser.start(), id, "pw");
            cas.hang(Duration.ofSeconds(30));
            CompletableFuture<URI> waiting = CompletableFuture.supplyAsync(() -> browser.returnTo(back));
            // meanwhile a local account signs in as ever
            TestApi.expect(
                    200,
                    api().post(
                                    "/auth/login",
                                    null,
                                    Map.of("studentId", local.studentId(), "password", TestApi.passwordOf(local))));
            URI page = waiting.get(20, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(CampusBrowser.refusal(page)).isEqualTo("down");

            cas.hang(Duration.ZERO);
            cas.stop();
            CampusBrowser again = new CampusBrowser(api().port());
            URI login = again.start();
            cas.resume();
            URI ticketBack = again.casSignIn(login, id, "pw");
            cas.stop();
            assertThat(CampusBrowser.refusal(again.returnTo(ticketBack))).isEqualTo("down");
            cas.resume();

            // a manager's try says what the directory answered
            Reply tried =
                    TestApi.expect(200, api().post("/admin/campus-sign-in/try", TestApi.ADMIN_TOKEN, casSettings(cas)));
            assertThat(tried.data().path("ok").asBoolean()).as("%s", tried).isTrue();
            cas.stop();
            Reply down =
                    TestApi.expect(200, api().post("/admin/campus-sign-in/try", TestApi.ADMIN_TOKEN, casSettings(cas)));
            assertThat(down.data().path("ok").asBoolean()).isFalse();
            // and turning it on against a directory that does not answer is refused
            assertThat(api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, casSettings(cas))
                            .status())
                    .isEqualTo(409);
        } finally {
            turnOff();
        }
    }
}
