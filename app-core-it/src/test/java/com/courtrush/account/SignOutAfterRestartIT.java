package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.EmbeddedStack;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The embedded engine keeps Redis in memory: a sign-out, a disabled account and a password reset
 * must still hold after a restart, because the database keeps them.
 */
class SignOutAfterRestartIT {

    @Test
    void signOutsDisabledAccountsAndResetPasswordsHoldAfterTheEngineRestarts() throws IOException {
        Path dataDir = Files.createTempDirectory("courtrush-restart-it-");
        Student signedOut;
        Student stillIn;
        Student disabled;
        Student reset;
        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            List<Student> students = api.students(3);
            signedOut = students.get(0);
            disabled = students.get(1);
            reset = students.get(2);
            stillIn = new Student(
                    signedOut.studentId(),
                    TestApi.expect(
                                    200,
                                    api.post(
                                            "/auth/login",
                                            null,
                                            Map.of(
                                                    "studentId",
                                                    signedOut.studentId(),
                                                    "password",
                                                    TestApi.passwordOf(signedOut))))
                            .data()
                            .path("token")
                            .asText());
            TestApi.expect(200, api.post("/auth/logout", signedOut.token(), null));
            engine.getBean(StudentDirectory.class).setActive(userId(engine, disabled), false, "test");
            engine.getBean(StudentDirectory.class).resetPassword(userId(engine, reset), "a-new-password", "test");
            assertThat(api.get("/reservations/mine", signedOut.token()).status())
                    .isEqualTo(401);
        }

        try (ConfigurableApplicationContext engine = EmbeddedStack.start(dataDir)) {
            TestApi api = new TestApi(EmbeddedStack.port(engine));
            assertThat(api.get("/reservations/mine", signedOut.token()).status())
                    .as("the signed-out token")
                    .isEqualTo(401);
            assertThat(api.get("/reservations/mine", stillIn.token()).status())
                    .as("the student's other token")
                    .isEqualTo(200);
            assertThat(api.get("/reservations/mine", disabled.token()).status())
                    .as("a disabled student's token")
                    .isEqualTo(401);
            Reply login = api.post(
                    "/auth/login",
                    null,
                    Map.of("studentId", disabled.studentId(), "password", TestApi.passwordOf(disabled)));
            assertThat(login.status()).as("%s", login).isEqualTo(403);
            assertThat(api.get("/reservations/mine", reset.token()).status())
                    .as("a token from before the reset")
                    .isEqualTo(401);
        }
    }

    private static long userId(ConfigurableApplicationContext engine, Student student) {
        return engine.getBean(StudentDirectory.class)
                .list(student.studentId(), 1, 1)
                .records()
                .get(0)
                .id();
    }
}
