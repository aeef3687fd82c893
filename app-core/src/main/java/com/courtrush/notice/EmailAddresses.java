package com.courtrush.notice;

import com.courtrush.account.StudentDirectory;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Digests;
import com.courtrush.core.EngineMessages;
import com.courtrush.notice.api.EmailServer;
import jakarta.annotation.PreDestroy;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.mail.MailException;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A student's email address for notices (SPEC §17): added, then proved theirs by a six-digit code sent to it;
 * only a verified address is written to. With it, a student who forgot their password resets it by a code
 * sent there. Codes are kept as their SHA-256, live {@link #CODE_LIFE}, allow {@link #MOST_TRIES} tries, and
 * one is sent per minute at most. The answer to "forgot password" never says whether the account or an address
 * exists.
 */
@Service
public class EmailAddresses {

    static final Duration CODE_LIFE = Duration.ofMinutes(30);
    static final Duration BETWEEN_CODES = Duration.ofMinutes(1);
    static final int MOST_TRIES = 5;
    /** An account the gym made (not the campus directory): the only kind with a password to reset. */
    private static final String LOCAL = "LOCAL";

    private static final int WAITING_RESETS = 64;
    static final String VERIFY = "VERIFY";
    static final String RESET = "RESET";

    private static final Logger log = LoggerFactory.getLogger(EmailAddresses.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final EmailCodeMapper mapper;
    private final NoticeChannels channels;
    private final Mailer mailer;
    private final StudentDirectory students;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;
    /** Reset codes are made and mailed here, one at a time, a few waiting at most. */
    private final ExecutorService resetMail = new ThreadPoolExecutor(
            1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(WAITING_RESETS), daemonThreads("reset-mail-"));

    EmailAddresses(
            EmailCodeMapper mapper,
            NoticeChannels channels,
            Mailer mailer,
            StudentDirectory students,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.mapper = mapper;
        this.channels = channels;
        this.mailer = mailer;
        this.students = students;
        this.transactions = transactions;
        this.audit = audit;
        this.clock = clock;
    }

    /** The student's address, whether it is verified, and whether this gym sends email at all. */
    public State state(long userId) {
        EmailCodeMapper.Account account = mapper.account(userId);
        EmailCodeMapper.Code pending = mapper.find(userId, VERIFY);
        return new State(
                account.email(),
                account.emailVerifiedTime() != null,
                pending != null && account.emailVerifiedTime() == null,
                channels.email().isPresent());
    }

    /** A new address, not verified: a code is sent to it now. */
    public State add(long userId, String email) {
        EmailServer server = requireEmail();
        String address = NoticeChannels.address(email);
        LocalDateTime now = LocalDateTime.now(clock);
        EmailCodeMapper.Code last = mapper.find(userId, VERIFY);
        if (last != null && now.isBefore(last.createTime().plus(BETWEEN_CODES))) {
            throw CourtRushException.conflict("email.tooSoon");
        }
        String code = newCode();
        transactions.executeWithoutResult(tx -> {
            mapper.setEmail(userId, address, now);
            mapper.keep(userId, VERIFY, address, hash(userId, VERIFY, code), now.plus(CODE_LIFE), now);
        });
        send(server, address, "verify-" + userId + "-" + now, "email.verifySubject", "email.verifyText", code);
        return state(userId);
    }

    /** The code sent to the address: it is the student's from now on. */
    public State verify(long userId, String code) {
        EmailCodeMapper.Code sent = use(userId, VERIFY, code);
        mapper.verified(userId, sent.email(), LocalDateTime.now(clock));
        return state(userId);
    }

    /** No address: no more email. */
    public State remove(long userId) {
        transactions.executeWithoutResult(tx -> {
            mapper.removeEmail(userId, LocalDateTime.now(clock));
            mapper.forget(userId);
        });
        return state(userId);
    }

    /**
     * "Forgot password": a reset code to the student's verified address, if there is one and email is set up.
     * Says nothing of whether there is: the caller is answered the same either way.
     */
    public void forgot(String studentId) {
        EmailServer server = requireEmail();
        String asked = studentId == null ? "" : studentId.strip();
        // all of it after the answer: whether the account has an address shows neither in the answer nor in its time
        try {
            resetMail.execute(() -> resetCodeFor(server, asked));
        } catch (RejectedExecutionException e) {
            log.warn(
                    "Password reset for '{}' not made: {} resets already wait ({})",
                    asked,
                    WAITING_RESETS,
                    e.toString());
        }
    }

    private void resetCodeFor(EmailServer server, String studentId) {
        try {
            EmailCodeMapper.Account account = studentId.isEmpty() ? null : mapper.byStudentId(studentId);
            if (account == null
                    || !account.active()
                    || !"STUDENT".equals(account.role())
                    || account.emailVerifiedTime() == null) {
                log.info("Password reset asked for '{}': no verified address, nothing sent", studentId);
                return;
            }
            if (!LOCAL.equals(account.origin())) {
                // the campus directory made it: its password is the university's, and a local one would let it in
                // after the university stopped vouching for the student
                log.info(
                        "Password reset asked for '{}': signs in through the campus directory, nothing sent",
                        studentId);
                return;
            }
            LocalDateTime now = LocalDateTime.now(clock);
            EmailCodeMapper.Code last = mapper.find(account.id(), RESET);
            if (last != null && now.isBefore(last.createTime().plus(BETWEEN_CODES))) {
                log.info("Password reset asked again for student {} within a minute: not sent again", account.id());
                return;
            }
            String code = newCode();
            mapper.keep(
                    account.id(), RESET, account.email(), hash(account.id(), RESET, code), now.plus(CODE_LIFE), now);
            send(
                    server,
                    account.email(),
                    "reset-" + account.id() + "-" + now,
                    "email.resetSubject",
                    "email.resetText",
                    code);
        } catch (CourtRushException e) {
            log.debug("Password reset for '{}' not sent (logged above); they may ask again in a minute", studentId, e);
        } catch (RuntimeException e) {
            log.error("Password reset for '{}' could not be made; they may ask again", studentId, e);
        }
    }

    @PreDestroy
    void stop() {
        resetMail.shutdown();
    }

    private static CustomizableThreadFactory daemonThreads(String prefix) {
        CustomizableThreadFactory threads = new CustomizableThreadFactory(prefix);
        threads.setDaemon(true);
        return threads;
    }

    /** The reset code and a new password: every sign-in of the student ends. */
    public void reset(String studentId, String code, String newPassword) {
        EmailCodeMapper.Account account = studentId == null ? null : mapper.byStudentId(studentId.strip());
        if (account == null || !"STUDENT".equals(account.role()) || !LOCAL.equals(account.origin())) {
            throw CourtRushException.badRequest("email.codeWrong");
        }
        StudentDirectory.requireValidPassword(newPassword); // before the code is used up
        use(account.id(), RESET, code);
        students.resetPassword(account.id(), newPassword, "student:" + studentId.strip() + " (email code)");
        audit.record(
                "student:" + studentId.strip(),
                AuditAction.RESET_PASSWORD_BY_EMAIL,
                AuditTarget.USER,
                studentId.strip());
    }

    /** Uses the code up when {@code code} is it, once (two at once: one wins); else says why not, a wrong try counted. */
    private EmailCodeMapper.Code use(long userId, String purpose, String code) {
        EmailCodeMapper.Code sent = mapper.find(userId, purpose);
        LocalDateTime now = LocalDateTime.now(clock);
        if (sent == null) {
            throw CourtRushException.badRequest("email.codeWrong");
        }
        if (!now.isBefore(sent.expireTime())) {
            throw CourtRushException.conflict("email.codeExpired");
        }
        if (sent.attempts() >= MOST_TRIES) {
            throw CourtRushException.conflict("email.codeTooMany");
        }
        String given = code == null ? "" : code.strip();
        if (!given.matches("\\d{6}")
                || mapper.use(userId, purpose, hash(userId, purpose, given), now, MOST_TRIES) != 1) {
            mapper.wrong(userId, purpose);
            throw CourtRushException.badRequest("email.codeWrong");
        }
        return sent;
    }

    private void send(EmailServer server, String to, String id, String subject, String text, String code) {
        try {
            mailer.send(
                    server,
                    to,
                    id,
                    EngineMessages.format(NoticeEmails.CHINESE, subject) + " / "
                            + EngineMessages.format(Locale.ENGLISH, subject),
                    EngineMessages.format(NoticeEmails.CHINESE, text, code, CODE_LIFE.toMinutes()) + "\n\n"
                            + EngineMessages.format(Locale.ENGLISH, text, code, CODE_LIFE.toMinutes()));
        } catch (MailException e) {
            log.warn(
                    "A code could not be emailed to {}: {}",
                    to,
                    Mailer.attempt(e).summary());
            throw CourtRushException.unavailable(e, "email.sendFailed");
        }
    }

    private EmailServer requireEmail() {
        Optional<EmailServer> server = channels.email();
        return server.orElseThrow(() -> CourtRushException.conflict("channel.emailOff"));
    }

    private static String newCode() {
        return String.format("%06d", RANDOM.nextInt(1_000_000));
    }

    private static String hash(long userId, String purpose, String code) {
        return Digests.sha256Hex(userId + ":" + purpose + ":" + code);
    }

    /**
     * @param pending   a code was sent to {@code email} and not yet given back
     * @param available this gym sends email (a manager set it up)
     */
    public record State(String email, boolean verified, boolean pending, boolean available) {}
}
