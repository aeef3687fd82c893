package com.courtrush.reserve.pass;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Digests;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.redis.LuaScript;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.SessionState;
import com.courtrush.reserve.stock.StockKeys;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.springframework.stereotype.Service;

/**
 * Challenges and booking passes of openings that ask for one. From the warm-up on (and after the
 * flash time too) a signed-in student gets a challenge — one at a time, a few attempts each, a
 * limited number per opening — and the right answer gives a pass for that opening, bound to the
 * student, kept in Redis (as its hash) until the opening's keys expire. Answers are never logged.
 */
@Service
public class BookingPasses {

    static final int ATTEMPTS = 5;
    static final int CHALLENGES_PER_OPENING = 20;
    static final Duration CHALLENGE_TTL = Duration.ofMinutes(5);
    private static final LuaScript ISSUE = LuaScript.load("pass_challenge");
    private static final LuaScript ANSWER = LuaScript.load("pass_answer");
    private static final LuaScript GIVE_BACK = LuaScript.load("pass_give_back");

    private final OpeningService openings;
    private final ChallengeImages images;
    private final RScript script;
    private final CourtRushProperties properties;
    private final SecureRandom random = new SecureRandom();

    BookingPasses(
            OpeningService openings, ChallengeImages images, RedissonClient redisson, CourtRushProperties properties) {
        this.openings = openings;
        this.images = images;
        this.script = redisson.getScript();
        this.properties = properties;
    }

    /** A new challenge for the student (the one they had is void). */
    public Challenge challenge(long userId, long sessionId) {
        ReserveSession session = passOpening(sessionId);
        ChallengeImages.Drawn drawn = images.draw();
        List<Object> reply = script.eval(
                RScript.Mode.READ_WRITE,
                ISSUE.source(),
                RScript.ReturnType.MULTI,
                List.of(RedisKeys.passChallenge(sessionId, userId), RedisKeys.passChallengesIssued(sessionId, userId)),
                drawn.code().toLowerCase(Locale.ROOT),
                Integer.toString(ATTEMPTS),
                Long.toString(CHALLENGE_TTL.toMillis()),
                Integer.toString(CHALLENGES_PER_OPENING),
                Long.toString(StockKeys.expireAt(session.getSessionDate(), properties.zone())));
        if ("TOO_MANY".equals(reply.get(0))) {
            throw new CourtRushException(Outcome.TOO_MANY_REQUESTS, "pass.tooManyChallenges", CHALLENGES_PER_OPENING)
                    .withRetryAfter(Duration.ofHours(1));
        }
        return new Challenge(sessionId, drawn.imageDataUri(), ATTEMPTS, CHALLENGE_TTL.toSeconds());
    }

    /**
     * The answer to the student's challenge: right, a new pass for the opening (an earlier one is
     * replaced); wrong, 400 with the attempts left; the last wrong answer ends the challenge.
     */
    public Pass answer(long userId, long sessionId, String answer) {
        ReserveSession session = passOpening(sessionId);
        if (answer == null || answer.isBlank() || answer.length() > 16) {
            throw CourtRushException.badRequest("pass.answerShape");
        }
        String pass = newPass();
        List<Object> reply = script.eval(
                RScript.Mode.READ_WRITE,
                ANSWER.source(),
                RScript.ReturnType.MULTI,
                List.of(RedisKeys.passChallenge(sessionId, userId), RedisKeys.pass(sessionId, userId)),
                answer.strip().toLowerCase(Locale.ROOT),
                hash(pass),
                Long.toString(StockKeys.expireAt(session.getSessionDate(), properties.zone())));
        long left = ((Number) reply.get(1)).longValue();
        return switch ((String) reply.get(0)) {
            case "PASSED" -> new Pass(sessionId, pass);
            case "WRONG" ->
                throw CourtRushException.badRequest("pass.wrong", left).withData(Map.of("attemptsLeft", left));
            case "EXHAUSTED" ->
                throw CourtRushException.badRequest("pass.exhausted").withData(Map.of("attemptsLeft", 0));
            default -> throw CourtRushException.badRequest("pass.noChallenge").withData(Map.of("attemptsLeft", 0));
        };
    }

    /**
     * A grant that ended FAILED gives back the pass it spent (if the student has not had a new one
     * since); true when it came back.
     */
    public boolean giveBack(long sessionId, long userId, String traceId) {
        Number back = script.eval(
                RScript.Mode.READ_WRITE,
                GIVE_BACK.source(),
                RScript.ReturnType.INTEGER,
                List.of(RedisKeys.pass(sessionId, userId)),
                traceId);
        return back.longValue() == 1;
    }

    /** The SHA-256 of a pass, hex: what Redis keeps and what a presented pass is compared by. */
    public static String hash(String pass) {
        return Digests.sha256Hex(pass);
    }

    private String newPass() {
        byte[] bytes = new byte[24];
        random.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The opening, which must ask for a pass and be warmed up or open. */
    private ReserveSession passOpening(long sessionId) {
        ReserveSession session;
        try {
            session = openings.get(sessionId);
        } catch (CourtRushException notFound) {
            throw CourtRushException.badRequest("opening.notFound", sessionId);
        }
        if (!Boolean.TRUE.equals(session.getBookingPass())) {
            throw CourtRushException.badRequest("pass.notNeeded", sessionId);
        }
        if (session.getState() == SessionState.SCHEDULED) {
            throw new CourtRushException(
                    Outcome.UNGATED,
                    "pass.notYet",
                    session.warmupTime().toString().replace('T', ' '));
        }
        if (session.getState() == SessionState.CLOSED) {
            throw new CourtRushException(Outcome.UNGATED, "reserve.closed").withData(Map.of("secondsToOpen", -1));
        }
        return session;
    }

    /** A challenge: the image to read, how many attempts, for how long. */
    public record Challenge(long sessionId, String image, int attempts, long expiresInSeconds) {}

    /** A booking pass: sent as the X-Booking-Pass header of POST /reserve/ for its opening. */
    public record Pass(long sessionId, String pass) {}
}
