package com.courtrush.account;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.support.WebSlice;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockAsyncContext;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * Signing in, out and the password, and the security chain's rules: 401 without a token, 403 for the wrong role.
 */
@WebMvcTest(controllers = {AuthController.class})
@WebSlice
class AuthWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    AuthService auth;

    @MockitoBean
    RushHours rushHours;

    @ParameterizedTest
    @ValueSource(
            strings = {"/slots", "/calendar", "/reservations/mine", "/admin/courts", "/reserve/result/abc", "/notices"})
    void withoutATokenTheAnswerIs401(String path) throws Exception {
        mvc.perform(get(path))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.enumCode").value("UNAUTHORIZED"))
                .andExpect(jsonPath("$.code").value(401));
    }

    /** SPEC §21: who I am here, as of this request: the page shows the prices of what I book as. */
    @Test
    void aSignedInStudentIsToldWhatTheyBookAs() throws Exception {
        mvc.perform(get("/auth/me").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.studentId").value("s7"))
                .andExpect(jsonPath("$.data.category").value("STUDENT"));
        mvc.perform(get("/auth/me")).andExpect(status().isUnauthorized());
    }

    @Test
    void aStudentTokenOnAdminIs403() throws Exception {
        mvc.perform(get("/admin/courts").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.enumCode").value("FORBIDDEN"));
        mvc.perform(post("/admin/sessions/1/warmup").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isForbidden());
    }

    @Test
    void theSignInHoldNeedsNoTokenAndSaysHowLongIsLeft() throws Exception {
        given(rushHours.left()).willReturn(Duration.ofMillis(3_250));
        mvc.perform(get("/auth/sign-in-hold"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.held").value(true))
                .andExpect(jsonPath("$.data.msLeft").value(3_250));
        given(rushHours.left()).willReturn(Duration.ZERO);
        mvc.perform(get("/auth/sign-in-hold"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.held").value(false))
                .andExpect(jsonPath("$.data.msLeft").value(0));
    }

    @Test
    void loginNeedsNoTokenAndAnswersOneWithoutHoldingARequestThread() throws Exception {
        given(auth.login("s7", "secret7", "127.0.0.1"))
                .willReturn(CompletableFuture.completedFuture(new AuthService.LoginResult(
                        "tok", Instant.parse("2026-11-23T00:00:00Z"), "s7", "Ann", Role.STUDENT, false)));
        MvcResult hashing = mvc.perform(post("/auth/login")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"studentId\":\"s7\",\"password\":\"secret7\"}"))
                .andExpect(request().asyncStarted())
                .andReturn();
        mvc.perform(asyncDispatch(hashing))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.token").value("tok"));
    }

    /** The students' mix found it: a sign-in that waited past the async timeout in a storm was a 500. */
    @Test
    void aSignInThatOutwaitsTheAsyncTimeoutIs503WithRetryAfterNot500() throws Exception {
        given(auth.login("s7", "secret7", "127.0.0.1")).willReturn(new CompletableFuture<>()); // never hashed
        MvcResult waiting = mvc.perform(post("/auth/login")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"studentId\":\"s7\",\"password\":\"secret7\"}"))
                .andExpect(request().asyncStarted())
                .andReturn();
        MockAsyncContext async = (MockAsyncContext) waiting.getRequest().getAsyncContext();
        for (AsyncListener listener : async.getListeners()) {
            listener.onTimeout(new AsyncEvent(async));
        }
        mvc.perform(asyncDispatch(waiting))
                .andExpect(status().isServiceUnavailable())
                .andExpect(header().string("Retry-After", "5"))
                .andExpect(jsonPath("$.message").value(containsString("try again")));
    }

    @Test
    void aThrottledSignInIs429WithRetryAfter() throws Exception {
        given(auth.login("s7", "guess", "127.0.0.1"))
                .willThrow(new CourtRushException(Outcome.TOO_MANY_REQUESTS, "auth.throttled", 8)
                        .withRetryAfter(Duration.ofSeconds(8)));
        mvc.perform(post("/auth/login")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"studentId\":\"s7\",\"password\":\"guess\"}"))
                .andExpect(status().isTooManyRequests())
                .andExpect(header().string("Retry-After", "8"))
                .andExpect(jsonPath("$.enumCode").value("TOO_MANY_REQUESTS"));
    }

    @Test
    void theAdminTokenDoesNotSignOut() throws Exception {
        org.mockito.BDDMockito.willThrow(CourtRushException.badRequest("auth.adminTokenStays"))
                .given(auth)
                .logout(org.mockito.ArgumentMatchers.any());
        mvc.perform(post("/auth/logout").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("admin token")));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"{}", "{\"currentPassword\":\"old-secret\"}", "{\"currentPassword\":\"\",\"newPassword\":\"x\"}"
            })
    void aPasswordChangeNeedsTheCurrentAndTheNewPassword(String body) throws Exception {
        mvc.perform(post("/auth/password")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
        mvc.perform(post("/auth/password")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"currentPassword\":\"a\",\"newPassword\":\"b\"}"))
                .andExpect(status().isUnauthorized());
    }

    /** A bad id is told in the student's language what an id is: never the validator's regex (issue 75). */
    @Test
    void aStudentIdThatIsNoIdIsToldInPlainWordsInTheStudentsLanguage() throws Exception {
        String body = "{\"studentId\":\"2024 001\",\"password\":\"secret7\"}";
        mvc.perform(post("/auth/login")
                        .header("Accept-Language", "zh-CN")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"))
                .andExpect(jsonPath("$.message").value("学号由 1 到 32 位字母、数字、下划线（_）或连字符（-）组成：请检查输入的学号（不要有空格）。"));
        mvc.perform(post("/auth/login")
                        .header("Accept-Language", "en")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"studentId\":\"s7\",\"password\":\"\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value("Fill in your password."));
    }

    @Test
    void aSignInBodyIsOneJsonValueAndNoMore() throws Exception {
        mvc.perform(post("/auth/login")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"studentId\":\"s7\",\"password\":\"secret7\"} []"))
                .andExpect(status().isBadRequest());
    }
}
