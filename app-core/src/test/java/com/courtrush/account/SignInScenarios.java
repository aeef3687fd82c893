package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.web.CourtRushException;
import com.courtrush.web.Outcome;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Password guessing is slowed down per student id and per address, on every node alike (Redis). */
public interface SignInScenarios extends StackAccess {

    @Test
    default void failedSignInsOfAnIdAreThrottledBeforeAnyPasswordIsChecked() {
        Student student = api().students(1).get(0);
        for (int i = 1; i <= 6; i++) {
            Reply wrong = api().post("/auth/login", null, Map.of("studentId", student.studentId(), "password", "guess-" + i));
            assertThat(wrong.status()).as("guess %d: %s", i, wrong).isEqualTo(401);
        }
        // the sixth failure makes the next attempt wait, even with the right password
        Reply throttled = api().post("/auth/login", null,
                Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student)));
        assertThat(throttled.status()).as("%s", throttled).isEqualTo(429);
        assertThat(throttled.enumCode()).isEqualTo("TOO_MANY_REQUESTS");
        long wait = Long.parseLong(throttled.raw().headers().firstValue("Retry-After").orElseThrow());
        assertThat(wait).isBetween(1L, 2L);

        TestApi.sleep(wait * 1000 + 100);
        TestApi.expect(200, api().post("/auth/login", null,
                Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student))));
        // a success starts the id's count again
        assertThat(api().post("/auth/login", null, Map.of("studentId", student.studentId(), "password", "typo"))
                .status()).isEqualTo(401);
        TestApi.expect(200, api().post("/auth/login", null,
                Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student))));
    }

    @Test
    default void oneAddressIsThrottledOnlyPastItsHighThresholdAndOthersAreNot() {
        SignInThrottle throttle = bean(SignInThrottle.class);
        String nat = "203.0.113." + (int) (Math.random() * 200);
        for (int i = 0; i < 300; i++) {
            throttle.failed("unknown-" + i, nat); // many students behind one campus address, a few typos each
        }
        throttle.check("someone", nat);
        throttle.failed("unknown-300", nat);
        assertThatThrownBy(() -> throttle.check("someone", nat))
                .isInstanceOfSatisfying(CourtRushException.class,
                        e -> assertThat(e.outcome()).isEqualTo(Outcome.TOO_MANY_REQUESTS));
        throttle.check("someone", "198.51.100.7"); // another address is not held back
    }
}
