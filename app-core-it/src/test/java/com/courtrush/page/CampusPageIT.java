package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.support.CasServer;
import com.courtrush.support.Chromium;
import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.Keycloak;
import com.courtrush.support.LdapDirectory;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import com.courtrush.support.Times;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The campus sign-in on the students' page in a real Chromium at phone width, through a real OpenID Connect
 * provider: Keycloak ({@code keycloak-quarkus-dist}, the realm of {@code keycloak/courtrush-realm.json}), started once
 * for this class — the only one that needs it — when its OpenID Connect test runs. Students sign in on Keycloak's own
 * login form and book in a rush; another signs in on the page's own form with the password of an LDAP directory
 * ({@link LdapDirectory}) and books. Without a Java 21+ or the Keycloak zip the OpenID Connect test says why and skips
 * (the CAS and LDAP ones run), except under {@code CI=true}, where that fails the run.
 */
@ExtendWith(Chromium.class)
class CampusPageIT extends StackTest {

    private static final int PHONE = 360;
    private static Keycloak keycloak;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void embedded(DynamicPropertyRegistry registry) {
        EmbeddedStack.register(registry, "courtrush-campus-it-");
    }

    /**
     * Keycloak, started for the first test that needs it (the OpenID Connect one): the CAS and LDAP tests run without
     * it. Without a Java 21+ or the zip that test says why and skips, except under {@code CI=true}.
     */
    private static Keycloak keycloak() {
        if (keycloak == null) {
            try {
                keycloak = Keycloak.start();
            } catch (Keycloak.Unavailable missing) {
                if (Keycloak.mustRun()) {
                    throw missing;
                }
                Assumptions.abort("Keycloak cannot run here: " + missing.getMessage());
            }
        }
        return keycloak;
    }

    @AfterAll
    static void stopKeycloak() {
        if (keycloak != null) {
            keycloak.close();
        }
    }

    private Map<String, Object> oidcSettings(String serverUrl) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("enabled", true);
        settings.put("protocol", "OIDC");
        settings.put("label", "");
        settings.put("publicUrl", "http://127.0.0.1:" + port);
        settings.put("serverUrl", serverUrl);
        settings.put("clientId", Keycloak.CLIENT_ID);
        settings.put("clientSecret", "");
        settings.put("idAttribute", "");
        settings.put("nameAttribute", "name");
        settings.put("emailAttribute", "email");
        settings.put("bookAttribute", "affiliation");
        settings.put("bookValues", "student");
        settings.put("staffAttribute", "groups");
        settings.put("staffValues", "gym-staff");
        settings.put("managerValues", "");
        return settings;
    }

    /** Keycloak's own login form: its fields and button. */
    private static void keycloakSignIn(StudentPage page, String username, String password) {
        page.await(d -> !d.findElements(By.id("kc-login")).isEmpty());
        assertThat(page.driver.getCurrentUrl()).startsWith(keycloak.baseUrl());
        page.driver.findElement(By.id("username")).sendKeys(username);
        page.driver.findElement(By.id("password")).sendKeys(password);
        page.driver.findElement(By.id("kc-login")).click();
    }

    /** Back on the page, signed in: else what the browser shows, to say why. */
    private static void awaitSignedIn(StudentPage page, String name) {
        try {
            page.await(d -> page.showsView("slots"));
        } catch (org.openqa.selenium.TimeoutException e) {
            page.screenshot(name + "-campus-not-signed-in");
            throw new AssertionError(
                    "Not signed in after Keycloak: at " + page.driver.getCurrentUrl() + ", showing: "
                            + page.driver.findElement(By.tagName("body")).getText(),
                    e);
        }
    }

    @Test
    void studentsSignInOnTheUniversitysFormInTheirLanguageBookInARushAndAreOfferedItsLogout() {
        Map<String, Object> oidc = oidcSettings(keycloak().issuer());
        TestApi.Reply tried = TestApi.expect(200, api().post("/admin/campus-sign-in/try", TestApi.ADMIN_TOKEN, oidc));
        assertThat(tried.data().path("ok").asBoolean()).as("%s", tried).isTrue();
        TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, oidc));
        keycloak.backChannelLogoutTo("http://127.0.0.1:" + port + "/auth/campus/oidc/logout");
        long court = api().createCourt();

        // not a student at the university: told why, in English (a browser of its own: Keycloak remembers who
        // signed in, and would sign the next one in as this visitor without asking)
        try (StudentPage visitor = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            visitor.open("");
            assertThat(visitor.campusSignInButton().getText()).isEqualTo("Sign in with campus account");
            visitor.pressCampusSignIn();
            keycloakSignIn(visitor, "v3001", "pw-v3001");
            assertThat(visitor.signInError()).containsIgnoringCase("student");
            visitor.screenshot("en-campus-not-allowed");
            assertThat(jdbc().queryForObject(
                                    "select count(*) from user_account where student_id = 'v3001'", Integer.class))
                    .isZero();
        }

        try (StudentPage zh = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port);
                StudentPage en = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            // two students sign in on Keycloak's form, each back on the page in the language they chose
            zh.open("");
            assertThat(zh.campusSignInButton().getText()).contains("统一身份认证");
            zh.screenshot("zh-campus-offer");
            assertThat(zh.accessibilityViolations())
                    .as("WCAG 2.1 AA, the campus offer")
                    .isEmpty();
            zh.pressCampusSignIn();
            keycloakSignIn(zh, "s2026001", "pw-s2026001");
            awaitSignedIn(zh, "zh");
            assertThat(zh.driver.getCurrentUrl()).doesNotContain("campus=");
            assertThat(zh.tabLabel("slots")).isEqualTo("场地");
            zh.screenshot("zh-campus-signed-in");
            // a spent return address opened again (from history): the engine says the sign-in expired, and the
            // student, signed in already, goes on as they were — no sign-in form, no error (issue 75)
            zh.driver.get("http://127.0.0.1:" + port + "/auth/campus/oidc?state=spent&code=spent");
            zh.await(d -> d.getCurrentUrl().equals("http://127.0.0.1:" + port + "/"));
            awaitSignedIn(zh, "zh-reopened");
            assertThat(zh.showsView("signin")).isFalse();

            en.open("");
            en.pressCampusSignIn();
            keycloakSignIn(en, "s2026002", "pw-s2026002");
            awaitSignedIn(en, "en");
            assertThat(en.tabLabel("slots")).isEqualTo("Courts");

            // the rush: each taps a court at the flash time; the engine decides on its own tokens, no call to
            // Keycloak (one place per court). Staff open it once both are signed in, however long Keycloak took;
            // the students pull to refresh
            LocalDateTime flash = Times.now().plusSeconds(10).withNano(0);
            long opening = api().createSession(Times.tomorrow(), flash, 2);
            List<Long> slots = api().generateSlots(opening, List.of(court), "18:00", "20:00", 60, 1);
            long zhSlot = slots.get(0);
            long enSlot = slots.get(1);
            zh.reload();
            en.reload();
            java.time.Instant flashAt = flash.atZone(Times.zone()).toInstant();
            zh.awaitEnabled(zhSlot, flashAt.plusSeconds(5));
            en.awaitEnabled(enSlot, flashAt.plusSeconds(5));
            zh.tap(zh.button(zhSlot));
            en.tap(en.button(enSlot));
            // beside a Keycloak and two browsers on the build machine's two cores the grant's way to "mine" (the
            // broker, the consumer, the page's next ask) took longer than 15 s once in CI: a bound for a stall
            zh.awaitState(zhSlot, "mine", java.time.Duration.ofSeconds(60));
            en.awaitState(enSlot, "mine", java.time.Duration.ofSeconds(60));
            zh.screenshot("zh-campus-won");
            en.screenshot("en-campus-won");
            assertThat(jdbc().queryForList(
                                    "select u.student_id from reservation r join user_account u on u.id = r.user_id "
                                            + "where r.slot_id in (?, ?) order by u.student_id",
                                    String.class,
                                    zhSlot,
                                    enSlot))
                    .containsExactly("s2026001", "s2026002");
            assertThat(jdbc().queryForObject(
                                    "select origin from user_account where student_id = 's2026001'", String.class))
                    .isEqualTo("OIDC");

            // signed out at the university (here by its admin): Keycloak's back-channel logout ends the engine's token
            String enToken = (String) en.js("return JSON.parse(localStorage.getItem('courtrush.session')).token");
            TestApi.expect(200, api().get("/notices", enToken));
            keycloak.logOut("s2026002");
            await().atMost(Duration.ofSeconds(10))
                    .untilAsserted(() ->
                            assertThat(api().get("/notices", enToken).status()).isEqualTo(401));

            // signing out ends the engine's token and offers the university's own logout
            zh.open("#/account");
            zh.await(d -> zh.showsView("account"));
            // the password is the university's: nothing to change here
            assertThat(zh.driver.findElement(By.id("password-form")).isDisplayed())
                    .isFalse();
            assertThat(zh.driver.findElement(By.id("password-campus")).isDisplayed())
                    .isTrue();
            zh.await(d -> !d.findElement(By.id("toast")).isDisplayed()); // the win's toast, over the button
            zh.tap(zh.driver.findElement(By.id("signout")));
            String logout = zh.campusLogoutLink().orElseThrow();
            assertThat(logout).startsWith(keycloak.issuer()).contains("id_token_hint=");
            zh.screenshot("zh-campus-signed-out");
            zh.driver.get(logout);
            zh.await(d -> d.getCurrentUrl().startsWith("http://127.0.0.1:" + port + "/")
                    || !d.findElements(By.id("kc-logout")).isEmpty());
        }
    }

    @Test
    void whenTheUniversitysSignInStopsAnsweringThePageSaysSoAndALocalAccountStillSignsIn() {
        TestApi.Student local = api().students(1).get(0);
        try (CasServer cas = CasServer.start();
                StudentPage page = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            cas.user("s2026009", "pw-s2026009", Map.of("affiliation", List.of("student")));
            Map<String, Object> settings = new LinkedHashMap<>(oidcSettings(cas.prefix()));
            settings.put("protocol", "CAS");
            settings.put("clientId", "");
            settings.put("label", "Campus ID");
            settings.put("staffAttribute", "");
            TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, settings));

            page.open("");
            assertThat(page.campusSignInButton().getText()).isEqualTo("Sign in with Campus ID");
            page.pressCampusSignIn();
            page.await(d -> !d.findElements(By.id("cas-submit")).isEmpty());
            page.driver.findElement(By.id("username")).sendKeys("s2026009");
            page.driver.findElement(By.id("password")).sendKeys("pw-s2026009");
            // the CAS server signs the student in, then stops answering the engine's validation
            cas.hang(Duration.ofSeconds(30));
            page.driver.findElement(By.id("cas-submit")).click();
            assertThat(page.signInError()).contains("not answering");
            page.screenshot("en-campus-down");
            assertThat(page.driver.getCurrentUrl()).doesNotContain("campus-error");

            page.signIn(local.studentId(), TestApi.passwordOf(local));
            page.await(d -> page.showsView("slots"));
        }
    }

    @Test
    void aStudentOfTheDirectorySignsInOnThePagesOwnFormWithTheUniversityPasswordAndBooks() throws Exception {
        long court = api().createCourt();
        try (LdapDirectory directory = LdapDirectory.start();
                StudentPage zh = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port);
                StudentPage en = new StudentPage(Chromium.open(PHONE, "en-US", Duration.ZERO), port)) {
            directory.person("s2026101", "campus-pw-1", "林小雨", "student");
            directory.person("v2026101", "campus-pw-2", "Visitor", "alumni");
            Map<String, Object> settings = directory.settings("http://127.0.0.1:" + port);
            TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, settings));
            try {
                // no page to leave for: the form itself takes the university's id and password, and says so
                zh.open("");
                zh.await(d -> d.findElement(By.id("campus-ldap")).isDisplayed());
                assertThat(zh.driver.findElement(By.id("campus-ldap")).getText())
                        .isEqualTo("统一身份认证的账号和密码也可以在这里直接登录。");
                assertThat(zh.driver.findElement(By.id("campus-offer")).isDisplayed())
                        .isFalse();
                assertThat(zh.driver.findElement(By.id("signin-help")).getText())
                        .as("the university's password is not reset at the desk")
                        .startsWith("统一身份认证的密码由学校管理");
                zh.screenshot("zh-ldap-offer");
                zh.signIn("s2026101", "campus-pw-1");
                zh.await(d -> zh.showsView("slots"));
                zh.screenshot("zh-ldap-signed-in");
                // the password is the university's: a note says where to change it, no form the engine refuses
                zh.open("#/account");
                zh.await(d -> zh.showsView("account"));
                assertThat(zh.driver.findElement(By.id("password-form")).isDisplayed())
                        .isFalse();
                assertThat(zh.driver.findElement(By.id("password-campus")).getText())
                        .isEqualTo("你用统一身份认证登录：密码由学校管理，请在学校的认证系统中修改。");
                zh.screenshot("zh-ldap-account");
                zh.open("");
                zh.await(d -> zh.showsView("slots"));

                // the directory says this one may not book: told so in the page's language, no account. The gym
                // named its sign-in in Chinese: an English page says "campus account"
                en.open("");
                en.await(d -> d.findElement(By.id("campus-ldap")).isDisplayed());
                assertThat(en.driver.findElement(By.id("campus-ldap")).getText())
                        .isEqualTo("Your campus account id and password work in this form too.");
                en.screenshot("en-ldap-offer");
                en.signIn("v2026101", "campus-pw-2");
                assertThat(en.signInError()).contains("may not book");
                en.screenshot("en-ldap-not-allowed");

                // staff open the courts once the student is signed in; the student pulls to refresh
                LocalDateTime flash = Times.now().plusSeconds(10).withNano(0);
                long opening = api().createSession(Times.tomorrow(), flash, 2);
                long slot = api().generateSlots(opening, List.of(court), "18:00", "19:00", 60, 1)
                        .get(0);
                java.time.Instant flashAt = flash.atZone(Times.zone()).toInstant();
                zh.reload();
                zh.awaitEnabled(slot, flashAt.plusSeconds(5));
                zh.tap(zh.button(slot));
                zh.awaitState(slot, "mine");
                zh.screenshot("zh-ldap-won");
                assertThat(jdbc().queryForObject(
                                        "select u.origin from reservation r join user_account u on u.id = r.user_id "
                                                + "where r.slot_id = ?",
                                        String.class,
                                        slot))
                        .isEqualTo("LDAP");
            } finally {
                Map<String, Object> off = new LinkedHashMap<>(settings);
                off.put("enabled", false);
                TestApi.expect(200, api().put("/admin/campus-sign-in", TestApi.ADMIN_TOKEN, off));
            }
        }
    }
}
