package com.courtrush.reserve.decide;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.reserve.record.DrawRecords;
import com.courtrush.support.WebSlice;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.redisson.client.RedisConnectionException;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/**
 * Reserving: every outcome with its HTTP status, the grant answered within or after the broker's wait, bad bodies 4xx; a trace's result; the fair draw's record and a student's entry.
 */
@WebMvcTest(controllers = {ReserveController.class, DrawController.class})
@WebSlice
class ReserveWebTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    ObjectMapper mapper;

    @MockitoBean
    ReserveService reserve;

    @MockitoBean
    ReserveResults results;

    @MockitoBean
    DrawRecords drawRecords;

    @MockitoBean
    VenueAdmission admission;

    /** SPEC §21: a venue that does not admit what the student books as refuses them before anything is decided. */
    @Test
    void aVenueThatDoesNotAdmitTheStudentIs403BeforeAnyDecision() throws Exception {
        willThrow(CourtRushException.forbidden("price.notAdmitted", "faculty"))
                .given(admission)
                .require(eq(1L), any());
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}"))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.enumCode").value("FORBIDDEN"));
        verify(reserve, never()).reserve(anyLong(), anyLong(), anyLong(), any(), anyString(), any());
    }

    @Test
    void aTraceResultIsAskedForByTheStudent() throws Exception {
        mvc.perform(get("/reserve/result/0123456789abcdef0123456789abcdef")
                        .header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"));
        verify(results).of(eq("0123456789abcdef0123456789abcdef"), any());
    }

    @Test
    void aDrawsRecordIsPublishedToAnyone() throws Exception {
        given(drawRecords.published(4L))
                .willReturn(new DrawRecords.Published(4L, "c0ffee", LocalDateTime.parse("2026-11-22T13:00:01"), null));
        mvc.perform(get("/draws/4"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.sessionId").value(4))
                .andExpect(jsonPath("$.data.commitment").value("c0ffee"));
    }

    @Test
    void aStudentFindsTheirEntryInADraw() throws Exception {
        given(drawRecords.published(4L))
                .willReturn(new DrawRecords.Published(4L, "c0ffee", LocalDateTime.parse("2026-11-22T13:00:01"), null));
        mvc.perform(get("/reserve/draws/4/entry").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.sessionId").value(4))
                .andExpect(jsonPath("$.data.entryId").isNotEmpty());
    }

    @Test
    void theAdminTokenCannotReserve() throws Exception {
        mvc.perform(reserveRequest(STAFF, "{\"sessionId\":1,\"slotId\":2}")).andExpect(status().isForbidden());
    }

    @Test
    void aReserveBodyIsOneJsonValueAndNoMore() throws Exception {
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2}{\"x\":1}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @Test
    void aReserveBodyLargerThanTwoNumbersIsRefusedBeforeItIsRead() throws Exception {
        mvc.perform(reserveRequest(STUDENT, "{\"sessionId\":1,\"slotId\":2" + " ".repeat(300) + "}"))
                .andExpect(status().isPayloadTooLarge())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
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
                .andExpect(jsonPath("$.message").value("请填写场次。"));
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
