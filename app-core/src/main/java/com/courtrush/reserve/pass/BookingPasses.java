package com.courtrush.reserve.pass;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Digests;
import com.courtrush.core.Outcome;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.api.SessionState;
import com.courtrush.reserve.stock.StockKeys;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
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

    private final OpeningService openings;
    private final ChallengeImages images;
    private final RScript script;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    BookingPasses(OpeningService openings, ChallengeImages images, RedissonClient redisson, Clock clock) {
        this.openings = openings;
        this.images = images;
        this.script = redisson.getScript();
        this.clock = clock;
    }

    /** A new challenge for the student (the one they had is void). */
    public Challenge challenge(long userId, long sessionId) {
        ReserveSession session = passOpening(sessionId);
        ChallengeImages.Drawn drawn = images.draw();
        PassChallengeCall.Reply reply = PassChallengeCall.SCRIPT.call(
                script,
                new PassChallengeCall(
                        sessionId,
                        userId,
                        drawn.code().toLowerCase(Locale.ROOT),
                        ATTEMPTS,
                        CHALLENGE_TTL.toMillis(),
                        CHALLENGES_PER_OPENING,
                        StockKeys.expireAt(session.getSessionDate(), clock.getZone())));
        if (reply.outcome() == PassChallengeCall.Outcome.TOO_MANY) {
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
        PassAnswerCall.Reply reply = PassAnswerCall.SCRIPT.call(
                script,
                new PassAnswerCall(
                        sessionId,
                        userId,
                        answer.strip().toLowerCase(Locale.ROOT),
                        hash(pass),
                        StockKeys.expireAt(session.getSessionDate(), clock.getZone())));
        long left = reply.attemptsLeft();
        return switch (reply.outcome()) {
            case PASSED -> new Pass(sessionId, pass);
            case WRONG ->
                throw CourtRushException.badRequest("pass.wrong", left).withData(Map.of("attemptsLeft", left));
            case EXHAUSTED ->
                throw CourtRushException.badRequest("pass.exhausted").withData(Map.of("attemptsLeft", 0));
            case NO_CHALLENGE ->
                throw CourtRushException.badRequest("pass.noChallenge").withData(Map.of("attemptsLeft", 0));
        };
    }

    /**
     * A grant that ended FAILED gives back the pass it spent (if the student has not had a new one
     * since); true when it came back.
     */
    public boolean giveBack(long sessionId, long userId, String traceId) {
        return PassGiveBackCall.SCRIPT
                .call(script, new PassGiveBackCall(sessionId, userId, traceId))
                .givenBack();
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
