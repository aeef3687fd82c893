package com.courtrush.notice;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.config.Repeated;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * "Remind me" of an opening (SPEC §17): a student who asked is sent a notice {@link #LEAD} before its flash time
 * (by email too, with a verified address), once — the reminder marked sent in the notice's transaction. Every
 * node runs it; the mark and the notice's message id keep it once. Never on the reserve path.
 */
@Component
public class FlashReminders {

    static final Duration LEAD = Duration.ofMinutes(10);
    private static final Duration EVERY = Duration.ofSeconds(15);
    private static final int BATCH = 500;

    private final ReminderMapper mapper;
    private final Notices notices;
    private final TransactionTemplate transactions;
    private final Repeated repeated;
    private final Clock clock;

    FlashReminders(
            ReminderMapper mapper, Notices notices, TransactionTemplate transactions, Repeated repeated, Clock clock) {
        this.mapper = mapper;
        this.notices = notices;
        this.transactions = transactions;
        this.repeated = repeated;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "Opening reminders", this::remind);
    }

    /** Asks for (or, {@code on} false, drops) a reminder of the opening; 409 once its flash time has come. */
    public List<Long> set(long userId, long sessionId, boolean on) {
        LocalDateTime now = LocalDateTime.now(clock);
        if (on) {
            LocalDateTime flash = mapper.flashTime(sessionId);
            if (flash == null) {
                throw CourtRushException.notFound("opening.notFound", sessionId);
            }
            if (!flash.isAfter(now)) {
                throw CourtRushException.conflict("notice.reminderTooLate");
            }
            mapper.keep(userId, sessionId, now);
        } else {
            mapper.drop(userId, sessionId);
        }
        return upcoming(userId);
    }

    /** The openings the student will be reminded of. */
    public List<Long> upcoming(long userId) {
        return mapper.upcoming(userId, LocalDateTime.now(clock));
    }

    /** Sends the reminders now due; returns how many this call sent. */
    public int remind() {
        LocalDateTime now = LocalDateTime.now(clock);
        int sent = 0;
        List<ReminderMapper.Due> batch;
        do {
            batch = mapper.due(now, now.plus(LEAD), BATCH);
            for (ReminderMapper.Due due : batch) {
                Boolean mine = transactions.execute(tx -> {
                    if (mapper.sent(due.userId(), due.sessionId(), now) != 1) {
                        return false; // another node's
                    }
                    notices.openingSoon(due.userId(), due.sessionId(), due.sessionDate(), due.flashTime());
                    return true;
                });
                if (Boolean.TRUE.equals(mine)) {
                    sent++;
                }
            }
        } while (batch.size() == BATCH);
        return sent;
    }
}
