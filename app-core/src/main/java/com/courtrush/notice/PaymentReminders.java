package com.courtrush.notice;

import com.courtrush.infra.config.Repeated;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * "Payment due in 5 minutes": once per unpaid booking, {@link #LEAD} before its payment timeout (none when
 * the timeout is that short: the won notice told the deadline). Every node runs it; a notice's message id
 * keeps it once.
 */
@Component
public class PaymentReminders {

    static final Duration LEAD = Duration.ofMinutes(5);
    private static final Duration EVERY = Duration.ofSeconds(20);
    private static final int BATCH = 500;

    private final NoticeMapper mapper;
    private final Notices notices;
    private final AppSettings settings;
    private final TransactionTemplate transactions;
    private final Repeated repeated;
    private final Clock clock;

    PaymentReminders(
            NoticeMapper mapper,
            Notices notices,
            AppSettings settings,
            TransactionTemplate transactions,
            Repeated repeated,
            Clock clock) {
        this.mapper = mapper;
        this.notices = notices;
        this.settings = settings;
        this.transactions = transactions;
        this.repeated = repeated;
        this.clock = clock;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "Payment reminders", this::remind);
    }

    /** Reminds every unpaid booking whose payment is due within {@link #LEAD}; returns how many it reminded. */
    public int remind() {
        int minutes = settings.getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
        if (minutes <= LEAD.toMinutes()) {
            return 0;
        }
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime expired = now.minusMinutes(minutes);
        LocalDateTime due = now.minusMinutes(minutes).plus(LEAD);
        int reminded = 0;
        List<NoticeMapper.Unpaid> batch;
        do {
            batch = mapper.unreminded(expired, due, BATCH);
            for (NoticeMapper.Unpaid unpaid : batch) {
                // another node reminding the same booking at once posts nothing more: the message id is once
                transactions.executeWithoutResult(tx -> notices.payDue(
                        unpaid.userId(),
                        unpaid.id(),
                        unpaid.slotId(),
                        unpaid.createTime().plusMinutes(minutes)));
                reminded++;
            }
        } while (batch.size() == BATCH);
        return reminded;
    }
}
