package com.courtrush.notice;

import com.courtrush.core.EngineMessages;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.Repeated;
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
 * lease so two nodes never send one at once; a failed send is tried again later, less and less often, and
 * given up after {@link #MOST_ATTEMPTS}. A node that dies after sending and before marking it sent leaves the
 * lease to run out and the email is sent again — at least once, never lost — with the same Message-ID.
 */
@Component
public class NoticeEmails {

    static final String PENDING = "PENDING";
    static final String FAILED = "FAILED";
    static final int MOST_ATTEMPTS = 10;
    static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;

    private static final Logger log = LoggerFactory.getLogger(NoticeEmails.class);
    private static final Duration EVERY = Duration.ofSeconds(1);
    private static final Duration FIRST_RETRY = Duration.ofSeconds(5);
    private static final Duration LONGEST_RETRY = Duration.ofMinutes(15);
    private static final int BATCH = 20;

    private final NoticeMapper mapper;
    private final Notices notices;
    private final NoticeChannels channels;
    private final Mailer mailer;
    private final Repeated repeated;
    private final Clock clock;
    private final Duration lease;

    NoticeEmails(
            CourtRushProperties properties,
            NoticeMapper mapper,
            Notices notices,
            NoticeChannels channels,
            Mailer mailer,
            Repeated repeated,
            Clock clock) {
        this.lease = properties.notices().sendLease();
        this.mapper = mapper;
        this.notices = notices;
        this.channels = channels;
        this.mailer = mailer;
        this.repeated = repeated;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "Sending the notices' emails", this::sendDue);
    }

    /** Sends what is due now; returns how many were sent. Nothing while the email channel is off. */
    public int sendDue() {
        Optional<NoticeChannels.Email> server = channels.email();
        if (server.isEmpty()) {
            return 0;
        }
        int sent = 0;
        LocalDateTime now = LocalDateTime.now(clock);
        for (Long id : mapper.dueEmails(now, BATCH)) {
            if (mapper.claimEmail(id, now, now.plus(lease)) == 1 && send(server.get(), id)) {
                sent++;
            }
        }
        return sent;
    }

    private boolean send(NoticeChannels.Email server, long id) {
        NoticeMapper.Outgoing outgoing = mapper.outgoing(id);
        NoticeMapper.Row row = mapper.one(id);
        Notices.Notice zh = notices.view(row, CHINESE);
        Notices.Notice en = notices.view(row, Locale.ENGLISH);
        try {
            mailer.send(
                    server,
                    outgoing.emailTo(),
                    "notice-" + outgoing.messageId(),
                    EngineMessages.format(CHINESE, "notice.email.subject", zh.title(), en.title()),
                    zh.text() + "\n\n" + en.text() + "\n\n" + EngineMessages.format(CHINESE, "notice.email.footer")
                            + "\n" + EngineMessages.format(Locale.ENGLISH, "notice.email.footer"));
            mapper.emailSent(id, LocalDateTime.now(clock));
            return true;
        } catch (MailException e) {
            int attempts = outgoing.emailAttempts();
            String error = Mailer.attempt(e).summary();
            if (attempts >= MOST_ATTEMPTS) {
                log.error(
                        "Notice {} could not be emailed to its student after {} attempts; given up: {}",
                        outgoing.messageId(),
                        attempts,
                        error);
                mapper.emailFailed(id, FAILED, LocalDateTime.now(clock), error);
            } else {
                LocalDateTime next = retryAt(LocalDateTime.now(clock), attempts);
                log.warn(
                        "Notice {} could not be emailed (attempt {} of {}), tried again at {}: {}",
                        outgoing.messageId(),
                        attempts,
                        MOST_ATTEMPTS,
                        next,
                        error);
                mapper.emailFailed(id, PENDING, next, error);
            }
            return false;
        }
    }

    /** When a delivery that failed its {@code attempts}-th try is tried again: 5 s, then twice as long each time. */
    static LocalDateTime retryAt(LocalDateTime now, int attempts) {
        Duration wait = FIRST_RETRY.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 20));
        return now.plus(wait.compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : wait);
    }
}
