package com.courtrush.notice;

import com.courtrush.core.EngineMessages;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.Repeated;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.PageAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.mail.MailException;
import org.springframework.stereotype.Component;

/**
 * The notices' email outbox (SPEC §17): every node sends the notices whose email is due, each taken under a
 * lease so two nodes never send one at once; a failed send is tried again later, less and less often, for
 * {@code courtrush.notices.retry-for} (3 days, {@link Retries}); then it is given up, staff are told how many were
 * (a staff alert), and they may send them again. A node that dies after sending and before marking it sent leaves
 * the lease to run out and the email is sent again — at least once, never lost — with the same Message-ID.
 */
@Component
public class NoticeEmails {

    static final String PENDING = "PENDING";
    static final String FAILED = "FAILED";
    static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;

    private static final Logger log = LoggerFactory.getLogger(NoticeEmails.class);
    private static final Duration EVERY = Duration.ofSeconds(1);
    private static final int BATCH = 20;

    private final NoticeMapper mapper;
    private final NoticeInbox notices;
    private final NoticeChannels channels;
    private final Mailer mailer;
    private final StaffAlerts alerts;
    private final Repeated repeated;
    private final Clock clock;
    private final Duration lease;
    private final Retries retries;
    private final PageAddress page;

    NoticeEmails(
            CourtRushProperties properties,
            NoticeMapper mapper,
            NoticeInbox notices,
            NoticeChannels channels,
            Mailer mailer,
            StaffAlerts alerts,
            Repeated repeated,
            Clock clock,
            PageAddress page) {
        this.page = page;
        this.lease = properties.notices().sendLease();
        this.retries = new Retries(properties.notices().retryFor());
        this.mapper = mapper;
        this.notices = notices;
        this.channels = channels;
        this.mailer = mailer;
        this.alerts = alerts;
        this.repeated = repeated;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "Sending the notices' emails", this::sendDue);
    }

    /** Sends what is due now; returns how many were sent. Nothing while the email channel is off. */
    public int sendDue() {
        return sendDue(LocalDateTime.now(clock));
    }

    /** Sends what is due at {@code now}; when some are given up, staff are told how many wait to be sent again. */
    int sendDue(LocalDateTime now) {
        Optional<EmailServer> server = channels.email();
        if (server.isEmpty()) {
            return 0;
        }
        int sent = 0;
        int givenUp = 0;
        long started = System.nanoTime();
        for (Long id : mapper.dueEmails(now, BATCH)) {
            // each email at its own time in the pass: a slow server must not shorten the next one's lease or wait
            LocalDateTime at = now.plusNanos(System.nanoTime() - started);
            if (mapper.claimEmail(id, at, at.plus(lease)) == 1) {
                switch (send(server.get(), id, at)) {
                    case DELIVERED -> sent++;
                    case GIVEN_UP -> givenUp++;
                    case LATER -> {}
                }
            }
        }
        if (givenUp > 0) {
            alerts.emailsGivenUp(mapper.givenUpEmails(), retries.retryFor());
        }
        return sent;
    }

    private Sent send(EmailServer server, long id, LocalDateTime now) {
        NoticeMapper.Outgoing outgoing = mapper.outgoing(id);
        NoticeMapper.Row row = mapper.one(id);
        NoticeInbox.Notice zh = notices.view(row, CHINESE);
        NoticeInbox.Notice en = notices.view(row, Locale.ENGLISH);
        try {
            mailer.send(
                    server,
                    outgoing.emailTo(),
                    "notice-" + outgoing.messageId(),
                    EngineMessages.format(CHINESE, "notice.email.subject", zh.title(), en.title()),
                    zh.text() + "\n\n" + en.text() + "\n\n" + link(zh.link())
                            + EngineMessages.format(CHINESE, "notice.email.footer")
                            + "\n" + EngineMessages.format(Locale.ENGLISH, "notice.email.footer"));
        } catch (RuntimeException e) { // a MailException, or anything else that kept it from being sent
            // whatever failed (a server's odd answer included), the email's tries go on and end on time
            return failed(outgoing, id, now, e);
        }
        mapper.emailSent(id, now);
        return Sent.DELIVERED;
    }

    /**
     * The notice's booking or offer on the students' page, both languages' words on one line, then a blank line;
     * nothing while no address of the page is known.
     */
    private String link(String hash) {
        String base = page.studentUrl();
        if (base == null || base.isBlank() || hash == null) {
            return "";
        }
        return EngineMessages.format(CHINESE, "notice.email.link") + " / "
                + EngineMessages.format(Locale.ENGLISH, "notice.email.link") + ": "
                + (base.endsWith("/") ? base : base + "/") + hash + "\n\n";
    }

    private Sent failed(NoticeMapper.Outgoing outgoing, long id, LocalDateTime now, RuntimeException e) {
        int attempts = outgoing.emailAttempts();
        String error = e instanceof MailException mail
                ? Mailer.attempt(mail).summary()
                : "not sent: " + e.getClass().getSimpleName();
        LocalDateTime next = retries.next(outgoing.triesFrom(), attempts, now);
        if (next == null) {
            log.error(
                    "Notice {} could not be emailed to its student in {} ({} tries); given up until staff send it"
                            + " again: {}",
                    outgoing.messageId(),
                    retries.retryFor(),
                    attempts,
                    error);
            mapper.emailFailed(id, FAILED, now, error);
            return Sent.GIVEN_UP;
        }
        log.warn(
                "Notice {} could not be emailed (attempt {}), tried again at {}: {}",
                outgoing.messageId(),
                attempts,
                next,
                error);
        mapper.emailFailed(id, PENDING, next, error);
        return Sent.LATER;
    }

    /** The given-up emails tried again from now, for as long again; how many. */
    int sendAgain() {
        return mapper.sendEmailsAgain(LocalDateTime.now(clock));
    }

    /** How many emails were given up and wait for staff to send them again. */
    int givenUp() {
        return mapper.givenUpEmails();
    }

    /** What became of one email's try. */
    private enum Sent {
        DELIVERED,
        LATER,
        GIVEN_UP
    }
}
