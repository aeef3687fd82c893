package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Password guessing is slowed down per student id and per address, on every node alike (Redis). */
public interface SignInScenarios extends StackAccess {

    @Test
    default void failedSignInsOfAnIdAreThrottledBeforeAnyPasswordIsChecked() {
        Student student = api().students(1).get(0);
        for (int i = 1; i <= 6; i++) {
            Reply wrong =
                    api().post("/auth/login", null, Map.of("studentId", student.studentId(), "password", "guess-" + i));
            assertThat(wrong.status()).as("guess %d: %s", i, wrong).isEqualTo(401);
        }
        // the sixth failure makes the next attempt wait, even with the right password
        Reply throttled = api().post(
                        "/auth/login",
                        null,
                        Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student)));
        assertThat(throttled.status()).as("%s", throttled).isEqualTo(429);
        assertThat(throttled.enumCode()).isEqualTo("TOO_MANY_REQUESTS");
        long wait = Long.parseLong(
                throttled.raw().headers().firstValue("Retry-After").orElseThrow());
        assertThat(wait).isBetween(1L, 2L);

        TestApi.sleep(wait * 1000 + 100);
        TestApi.expect(
                200,
                api().post(
                                "/auth/login",
                                null,
                                Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student))));
        // a success starts the id's count again
        assertThat(api().post("/auth/login", null, Map.of("studentId", student.studentId(), "password", "typo"))
                        .status())
                .isEqualTo(401);
        TestApi.expect(
                200,
                api().post(
                                "/auth/login",
                                null,
                                Map.of("studentId", student.studentId(), "password", TestApi.passwordOf(student))));
    }

    /**
     * A wrong password at {@code /auth/login} reads the same whoever the id is — a student's, a staff member's (who
     * sign in there too), nobody's — in both languages (issue 75: a staff member was told "Wrong student id or
     * password"): true for each, and telling none of them apart (SPEC §15).
     */
    @Test
    default void aWrongPasswordReadsTheSameAndTrueForAStudentAStaffMemberAndNobody() {
        List<String> ids = List.of(
                api().students(1).get(0).studentId(),
                api().staffMember("STAFF").studentId(),
                TestApi.unique("nobody").replace("-", ""));
        for (Map.Entry<String, String> language :
                Map.of("en", "Wrong id or password.", "zh-CN", "账号或密码错误。").entrySet()) {
            for (String id : ids) {
                TestApi.RawReply wrong = api().raw(
                                "POST",
                                "/auth/login",
                                null,
                                Map.of("Content-Type", "application/json", "Accept-Language", language.getKey()),
                                ("{\"studentId\":\"" + id + "\",\"password\":\"not-the-password\"}")
                                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                assertThat(wrong.status()).as("%s in %s", id, language.getKey()).isEqualTo(401);
                assertThat(wrong.body())
                        .as("%s in %s", id, language.getKey())
                        .contains("\"message\":\"" + language.getValue() + "\"");
            }
        }
    }

    @Test
    default void guessesSentTogetherCountBeforeTheirPasswordsAreChecked() throws Exception {
        Student student = api().students(1).get(0);
        ExecutorService burst = Executors.newFixedThreadPool(20);
        try {
            List<Future<Reply>> guesses = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                String guess = "guess-" + i;
                guesses.add(burst.submit(() ->
                        api().post("/auth/login", null, Map.of("studentId", student.studentId(), "password", guess))));
            }
            Map<Integer, Integer> byStatus = new TreeMap<>();
            for (Future<Reply> guess : guesses) {
                byStatus.merge(guess.get().status(), 1, Integer::sum);
            }
            // five allowed, the sixth let through and making the next ones wait: 14 never hashed
            assertThat(byStatus).isEqualTo(Map.of(401, 6, 429, 14));
        } finally {
            burst.shutdown();
        }
    }

    @Test
    default void oneAddressIsThrottledOnlyPastItsHighThresholdOfFailuresAndOthersAreNot() {
        SignInThrottle throttle = bean(SignInThrottle.class);
        String nat = TestApi.unique("nat"); // an address of this test's own: another test's failures never count
        for (int i = 0; i < 301; i++) {
            throttle.attempt("unknown-" + i, nat); // many students behind one campus address, a typo each
            throttle.failed("unknown-" + i, nat);
        }
        assertThatThrownBy(() -> throttle.attempt("someone", nat))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.TOO_MANY_REQUESTS));
        throttle.attempt("someone", TestApi.unique("other")); // another address is not held back
    }

    /**
     * The students' mix found it: in a sign-in storm, students behind one campus address have hundreds
     * of sign-ins waiting for the hashing pool at once, all of them right. Counted at their start (as
     * an id's are), they took the address past its threshold, and every student behind it was made to
     * wait, longer at each try. An address counts failures, once they have failed.
     */
    @Test
    default void aStormOfRightSignInsFromOneAddressIsNotThrottled() {
        SignInThrottle throttle = bean(SignInThrottle.class);
        String nat = TestApi.unique("nat"); // two hundred random addresses had let the test above throttle this one
        for (int i = 0; i < 1000; i++) {
            throttle.attempt("storm-" + i, nat); // all let through, all still waiting for the hash
        }
        for (int i = 0; i < 1000; i++) {
            throttle.succeeded("storm-" + i, nat);
        }
        throttle.attempt("one-more", nat);
    }
}
