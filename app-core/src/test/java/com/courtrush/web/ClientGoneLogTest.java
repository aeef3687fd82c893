package com.courtrush.web;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.catalina.connector.ClientAbortException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.client.RedisConnectionException;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;

/**
 * A client that hangs up mid-answer (issue 75: logged as ERROR "Unexpected failure" with a stack trace — Broken pipe,
 * ClientAbortException, AsyncRequestNotUsableException) is one line at DEBUG without a stack trace, and nothing is
 * written back; a real failure is still an ERROR with its cause, and a service resetting the engine's connection still
 * an outage.
 */
class ClientGoneLogTest {

    final ApiExceptionHandler handler = new ApiExceptionHandler();
    final MockHttpServletRequest request = new MockHttpServletRequest("GET", "/reservations/mine");
    final Logger logger = (Logger) LoggerFactory.getLogger(ApiExceptionHandler.class);
    final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    Level levelBefore;

    @BeforeEach
    void listen() {
        levelBefore = logger.getLevel();
        logger.setLevel(Level.DEBUG);
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(logged);
        logger.setLevel(levelBefore);
    }

    @Test
    void aClientThatHungUpIsOneDebugLineWithoutAStackTraceAndNoAnswer() {
        for (Exception gone : new Exception[] {
            new ClientAbortException(new IOException("Broken pipe")),
            new AsyncRequestNotUsableException("ServletOutputStream failed to write: java.io.IOException: Broken pipe"),
            new UncheckedIOException(new IOException("Connection reset by peer"))
        }) {
            logged.list.clear();

            assertThat(handler.onUnexpected(gone, request))
                    .as("%s: nothing to write back", gone)
                    .isNull();

            assertThat(logged.list).as("%s", gone).singleElement().satisfies(line -> {
                assertThat(line.getLevel()).isEqualTo(Level.DEBUG);
                assertThat(line.getThrowableProxy()).as("no stack trace").isNull();
                assertThat(line.getFormattedMessage())
                        .startsWith("The client of GET /reservations/mine went away before its answer: ")
                        .doesNotContain("\n");
            });
        }
    }

    /** The same through the answer written outside Spring MVC's dispatch ({@code POST /reserve/}, async answers). */
    @Test
    void aClientGoneWhileAnAnswerIsWrittenElsewhereIsNoErrorEither() {
        handler.failure(new UncheckedIOException(new ClientAbortException(new IOException("Broken pipe"))), request);

        assertThat(logged.list).singleElement().satisfies(line -> {
            assertThat(line.getLevel()).isEqualTo(Level.DEBUG);
            assertThat(line.getThrowableProxy()).isNull();
        });
    }

    @Test
    void aRealFailureIsStillAnErrorWithItsCauseAndARedisResetAnOutage() {
        IllegalStateException broken = new IllegalStateException("a bug");
        assertThat(handler.onUnexpected(broken, request).getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
        assertThat(logged.list).singleElement().satisfies(line -> {
            assertThat(line.getLevel()).isEqualTo(Level.ERROR);
            assertThat(line.getFormattedMessage()).startsWith("Unexpected failure [");
            assertThat(line.getThrowableProxy().getMessage()).isEqualTo("a bug");
        });

        logged.list.clear();
        RedisConnectionException reset =
                new RedisConnectionException("lost", new IOException("Connection reset by peer"));
        assertThat(handler.onUnexpected(reset, request).getStatusCode()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(logged.list)
                .singleElement()
                .satisfies(line -> assertThat(line.getLevel()).isEqualTo(Level.WARN));
    }
}
