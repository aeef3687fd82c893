package com.courtrush.core;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.github.bucket4j.TimeMeter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** A flood of refused outside input is a few WARN lines a minute, each one line, saying how many it stood for. */
class OutsideRefusalsTest {

    final Logger logger = (Logger) LoggerFactory.getLogger(OutsideRefusalsTest.class);
    final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    final AtomicLong nanos = new AtomicLong();
    final OutsideRefusals refusals = new OutsideRefusals(OutsideRefusalsTest.class, new TimeMeter() {
        @Override
        public long currentTimeNanos() {
            return nanos.get();
        }

        @Override
        public boolean isWallClockBased() {
            return false;
        }
    });

    @BeforeEach
    void listen() {
        logged.start();
        logger.addAppender(logged);
        logger.setLevel(Level.DEBUG);
    }

    @AfterEach
    void stop() {
        logger.detachAppender(logged);
        logger.setLevel(null);
    }

    @Test
    void aThousandForgeriesAMinuteAreAFewWarnLinesAndTheNextLineCountsTheRest() {
        for (int i = 0; i < 1000; i++) {
            refusals.refused("A CAS logout", "not a LogoutRequest ({} characters)", 40 + i);
        }
        refusals.refused("An OpenID logout token", "{}", "bad signature");

        assertThat(warnings()).hasSize(OutsideRefusals.LINES_PER_MINUTE + 1);
        assertThat(logged.list)
                .allSatisfy(line -> assertThat(line.getThrowableProxy()).isNull());
        assertThat(warnings().get(0)).isEqualTo("A CAS logout was refused: not a LogoutRequest (40 characters)");
        assertThat(warnings()).last().isEqualTo("An OpenID logout token was refused: bad signature");

        nanos.addAndGet(Duration.ofMinutes(1).toNanos());
        refusals.refused("A CAS logout", "not a LogoutRequest ({} characters)", 7);
        assertThat(warnings())
                .last()
                .isEqualTo("A CAS logout was refused: not a LogoutRequest (7 characters) (997 more since the last line"
                        + " of this kind)");
    }

    @Test
    void whatTheSenderWroteCannotForgeALine() {
        refusals.refused("A logout", "{}", "bad\nINFO forged line");
        assertThat(warnings()).containsExactly("A logout was refused: bad\\u000aINFO forged line");
    }

    private List<String> warnings() {
        return logged.list.stream()
                .filter(line -> line.getLevel() == Level.WARN)
                .map(ILoggingEvent::getFormattedMessage)
                .toList();
    }
}
