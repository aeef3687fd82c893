package com.courtrush.infra.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A stop is requested once; what a start-up step registered to end its wait runs then, or at once if later. */
class EngineStopTest {

    @Test
    void aStepChecksTheStopAndNamesWhyAndWhere() {
        EngineStop stop = new EngineStop();
        stop.check("before the request");
        assertThat(stop.requested()).isFalse();
        assertThat(stop.reason()).isNull();

        stop.request("the console was closed");
        stop.request("a second reason");

        assertThat(stop.requested()).isTrue();
        assertThatThrownBy(() -> stop.check("creating bean 'x'"))
                .isInstanceOf(StoppedWhileStarting.class)
                .hasMessage("stopped while starting (the console was closed), at: creating bean 'x'");
    }

    @Test
    void theWaitsRegisteredAreEndedByTheRequestOnceAndNotAfterTheyAreClosed() {
        EngineStop stop = new EngineStop();
        AtomicInteger ended = new AtomicInteger();
        AtomicInteger closedEarly = new AtomicInteger();
        EngineStop.Registration waiting = stop.onRequest(ended::incrementAndGet);
        stop.onRequest(closedEarly::incrementAndGet).close();

        stop.request("stop");
        stop.request("stop again");
        waiting.close();

        assertThat(ended).hasValue(1);
        assertThat(closedEarly).hasValue(0);
        AtomicInteger late = new AtomicInteger();
        stop.onRequest(late::incrementAndGet).close();
        assertThat(late).as("registered after the request: ended at once").hasValue(1);
    }

    @Test
    void aStopIsFoundInTheCausesOfAFailure() {
        StoppedWhileStarting stopped = new EngineStop().stopped("step", null);
        RuntimeException wrapped = new IllegalStateException("bean creation", new RuntimeException(stopped));

        assertThat(StoppedWhileStarting.in(wrapped)).isSameAs(stopped);
        assertThat(StoppedWhileStarting.in(new IllegalStateException("other"))).isNull();
    }
}
