package com.courtrush.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The limits a body meets before anything reads it (decision 20); waiting for a slow one is SlowClientScenarios'. */
class BodyLimitsTest {

    final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @Test
    void aBodyThatCameWithItsHeadersIsReadInTheRequestThreadAndReadAgainDownstream() throws Exception {
        BodyLimits limits = new BodyLimits(meters, 1024, List::of);
        AtomicReference<String> seen = new AtomicReference<>();
        MockFilterChain chain = new MockFilterChain() {
            @Override
            public void doFilter(jakarta.servlet.ServletRequest request, jakarta.servlet.ServletResponse response) {
                try {
                    seen.set(new String(request.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
        limits.doFilter(post("/reserve/", "{\"sessionId\":1,\"slotId\":2}"), new MockHttpServletResponse(), chain);
        assertThat(seen).hasValue("{\"sessionId\":1,\"slotId\":2}");
        assertThat(meters.counter("courtrush.http.slow-bodies", "outcome", "waited")
                        .count())
                .isZero();
    }

    @Test
    void aFormsFieldsReadFromItsBodyAreStillItsParametersDownstream() throws Exception {
        BodyLimits limits = new BodyLimits(meters, 1024, List::of);
        AtomicReference<jakarta.servlet.ServletRequest> seen = new AtomicReference<>();
        MockFilterChain chain = new MockFilterChain() {
            @Override
            public void doFilter(jakarta.servlet.ServletRequest request, jakarta.servlet.ServletResponse response) {
                seen.set(request);
            }
        };
        MockHttpServletRequest form = post(
                "/auth/campus/cas",
                "logoutRequest=%3CSessionIndex%3EST-1%3C%2FSessionIndex%3E&a=1&a=2&%E5%90%8D=%E6%9E%97&bad=%zz");
        form.setContentType("application/x-www-form-urlencoded; charset=UTF-8");
        form.setParameter("state", "from-the-query");
        limits.doFilter(form, new MockHttpServletResponse(), chain);
        jakarta.servlet.ServletRequest downstream = seen.get();
        assertThat(downstream.getParameter("logoutRequest")).isEqualTo("<SessionIndex>ST-1</SessionIndex>");
        assertThat(downstream.getParameterValues("a")).containsExactly("1", "2");
        assertThat(downstream.getParameter("名")).isEqualTo("林");
        assertThat(downstream.getParameter("state")).isEqualTo("from-the-query");
        assertThat(downstream.getParameter("bad"))
                .as("not URL-encoded: left out")
                .isNull();
        assertThat(java.util.Collections.list(downstream.getParameterNames()))
                .containsExactly("state", "logoutRequest", "a", "名");
    }

    @Test
    void aDeclaredLengthOverTheLimitIsAnswered413WithoutReadingIt() throws Exception {
        BodyLimits limits = new BodyLimits(meters, 1024 * 1024, List::of);
        MockHttpServletResponse response = new MockHttpServletResponse();
        MockFilterChain chain = new MockFilterChain();
        limits.doFilter(post("/reserve/", "x".repeat(BodyLimits.RESERVE + 1)), response, chain);
        assertThat(response.getStatus()).isEqualTo(413);
        assertThat(response.getHeader("Connection")).isEqualTo("close");
        assertThat(chain.getRequest()).as("never passed on").isNull();
    }

    /** A path whose callers speak their own protocol (WeChat Pay's notifications) answers its refusals so. */
    @Test
    void aRefusalOnAPathWithItsOwnAnswersIsAnsweredThereAndTheEnvelopeElsewhere() throws Exception {
        OwnAnswers notify = new OwnAnswers() {
            @Override
            public boolean covers(HttpServletRequest request) {
                return request.getServletPath().equals("/pay/wechat/notify");
            }

            @Override
            public void bodyRefused(
                    HttpServletRequest request, jakarta.servlet.http.HttpServletResponse response, int status) {
                response.setStatus(204);
            }
        };
        BodyLimits limits = new BodyLimits(meters, 1024 * 1024, () -> List.of(notify));
        MockHttpServletResponse own = new MockHttpServletResponse();
        limits.doFilter(post("/pay/wechat/notify", "x".repeat(BodyLimits.OTHER + 1)), own, new MockFilterChain());
        assertThat(own.getStatus()).isEqualTo(204);
        assertThat(own.getContentAsString()).isEmpty();
        assertThat(own.getHeader("Connection")).isEqualTo("close");

        MockHttpServletResponse envelope = new MockHttpServletResponse();
        limits.doFilter(post("/auth/login", "x".repeat(BodyLimits.OTHER + 1)), envelope, new MockFilterChain());
        assertThat(envelope.getStatus()).isEqualTo(413);
        assertThat(envelope.getContentAsString()).contains("\"enumCode\"");
    }

    @Test
    void pastTheBudgetOfBodiesHeldAtOnceANewOneIsAnswered503AtOnce() throws Exception {
        // the budget allows one body of 100 bytes at a time; the first is still held downstream
        BodyLimits limits = new BodyLimits(meters, 150, List::of);
        AtomicReference<Integer> inner = new AtomicReference<>();
        MockFilterChain holding = new MockFilterChain() {
            @Override
            public void doFilter(jakarta.servlet.ServletRequest request, jakarta.servlet.ServletResponse response) {
                MockHttpServletResponse second = new MockHttpServletResponse();
                try {
                    limits.doFilter(post("/auth/login", "y".repeat(100)), second, new MockFilterChain());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                inner.set(second.getStatus());
            }
        };
        limits.doFilter(post("/auth/login", "x".repeat(100)), new MockHttpServletResponse(), holding);
        assertThat(inner).hasValue(503);
        assertThat(meters.counter("courtrush.http.slow-bodies", "outcome", "refused-busy")
                        .count())
                .isEqualTo(1);

        MockFilterChain after = new MockFilterChain();
        limits.doFilter(post("/auth/login", "z".repeat(100)), new MockHttpServletResponse(), after);
        assertThat((HttpServletRequest) after.getRequest())
                .as("released once answered: the next one passes")
                .isNotNull();
    }

    private static MockHttpServletRequest post(String path, String body) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        request.setServletPath(path);
        request.setContentType("application/json");
        request.setContent(body.getBytes(StandardCharsets.UTF_8));
        return request;
    }
}
