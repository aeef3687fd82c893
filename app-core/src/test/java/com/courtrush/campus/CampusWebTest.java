package com.courtrush.campus;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.campus.api.CampusOffer;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.support.WebSlice;
import jakarta.servlet.http.Cookie;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/** The campus sign-in's doors: what a browser, the directory and staff get back, over HTTP. */
@WebMvcTest(
        controllers = {
            CampusController.class,
            CampusAdminController.class,
            WechatController.class,
            WechatAdminController.class
        })
@WebSlice
class CampusWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    CampusSignIn campus;

    @MockitoBean
    CampusSignInDesk desk;

    @MockitoBean
    WechatSignIn wechat;

    @Test
    void insideWechatTheStartSendsTheBrowserToWechatWithACookieAndTheReturnGoesOnToThePage() throws Exception {
        given(wechat.start(anyString()))
                .willReturn(
                        URI.create("https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect"));
        mvc.perform(get("/auth/wechat/start"))
                .andExpect(status().isFound())
                .andExpect(header().string(
                                "Location",
                                "https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect"))
                .andExpect(header().string(
                                "Set-Cookie",
                                allOf(
                                        containsString(WechatController.COOKIE + "="),
                                        containsString("Path=/auth/wechat"),
                                        containsString("HttpOnly"),
                                        containsString("SameSite=Lax"))));
        given(wechat.returned("s1", "c1", "k1")).willReturn(URI.create("https://gym.example.edu/#wechat=h1"));
        mvc.perform(get("/auth/wechat/return")
                        .param("state", "s1")
                        .param("code", "c1")
                        .cookie(new jakarta.servlet.http.Cookie(WechatController.COOKIE, "k1")))
                .andExpect(status().isFound())
                .andExpect(header().string("Location", "https://gym.example.edu/#wechat=h1"));
        given(wechat.fetch("h1", "k1"))
                .willReturn(new com.courtrush.account.AuthService.LoginResult(
                        "tk",
                        java.time.Instant.parse("2999-01-01T00:00:00Z"),
                        "s1",
                        "Han",
                        com.courtrush.account.api.Role.STUDENT,
                        false));
        mvc.perform(post("/auth/wechat/token")
                        .cookie(new jakarta.servlet.http.Cookie(WechatController.COOKIE, "k1"))
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"code\":\"h1\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.token").value("tk"))
                .andExpect(jsonPath("$.data.wechat").value(true));
        given(wechat.offered()).willReturn(true);
        given(campus.offer()).willReturn(new CampusOffer(false, null, ""));
        mvc.perform(get("/auth/campus")).andExpect(jsonPath("$.data.wechat").value(true));
    }

    @Test
    void bindingIsAStudentsOwnAndStaffUnbindThroughTheDesk() throws Exception {
        mvc.perform(post("/auth/wechat/bind")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"code\":\"o1\"}"))
                .andExpect(status().isUnauthorized());
        mvc.perform(post("/auth/wechat/bind")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"code\":\"o1\"}"))
                .andExpect(status().isForbidden());
        mvc.perform(post("/auth/wechat/bind")
                        .header("Authorization", "Bearer " + STUDENT)
                        .cookie(new jakarta.servlet.http.Cookie(WechatController.COOKIE, "k1"))
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"code\":\"o1\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.bound").value(true));
        org.mockito.Mockito.verify(wechat)
                .bind(any(), org.mockito.ArgumentMatchers.eq("o1"), org.mockito.ArgumentMatchers.eq("k1"));

        given(wechat.bound(any())).willReturn(true);
        given(wechat.offered()).willReturn(true);
        mvc.perform(get("/auth/wechat/binding").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.bound").value(true))
                .andExpect(jsonPath("$.data.offered").value(true));
        given(wechat.unbind(any())).willReturn(true);
        mvc.perform(delete("/auth/wechat/binding").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.unbound").value(true));
        mvc.perform(delete("/auth/wechat/binding").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isForbidden());

        given(desk.unbindWechat(org.mockito.ArgumentMatchers.eq(5L), any())).willReturn(true);
        mvc.perform(delete("/admin/wechat-bindings/5").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isForbidden());
        mvc.perform(delete("/admin/wechat-bindings/5").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.unbound").value(true));
    }

    @Test
    void aStartSendsTheBrowserToTheDirectoryWithACookieThatBindsTheSignInToIt() throws Exception {
        given(campus.start(anyString()))
                .willReturn(
                        CompletableFuture.completedFuture(URI.create("https://cas.example.edu/cas/login?service=x")));
        MvcResult started = mvc.perform(get("/auth/campus/start"))
                .andExpect(request().asyncStarted())
                .andReturn();
        mvc.perform(asyncDispatch(started))
                .andExpect(status().isFound())
                .andExpect(header().string("Location", "https://cas.example.edu/cas/login?service=x"))
                .andExpect(header().string(
                                "Set-Cookie",
                                allOf(
                                        containsString(CampusController.COOKIE + "="),
                                        containsString("Path=/auth/campus"),
                                        containsString("HttpOnly"),
                                        containsString("SameSite=Lax"))));
    }

    @Test
    void theCasServersLogoutRequestIsReadFromTheForm() throws Exception {
        given(campus.casLoggedOut(contains("ST-42"))).willReturn(2);
        mvc.perform(post("/auth/campus/cas")
                        .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                        .param(
                                "logoutRequest",
                                "<samlp:LogoutRequest><samlp:SessionIndex>ST-42</samlp:SessionIndex>"
                                        + "</samlp:LogoutRequest>"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.ended").value(2));
    }

    @Test
    void aCodeWithoutTheBrowsersCookieIsRefusedInTheEnvelope() throws Exception {
        given(campus.fetch(eq("abc"), isNull())).willThrow(CourtRushException.badRequest("campus.codeUsed"));
        mvc.perform(post("/auth/campus/token")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"code\":\"abc\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("sign in again")));
    }

    @Test
    void staffReadTheSettingsWithTheSecretMasked() throws Exception {
        given(desk.settings())
                .willReturn(new CampusSignInSettings(
                        true,
                        CampusProtocol.OIDC,
                        "统一身份认证",
                        "https://gym.example.edu",
                        "https://sso.example.edu/realms/campus",
                        "courtrush",
                        CampusSignInSettings.MASK,
                        "",
                        "name",
                        "email",
                        "affiliation",
                        "student",
                        "groups",
                        "gym-staff",
                        "",
                        ""));
        mvc.perform(get("/admin/campus-sign-in").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.clientSecret").value(CampusSignInSettings.MASK))
                .andExpect(jsonPath("$.data.protocol").value("OIDC"));
        mvc.perform(get("/admin/campus-sign-in")).andExpect(status().isUnauthorized());
    }

    @Test
    void thePageIsToldWhatIsOfferedAndTheDirectorysReturnsGoOnToThePage() throws Exception {
        given(campus.offer()).willReturn(new CampusOffer(true, CampusProtocol.CAS, "统一身份认证"));
        mvc.perform(get("/auth/campus"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.label").value("统一身份认证"));

        given(campus.casReturned("s1", "ST-1", "cookie-1"))
                .willReturn(CompletableFuture.completedFuture(URI.create("https://gym.example.edu/#campus=c1")));
        MvcResult cas = mvc.perform(get("/auth/campus/cas")
                        .param("state", "s1")
                        .param("ticket", "ST-1")
                        .cookie(new Cookie(CampusController.COOKIE, "cookie-1")))
                .andReturn();
        mvc.perform(asyncDispatch(cas))
                .andExpect(status().isFound())
                .andExpect(header().string("Location", "https://gym.example.edu/#campus=c1"));

        given(campus.oidcReturned("s2", null, "access_denied", null))
                .willReturn(
                        CompletableFuture.completedFuture(URI.create("https://gym.example.edu/#campus-error=failed")));
        MvcResult oidc = mvc.perform(
                        get("/auth/campus/oidc").param("state", "s2").param("error", "access_denied"))
                .andReturn();
        mvc.perform(asyncDispatch(oidc))
                .andExpect(status().isFound())
                .andExpect(header().string("Location", "https://gym.example.edu/#campus-error=failed"));
    }

    @Test
    void theProvidersBackChannelLogoutAndTheStudentsSignOutAnswerWhatEnded() throws Exception {
        given(campus.oidcLoggedOut("eyJ.token.sig")).willReturn(CompletableFuture.completedFuture(1));
        MvcResult logout = mvc.perform(post("/auth/campus/oidc/logout")
                        .contentType(MediaType.APPLICATION_FORM_URLENCODED)
                        .param("logout_token", "eyJ.token.sig"))
                .andReturn();
        mvc.perform(asyncDispatch(logout))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.ended").value(1));

        given(campus.signOut(any())).willReturn("https://cas.example.edu/cas/logout?service=x");
        mvc.perform(post("/auth/campus/logout").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.directoryLogout").value("https://cas.example.edu/cas/logout?service=x"));
        mvc.perform(post("/auth/campus/logout")).andExpect(status().isUnauthorized());
    }

    @Test
    void aManagerSavesAndTriesTheSettingsThroughTheDesk() throws Exception {
        CampusSignInSettings none = CampusSignInSettings.none();
        given(desk.save(any(), any())).willReturn(none);
        given(desk.tryIt(any(), any(), any()))
                .willReturn(new CampusTrial(false, "The directory did not answer.", List.of("connect timed out")));
        String body = "{\"enabled\":false,\"protocol\":\"CAS\",\"serverUrl\":\"https://cas.example.edu/cas\"}";
        mvc.perform(put("/admin/campus-sign-in")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.enabled").value(false));
        mvc.perform(post("/admin/campus-sign-in/try")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.ok").value(false))
                .andExpect(jsonPath("$.data.answered[0]").value("connect timed out"));
    }

    private static String contains(String text) {
        return org.mockito.ArgumentMatchers.contains(text);
    }
}
