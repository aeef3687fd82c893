package com.courtrush.notice;

import com.courtrush.core.PayDeadline;
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
 * "Payment due in 5 minutes": once per unpaid booking, {@link #LEAD} before its payment deadline — the one it was
 * given when won, or the slot's start when that comes first ({@link PayDeadline}) — none when it was due that soon
 * from the start (the won notice told the deadline), nor to a student WeChat Pay says has paid ({@link PayDueCheck}).
 * Every node runs it; a notice's message id keeps it once.
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
    private final List<PayDueCheck> checks;

    PaymentReminders(
            NoticeMapper mapper,
            Notices notices,
            AppSettings settings,
            TransactionTemplate transactions,
            Repeated repeated,
            Clock clock,
            List<PayDueCheck> checks) {
        this.mapper = mapper;
        this.notices = notices;
        this.settings = settings;
        this.transactions = transactions;
        this.repeated = repeated;
        this.clock = clock;
        this.checks = List.copyOf(checks);
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "Payment reminders", this::remind);
    }

    /**
     * Reminds every unpaid booking whose payment is due within {@link #LEAD} — by the deadline it was given when won
     * or, sooner, by its slot's start — unless it was due that soon when it was made (its won notice told the
     * deadline) or WeChat Pay says it was paid after all ({@link PayDueCheck}: settled instead); returns how many it
     * reminded.
     */
    public int remind() {
        int minutes = settings.getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE); // for a row without its deadline
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime soon = now.plus(LEAD);
        int reminded = 0;
        long afterId = 0;
        List<NoticeMapper.Unpaid> batch;
        do {
            batch = mapper.unreminded(now, soon, minutes, soon.toLocalDate(), soon.toLocalTime(), afterId, BATCH);
            for (NoticeMapper.Unpaid unpaid : batch) {
                afterId = unpaid.id();
                LocalDateTime payBy = PayDeadline.capped(
                        PayDeadline.given(unpaid.payBy(), unpaid.createTime(), minutes),
                        unpaid.slotDate(),
                        unpaid.startTime());
                if (!payBy.isAfter(now)
                        || !payBy.isAfter(unpaid.createTime().plus(LEAD))
                        || !stillUnpaid(unpaid.id())) {
                    continue;
                }
                // another node reminding the same booking at once posts nothing more: the message id is once
                transactions.executeWithoutResult(
                        tx -> notices.payDue(unpaid.userId(), unpaid.id(), unpaid.slotId(), payBy));
                reminded++;
            }
        } while (batch.size() == BATCH);
        return reminded;
    }

    /** Whether every check says the booking is still unpaid (WeChat Pay asked of a payment it was not told of). */
    private boolean stillUnpaid(long reservationId) {
        for (PayDueCheck check : checks) {
            if (!check.stillUnpaid(reservationId)) {
                return false;
            }
        }
        return true;
    }
}
