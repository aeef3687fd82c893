package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.audit.AuditTrail;
import com.courtrush.backup.DatabaseBackups;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.court.CourtService;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.monitor.QueueMonitor;
import com.courtrush.monitor.RushHistory;
import com.courtrush.monitor.RushMonitor;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.SessionState;
import com.courtrush.pay.PaymentService;
import com.courtrush.pay.RefundService;
import com.courtrush.pay.ReservationDetails;
import com.courtrush.recurring.OpeningRules;
import com.courtrush.recurring.RulePlanner;
import com.courtrush.recurring.RuleRunner;
import com.courtrush.report.ReportExports;
import com.courtrush.report.SalesReports;
import com.courtrush.reserve.decide.ReserveResults;
import com.courtrush.reserve.decide.ReserveService;
import com.courtrush.reserve.decide.ResultStatus;
import com.courtrush.reserve.lifecycle.MyReservations;
import com.courtrush.reserve.lifecycle.ReservationCancellation;
import com.courtrush.reserve.lifecycle.ReservationQueries;
import com.courtrush.reserve.pass.BookingPasses;
import com.courtrush.reserve.record.ReservationMapper;
import com.courtrush.reserve.recover.DeadLetterActions;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.slot.SlotEditor;
import com.courtrush.slot.SlotGenerator;
import com.courtrush.slot.SlotListing;
import com.courtrush.staff.SlotWithdrawal;
import com.courtrush.staff.StaffSettings;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisson.client.RedisConnectionException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockAsyncContext;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * The HTTP contract as a web slice: the real controllers, security rules, validation and error
 * handler, with the engine behind them mocked. Every outcome maps to its status; bad input is a
 * 4xx with a clear message, never a 5xx; the security rules hold.
 */
@WebMvcTest(properties = {"courtrush.data-dir=target/contract-test", "courtrush.reserve.confirm-wait=1s"})
@Import({SecurityConfig.class, SecurityErrorWriter.class, RecentStudents.class, ApiContractTest.Fixed.class})
class ApiContractTest {

    static final String STUDENT = "student-token";
    static final String STAFF = "staff-token";

    @Autowired
    MockMvc mvc;

    @Autowired
    ObjectMapper mapper;

    @MockitoBean
    TokenService tokens;

    @MockitoBean
    AuthService auth;

    @MockitoBean
    StudentDirectory students;

    @MockitoBean
    CourtService courts;

    @MockitoBean
    OpeningService openings;

    @MockitoBean
    SlotGenerator generator;

    @MockitoBean
    SlotListing listing;

    @MockitoBean
    ReserveService reserve;

    @MockitoBean
    ReserveResults results;

    @MockitoBean
    ReservationMapper reservations;

    @MockitoBean
    MyReservations mine;

    @MockitoBean
    ReservationQueries queries;

    @MockitoBean
    Reconciler reconciler;

    @MockitoBean
    ReservationCancellation cancellation;

    @MockitoBean
    PaymentService payments;

    @MockitoBean
    RefundService refunds;

    @MockitoBean
    RushMonitor rushMonitor;

    @MockitoBean
    RushHistory rushHistory;

    @MockitoBean
    DatabaseBackups backups;

    @MockitoBean
    SlotEditor slotEditor;

    @MockitoBean
    SlotWithdrawal slotWithdrawal;

    @MockitoBean
    AuditTrail auditTrail;

    @MockitoBean
    ReservationDetails reservationDetails;

    @MockitoBean
    QueueMonitor queueMonitor;

    @MockitoBean
    DeadLetterActions deadLetters;

    @MockitoBean
    StaffAccounts staffAccounts;

    @MockitoBean
    StaffSettings staffSettings;

    @MockitoBean
    SalesReports salesReports;

    @MockitoBean
    ReportExports reportExports;

    @MockitoBean
    OpeningRules openingRules;

    @MockitoBean
    RulePlanner rulePlanner;

    @MockitoBean
    RuleRunner ruleRunner;

    @MockitoBean
    BookingPasses bookingPasses;

    @MockitoBean
    RushHours rushHours;

    @MockitoBean
    com.courtrush.attendance.CheckIns checkIns;

    @MockitoBean
    com.courtrush.attendance.Strikes strikes;

    @MockitoBean
    com.courtrush.attendance.WalkIns walkIns;

    @MockitoBean
    com.courtrush.calendar.CalendarFeeds calendarFeeds;

    @MockitoBean
    com.courtrush.notice.Notices notices;

    @MockitoBean
    com.courtrush.notice.EmailAddresses emailAddresses;

    @MockitoBean
    com.courtrush.notice.FlashReminders flashReminders;

    @MockitoBean
    com.courtrush.notice.NoticeChannels noticeChannels;

    @MockitoBean
    com.courtrush.notice.ChannelSetup channelSetup;

    @MockitoBean
    com.courtrush.reserve.record.DrawRecords drawRecords;

    @MockitoBean
    com.courtrush.partner.Partners partners;

    @MockitoBean
    com.courtrush.reserve.waitlist.Waitlists waitlists;

    @MockitoBean
    com.courtrush.reserve.decide.OfferAcceptance offerAcceptance;

    // the staff controllers' one door to the engine: their desks
    @MockitoBean
    com.courtrush.court.api.CourtDesk courtDesk;

    @MockitoBean
    com.courtrush.opening.api.OpeningDesk openingDesk;

    @MockitoBean
    com.courtrush.slot.api.SlotDesk slotDesk;

    @MockitoBean
    com.courtrush.reserve.api.ReservationDesk reservationDesk;

    @MockitoBean
    com.courtrush.pay.api.PaymentDesk paymentDesk;

    @MockitoBean
    com.courtrush.monitor.api.MonitorDesk monitorDesk;

    @MockitoBean
    com.courtrush.backup.api.BackupDesk backupDesk;

    @MockitoBean
    com.courtrush.audit.api.AuditDesk auditDesk;

    @MockitoBean
    com.courtrush.account.api.StaffAccountDesk staffAccountDesk;

    @MockitoBean
    com.courtrush.account.api.StudentDesk studentDesk;

    @MockitoBean
    com.courtrush.staff.api.StaffDesk staffDesk;

    @MockitoBean
    com.courtrush.report.api.ReportDesk reportDesk;

    @MockitoBean
    com.courtrush.recurring.api.RuleDesk ruleDesk;

    @MockitoBean
    com.courtrush.attendance.api.AttendanceDesk attendanceDesk;

    @MockitoBean
    com.courtrush.notice.api.NoticeDesk noticeDesk;

    @TestConfiguration
    @EnableConfigurationProperties(CourtRushProperties.class)
    static class Fixed {
        @Bean
        Clock clock() {
            return Clock.fixed(Instant.parse("2026-11-22T05:00:00Z"), ZoneId.of("Asia/Shanghai"));
        }

        /** The web slice has no metrics auto-configuration; the body filter counts what it waited for. */
        @Bean
        MeterRegistry meters() {
            return new SimpleMeterRegistry();
        }
    }

    @BeforeEach
    void tokens() {
        given(tokens.authenticate(STUDENT))
                .willReturn(new Caller(
                        7L, "s7", Role.STUDENT, "jti-7", Instant.now().plusSeconds(3600)));
        given(tokens.authenticate(STAFF)).willReturn(Caller.admin());
    }

    // --- authentication and authorization ------------------------------------------------------

    @ParameterizedTest
    @ValueSource(
            strings = {"/slots", "/calendar", "/reservations/mine", "/admin/courts", "/reserve/result/abc", "/notices"})
    void withoutATokenTheAnswerIs401(String path) throws Exception {
        mvc.perform(get(path))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.enumCode").value("UNAUTHORIZED"))
                .andExpect(jsonPath("$.code").value(401));
    }

    @Test
    void aBadTokenIs401EvenOnAPublicEndpoint() throws Exception {
        mvc.perform(get("/ping").header("Authorization", "Bearer forged"))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.message").value(containsString("log in again")));
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
    void theAdminTokenCannotReserve() throws Exception {
        mvc.perform(reserveRequest(STAFF, "{\"sessionId\":1,\"slotId\":2}")).andExpect(status().isForbidden());
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
                        "tok", Instant.parse("2026-11-23T00:00:00Z"), "s7", "Ann", Role.STUDENT)));
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
            strings = {
                "/index.html",
                "/assets/account.js",
                "/assets/api.js",
                "/assets/app.js",
                "/assets/bookings-store.js",
                "/assets/bookings.js",
                "/assets/clock.js",
                "/assets/court-rows.js",
                "/assets/courts-store.js",
                "/assets/courts.js",
                "/assets/dom.js",
                "/assets/i18n.js",
                "/assets/notices.js",
                "/assets/page-store.js",
                "/assets/passes.js",
                "/assets/reserve.js",
                "/assets/sheets.js",
                "/assets/signin.js",
                "/assets/store.js",
                "/assets/tap-store.js",
                "/assets/tap.js",
                "/assets/views.js",
                "/assets/app.css"
            })
    void theStudentsPageIsServedWithoutATokenUnderAStrictContentSecurityPolicy(String path) throws Exception {
        mvc.perform(get(path))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Security-Policy", containsString("script-src 'self';")))
                .andExpect(header().string("Content-Security-Policy", containsString("frame-ancestors 'none'")))
                .andExpect(header().string("Content-Security-Policy", not(containsString("unsafe"))))
                .andExpect(header().string("Cache-Control", "no-cache"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x10", "010x", "+16", "1e3", "16.0"})
    void idsInPathsArePlainDecimals(String id) throws Exception {
        mvc.perform(get("/pay/reservation/" + id).header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @Test
    void aJsonBodyIsOneValueAndNoMore() throws Exception {
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}{\"x\":1}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
        mvc.perform(post("/auth/login")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"studentId\":\"s7\",\"password\":\"secret7\"} []"))
                .andExpect(status().isBadRequest());
    }

    @Test
    void aReserveBodyLargerThanTwoNumbersIsRefusedBeforeItIsRead() throws Exception {
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2" + " ".repeat(300) + "}"))
                .andExpect(status().isPayloadTooLarge())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @Test
    void aDatabaseThatCannotBeReachedIs503WithRetryAfterHoweverTheFailureIsWrapped() throws Exception {
        given(openings.between(org.mockito.ArgumentMatchers.any(), org.mockito.ArgumentMatchers.any()))
                .willThrow(new org.mybatis.spring.MyBatisSystemException(
                        "getting a connection",
                        new org.springframework.jdbc.CannotGetJdbcConnectionException(
                                "Failed to obtain JDBC Connection",
                                new java.sql.SQLTransientConnectionException("Connection is not available"))));
        mvc.perform(get("/calendar").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isServiceUnavailable())
                .andExpect(header().string("Retry-After", "5"))
                .andExpect(jsonPath("$.enumCode").value("ERROR"))
                .andExpect(jsonPath("$.message").value(containsString("unavailable")));
    }

    @Test
    void theCalendarSaysTheGymsTodayAndTheOpeningsFromThen() throws Exception {
        ReserveSession next = new ReserveSession();
        next.setId(4L);
        next.setSessionDate(LocalDate.parse("2026-11-23"));
        next.setFlashTime(LocalDateTime.parse("2026-11-22T13:00:00"));
        next.setState(SessionState.SCHEDULED);
        // the fixed clock is 13:00 on 2026-11-22 in Shanghai (05:00 UTC)
        given(openings.between(LocalDate.parse("2026-11-22"), LocalDate.parse("2026-12-06")))
                .willReturn(List.of(next));
        mvc.perform(get("/calendar").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.today").value("2026-11-22"))
                .andExpect(jsonPath("$.data.zone").value("Asia/Shanghai"))
                .andExpect(jsonPath("$.data.openings[0].sessionId").value(4))
                .andExpect(jsonPath("$.data.openings[0].sessionDate").value("2026-11-23"))
                .andExpect(jsonPath("$.data.openings[0].flashTime").value("2026-11-22T13:00:00"))
                .andExpect(jsonPath("$.data.openings[0].state").value("SCHEDULED"));
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

    // --- every outcome with its HTTP status ----------------------------------------------------

    @Test
    void aGrantIs202WithItsTraceId() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willReturn(CompletableFuture.completedFuture(
                        new ReserveService.Accepted("0123456789abcdef0123456789abcdef", ResultStatus.PENDING, null)));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isAccepted())
                .andExpect(header().string("X-Content-Type-Options", "nosniff"))
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.traceId").value("0123456789abcdef0123456789abcdef"));
    }

    @Test
    void aDrawEntryIs202WithWhenTheDrawIsMadeAndTheSlotsItNames() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willReturn(CompletableFuture.completedFuture(
                        new ReserveService.Accepted("0123456789abcdef0123456789abcdef", ResultStatus.PENDING, 1200L)));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2,\"fallbackSlotIds\":[3,4]}"))
                .andExpect(status().isAccepted())
                .andExpect(jsonPath("$.data.traceId").value("0123456789abcdef0123456789abcdef"))
                .andExpect(jsonPath("$.data.drawClosesInMs").value(1200))
                .andExpect(jsonPath("$.message").value(containsString("draw")));
        verify(reserve).reserve(anyLong(), eq(1L), eq(2L), eq(List.of(3L, 4L)), anyString(), any());
    }

    @Test
    void aGrantConfirmedWithinTheWaitIsAnsweredByTheRequestThread() throws Exception {
        settledSoonAfterTheDecision(confirm -> confirm.complete(
                new ReserveService.Accepted("0123456789abcdef0123456789abcdef", ResultStatus.PENDING, null)));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(request().asyncNotStarted())
                .andExpect(status().isAccepted())
                .andExpect(header().string("X-Content-Type-Options", "nosniff"))
                .andExpect(jsonPath("$.data.traceId").value("0123456789abcdef0123456789abcdef"));
    }

    @Test
    void aGrantTheBrokerRefusesWithinTheWaitIs503Failed() throws Exception {
        settledSoonAfterTheDecision(confirm ->
                confirm.completeExceptionally(new CourtRushException(Outcome.FAILED, "reserve.publishRefused")
                        .withStatus(HttpStatus.SERVICE_UNAVAILABLE)));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(request().asyncNotStarted())
                .andExpect(status().isServiceUnavailable())
                .andExpect(jsonPath("$.enumCode").value("FAILED"));
    }

    /** The broker answers 50 ms after the decision: within the request thread's wait (1 s here). */
    private void settledSoonAfterTheDecision(Consumer<CompletableFuture<ReserveService.Accepted>> broker) {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willAnswer(decided -> {
                    CompletableFuture<ReserveService.Accepted> confirm = new CompletableFuture<>();
                    CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS).execute(() -> broker.accept(confirm));
                    return confirm;
                });
    }

    @Test
    void aGrantWhoseConfirmIsSlowIsAnsweredByTheThreadThatBringsIt() throws Exception {
        CompletableFuture<ReserveService.Accepted> confirm = new CompletableFuture<>();
        MvcResult waiting = waitingForTheBroker(confirm, reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"));
        assertThat(waiting.getResponse().getContentAsString()).isEmpty();

        // the broker's confirm arrives on this thread: the answer is written and the request completed here,
        // with no second dispatch
        confirm.complete(new ReserveService.Accepted("0123456789abcdef0123456789abcdef", ResultStatus.PENDING, null));
        MockHttpServletResponse answer = completed(waiting);
        assertThat(answer.getStatus()).isEqualTo(202);
        assertThat(answer.getHeader("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(answer.getHeader("Cache-Control")).contains("no-store");
        assertThat(answer.getContentType()).startsWith(MediaType.APPLICATION_JSON_VALUE);
        assertThat(json(answer).path("enumCode").asText()).isEqualTo("SUCCESS");
        assertThat(json(answer).path("data").path("traceId").asText()).isEqualTo("0123456789abcdef0123456789abcdef");
    }

    @Test
    void aGrantTheBrokerRefusesAfterTheWaitIs503Failed() throws Exception {
        CompletableFuture<ReserveService.Accepted> confirm = new CompletableFuture<>();
        MvcResult waiting = waitingForTheBroker(
                confirm,
                reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}").header("Accept-Language", "zh-CN"));

        confirm.completeExceptionally(
                new CompletionException(new CourtRushException(Outcome.FAILED, "reserve.publishRefused")
                        .withStatus(HttpStatus.SERVICE_UNAVAILABLE)));
        MockHttpServletResponse answer = completed(waiting);
        assertThat(answer.getStatus()).isEqualTo(503);
        assertThat(json(answer).path("enumCode").asText()).isEqualTo("FAILED");
        assertThat(json(answer).path("message").asText()).contains("已释放");
    }

    @Test
    void aGrantThatFailsUnexpectedlyAfterTheWaitIsAnErrorWithAReference() throws Exception {
        CompletableFuture<ReserveService.Accepted> confirm = new CompletableFuture<>();
        MvcResult waiting = waitingForTheBroker(confirm, reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"));

        confirm.completeExceptionally(new RedisConnectionException("injected: Redis went away while compensating"));
        MockHttpServletResponse answer = completed(waiting);
        assertThat(answer.getStatus()).isEqualTo(503);
        assertThat(json(answer).path("enumCode").asText()).isEqualTo("ERROR");
        assertThat(json(answer).path("message").asText()).containsPattern("[0-9a-f]{8}");
    }

    @ParameterizedTest
    @CsvSource({
        "UNGATED,409",
        "DUP_REQ,409",
        "QUOTA_EXCEEDED,409",
        "OUT_OF_STOCK,409",
        "PASS_REQUIRED,409",
        "BLOCKED,409",
        "PARAM_ERROR,400",
        "NOT_FOUND,404",
        "FORBIDDEN,403",
        "FAILED,409",
        "TOO_MANY_REQUESTS,429"
    })
    void eachRefusalHasItsStatus(Outcome outcome, int httpStatus) throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willThrow(new CourtRushException(outcome, "because"));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().is(httpStatus))
                .andExpect(jsonPath("$.enumCode").value(outcome.name()))
                .andExpect(jsonPath("$.code").value(outcome.code()))
                .andExpect(jsonPath("$.message").value("because"))
                .andExpect(header().string("X-Content-Type-Options", "nosniff"));
    }

    @Test
    void tooManyRequestsSaysWhenToRetry() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willThrow(new CourtRushException(Outcome.TOO_MANY_REQUESTS, "slow down")
                        .withRetryAfter(Duration.ofMillis(12_300)));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isTooManyRequests())
                .andExpect(header().string("Retry-After", "13"));
    }

    @Test
    void outOfStockCarriesAlternatives() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willThrow(new CourtRushException(Outcome.OUT_OF_STOCK, "sold out")
                        .withData(Map.of(
                                "alternatives",
                                List.of(Map.of(
                                        "slotId",
                                        3,
                                        "courtName",
                                        "A",
                                        "startTime",
                                        "09:00",
                                        "endTime",
                                        "10:00",
                                        "permitsLeft",
                                        1)))));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.data.alternatives[0].slotId").value(3))
                .andExpect(jsonPath("$.data.alternatives[0].permitsLeft").value(1));
    }

    @Test
    void aBrokerRefusalIs503Failed() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willThrow(
                        new CourtRushException(Outcome.FAILED, "released").withStatus(HttpStatus.SERVICE_UNAVAILABLE));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isServiceUnavailable())
                .andExpect(jsonPath("$.enumCode").value("FAILED"));
    }

    @Test
    void redisDownIs503WithoutInternals() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willThrow(new RedisConnectionException("Unable to connect to Redis server: 10.0.0.9/10.0.0.9:6379"));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isServiceUnavailable())
                .andExpect(jsonPath("$.enumCode").value("ERROR"))
                .andExpect(jsonPath("$.message").value(not(containsString("10.0.0.9"))));
    }

    @Test
    void anUnexpectedFailureIs500WithAReferenceAndNoStackTrace() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willThrow(new IllegalStateException("secret internal detail"));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isInternalServerError())
                .andExpect(jsonPath("$.message").value(containsString("reference")))
                .andExpect(jsonPath("$.message").value(not(containsString("secret"))));
    }

    // --- bad input is 4xx, never 5xx -----------------------------------------------------------

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"sessionId\":1,\"slotId\":",
                "not json",
                "",
                "[]",
                "{\"sessionId\":1}",
                "{\"slotId\":2}",
                "{}",
                "{\"sessionId\":\"one\",\"slotId\":2}",
                "{\"sessionId\":1,\"slotId\":\"2\"}",
                "{\"sessionId\":1,\"slotId\":2.5}",
                "{\"sessionId\":1,\"slotId\":true}",
                "{\"sessionId\":-1,\"slotId\":2}",
                "{\"sessionId\":1,\"slotId\":0}",
                "{\"sessionId\":1,\"slotId\":99999999999999999999999}",
                "{\"sessionId\":null,\"slotId\":2}",
                "{\"sessionId\":1,\"slotId\":2,\"fallbackSlotIds\":[3,4,5]}",
                "{\"sessionId\":1,\"slotId\":2,\"fallbackSlotIds\":[-3]}",
                "{\"sessionId\":1,\"slotId\":2,\"fallbackSlotIds\":[null]}",
                "{\"sessionId\":1,\"slotId\":2,\"fallbackSlotIds\":3}"
            })
    void badReserveBodiesAre400(String body) throws Exception {
        mvc.perform(reserveRequest(STUDENT, body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"))
                .andExpect(jsonPath("$.message").isNotEmpty());
    }

    @Test
    void aWrongContentTypeIs415() throws Exception {
        mvc.perform(post("/reserve/")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_XML)
                        .content("<reserve/>"))
                .andExpect(status().isUnsupportedMediaType())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "/admin/sessions/abc/warmup",
                "/admin/sessions/-4/warmup",
                "/admin/sessions/0/open",
                "/admin/sessions/99999999999999999999999/close"
            })
    void badIdsInPathsAre400(String path) throws Exception {
        mvc.perform(post(path).header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{\"sessionDate\":\"2026-13-40\",\"flashTime\":\"2026-11-22T13:00:00\"}",
                "{\"sessionDate\":\"2026-11-23\",\"flashTime\":\"tomorrow at one\"}",
                "{\"sessionDate\":\"2026-11-23\"}",
                "{\"sessionDate\":\"2026-11-23\",\"flashTime\":\"2026-11-22T13:00:00\",\"perUserLimit\":\"two\"}"
            })
    void badOpeningsAre400(String body) throws Exception {
        mvc.perform(post("/admin/sessions")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"?size=5000", "?size=0", "?page=0", "?status=LOST", "?sessionId=x"})
    void badReservationFiltersAre400(String query) throws Exception {
        mvc.perform(get("/admin/reservations" + query).header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest());
    }

    @Test
    void aBadDateIs400() throws Exception {
        mvc.perform(get("/slots?date=2026-02-30").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("date")));
    }

    @Test
    void anUnknownEndpointIs404() throws Exception {
        mvc.perform(get("/no/such/thing").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.enumCode").value("NOT_FOUND"));
    }

    @Test
    void onlyStaffReportPayments() throws Exception {
        mvc.perform(post("/pay/wechat/mock-success/CR1").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isForbidden());
    }

    @Test
    void staffCancelAndRefundNeedAReason() throws Exception {
        for (String action : List.of("cancel", "refund")) {
            mvc.perform(post("/admin/reservations/5/" + action)
                            .header("Authorization", "Bearer " + STAFF)
                            .contentType(MediaType.APPLICATION_JSON)
                            .content("{\"reason\":\"  \"}"))
                    .andExpect(status().isBadRequest())
                    .andExpect(jsonPath("$.message").value(containsString("reason")));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/pay/wechat/abc", "/pay/refund/-1", "/pay/wechat/0"})
    void badReservationIdsOnPaymentsAre400(String path) throws Exception {
        mvc.perform(post(path).header("Authorization", "Bearer " + STUDENT)).andExpect(status().isBadRequest());
    }

    @Test
    void answersAreInChineseWhenTheCallerAsksForIt() throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willThrow(new CourtRushException(Outcome.UNGATED, "reserve.opensIn", 5L));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}").header("Accept-Language", "zh-CN"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.message").value("将在 5 秒后开放。"));
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(jsonPath("$.message").value("The opening opens in 5 s."));
        mvc.perform(reserveRequest(STUDENT, "not json").header("Accept-Language", "zh-CN,zh;q=0.9"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value("请求体缺失或不是有效的 JSON。"));
        mvc.perform(get("/slots").header("Accept-Language", "zh-CN"))
                .andExpect(status().isUnauthorized())
                .andExpect(jsonPath("$.message").value(containsString("请先登录")));
        mvc.perform(reserveRequest(STUDENT, "{\"slotId\":2}").header("Accept-Language", "zh-CN"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("sessionId")))
                .andExpect(jsonPath("$.message").value(containsString("不能为null")));
    }

    @Test
    void aWrongMethodIs405() throws Exception {
        mvc.perform(get("/reserve/").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isMethodNotAllowed());
    }

    private static MockHttpServletRequestBuilder reserveRequest(String token, String body) {
        return post("/reserve/")
                .header("Authorization", "Bearer " + token)
                .contentType(MediaType.APPLICATION_JSON)
                .content(body);
    }

    /** A reserve request whose grant waits for the broker's answer, {@code confirm}: async, nothing written. */
    private MvcResult waitingForTheBroker(
            CompletableFuture<ReserveService.Accepted> confirm, MockHttpServletRequestBuilder reserveCall)
            throws Exception {
        given(reserve.reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any()))
                .willReturn(confirm);
        return mvc.perform(reserveCall).andExpect(request().asyncStarted()).andReturn();
    }

    /** The answer of a request the settling thread has completed (no dispatch left to run). */
    private static MockHttpServletResponse completed(MvcResult waiting) {
        assertThat(waiting.getRequest().isAsyncStarted())
                .as("request completed")
                .isFalse();
        return waiting.getResponse();
    }

    private JsonNode json(MockHttpServletResponse response) throws Exception {
        return mapper.readTree(response.getContentAsByteArray());
    }
}
