package com.courtrush.reserve.pass;

import static com.courtrush.support.Times.now;
import static com.courtrush.support.Times.tomorrow;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.support.StackAccess;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/** Booking passes (issue 21, first part): the challenge, its attempts, and the pass a right answer gives. */
public interface BookingPassScenarios extends StackAccess {

    @Test
    default void aStudentGetsAPassForAPassOpeningByReadingThePictureWithLimitedAttempts() throws IOException {
        String admin = TestApi.ADMIN_TOKEN;
        long opening = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/sessions",
                                        admin,
                                        Map.of(
                                                "sessionDate",
                                                tomorrow().toString(),
                                                "flashTime",
                                                now().plusMinutes(2).withNano(0).toString(),
                                                "perUserLimit",
                                                2,
                                                "bookingPass",
                                                true)))
                .data()
                .path("id")
                .asLong();
        assertThat(TestApi.expect(200, api().get("/admin/sessions/" + opening, admin))
                        .data()
                        .path("bookingPass")
                        .asBoolean())
                .isTrue();
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        long annId = userIdOf(ann);

        // the picture: a PNG a person can read, in a font the engine ships
        JsonNode challenge = TestApi.expect(200, challenge(ann, opening)).data();
        assertThat(challenge.path("attempts").asInt()).isEqualTo(5);
        String image = challenge.path("image").asText();
        assertThat(image).startsWith("data:image/png;base64,");
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(
                Base64.getDecoder().decode(image.substring("data:image/png;base64,".length()))));
        assertThat(png.getWidth()).isEqualTo(200);
        assertThat(png.getHeight()).isEqualTo(70);

        // wrong answers use up the attempts; the last ends the picture
        for (int left = 4; left >= 1; left--) {
            Reply wrong = answer(ann, opening, "qqqqq");
            assertThat(wrong.status()).isEqualTo(400);
            assertThat(wrong.data().path("attemptsLeft").asInt()).isEqualTo(left);
        }
        String answer = answerOf(opening, annId);
        Reply last = answer(ann, opening, "qqqqq");
        assertThat(last.status()).isEqualTo(400);
        assertThat(last.data().path("attemptsLeft").asInt()).isZero();
        assertThat(answer(ann, opening, answer).status())
                .as("the right answer, too late")
                .isEqualTo(400);
        assertThat(redisson().getBucket(RedisKeys.pass(opening, annId)).isExists())
                .isFalse();

        // a new picture, read right (in capitals too): a pass for this opening and student
        TestApi.expect(200, challenge(ann, opening));
        assertThat(answer(students.get(1), opening, answerOf(opening, annId)).status())
                .as("another student answering Ann's picture")
                .isEqualTo(400);
        JsonNode pass = TestApi.expect(
                        200, answer(ann, opening, answerOf(opening, annId).toUpperCase(Locale.ROOT)))
                .data();
        assertThat(pass.path("sessionId").asLong()).isEqualTo(opening);
        assertThat(redisson().getBucket(RedisKeys.pass(opening, annId)).get())
                .as("Redis keeps the pass's hash, not the pass")
                .isEqualTo(BookingPasses.hash(pass.path("pass").asText()));
        assertThat(answer(ann, opening, "abcde").status())
                .as("the picture is used up")
                .isEqualTo(400);

        // reserving: without the pass, with another's, forged, then with it once
        long court = api().createCourt();
        List<Long> slots = api().generateSlots(opening, List.of(court), "08:00", "11:00", 60, 2);
        TestApi.expect(200, api().post("/admin/sessions/" + opening + "/open", admin, null));
        String annPass = pass.path("pass").asText();
        assertThat(reserve(students.get(1), opening, slots.get(0), null).enumCode())
                .isEqualTo("PASS_REQUIRED");
        assertThat(reserve(students.get(1), opening, slots.get(0), annPass).enumCode())
                .as("Ann's pass, not theirs")
                .isEqualTo("PASS_REQUIRED");
        assertThat(reserve(ann, opening, slots.get(0), "forged-" + annPass).enumCode())
                .isEqualTo("PASS_REQUIRED");
        Reply won = reserve(ann, opening, slots.get(0), annPass);
        assertThat(won.status()).as("%s", won).isEqualTo(202);
        api().awaitResult(ann, won.data().path("traceId").asText(), Times.SETTLE);
        assertThat(reserve(ann, opening, slots.get(1), annPass).enumCode())
                .as("a pass serves one booking")
                .isEqualTo("PASS_REQUIRED");
        // the day after: two places a day is the fair share (BOOKINGS_PER_DAY), and Ann's second place of
        // tomorrow is the pass given back's below
        long plainOpening = api().createSession(tomorrow().plusDays(1), now(), 2);
        long plainSlot = api().generateSlots(plainOpening, List.of(court), "12:00", "13:00", 60, 1)
                .get(0);
        assertThat(reserve(ann, plainOpening, plainSlot, null).status())
                .as("an opening without a pass needs none")
                .isEqualTo(202);

        // a grant that ends FAILED gives its pass back
        BookingPasses passes = bean(BookingPasses.class);
        TestApi.expect(200, challenge(ann, opening));
        String second = TestApi.expect(200, answer(ann, opening, answerOf(opening, annId)))
                .data()
                .path("pass")
                .asText();
        redisson().getBucket(RedisKeys.pass(opening, annId)).set("spent:trace-x:" + BookingPasses.hash(second));
        assertThat(passes.giveBack(opening, annId, "trace-other"))
                .as("not that grant's")
                .isFalse();
        assertThat(passes.giveBack(opening, annId, "trace-x")).isTrue();
        Reply givenBack = reserve(ann, opening, slots.get(1), second);
        assertThat(givenBack.status())
                .as("the pass given back works: %s", givenBack)
                .isEqualTo(202);

        // only openings that ask for a pass, and not before their warm-up
        long plain = api().createSession(tomorrow(), now().plusMinutes(2), 2);
        assertThat(challenge(ann, plain).status()).isEqualTo(400);
        long later = TestApi.expect(
                        200,
                        api().post(
                                        "/admin/sessions",
                                        admin,
                                        Map.of(
                                                "sessionDate",
                                                tomorrow().toString(),
                                                "flashTime",
                                                tomorrow().atTime(12, 0).toString(),
                                                "bookingPass",
                                                true)))
                .data()
                .path("id")
                .asLong();
        assertThat(challenge(ann, later).enumCode()).isEqualTo("UNGATED");

        // a limited number of pictures per student and opening
        int given = 0;
        Reply more = challenge(students.get(1), opening);
        while (more.status() == 200 && given < 40) {
            given++;
            more = challenge(students.get(1), opening);
        }
        assertThat(given).as("pictures given before the refusal").isEqualTo(20);
        assertThat(more.status()).isEqualTo(429);
    }

    private Reply reserve(Student student, long opening, long slot, String pass) {
        return pass == null ? api().reserve(student, opening, slot) : api().reserve(student, opening, slot, pass);
    }

    private Reply challenge(Student student, long opening) {
        return api().post("/reserve/challenge", student.token(), Map.of("sessionId", opening));
    }

    private Reply answer(Student student, long opening, String answer) {
        return api().post("/reserve/pass", student.token(), Map.of("sessionId", opening, "answer", answer));
    }

    /** What the picture shows, as the engine keeps it (a test reads Redis; a person reads the picture). */
    private String answerOf(long opening, long userId) {
        Object answer =
                redisson().getMap(RedisKeys.passChallenge(opening, userId)).get("answer");
        return answer == null ? "none" : answer.toString();
    }
}
