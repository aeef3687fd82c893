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
 * "Your court starts soon" (SPEC §17, issue 55): {@code BOOKING_REMINDER_MINUTES} (60) before a paid booking's start,
 * its student is told the court and time, the check-in deadline (the start plus {@code NO_SHOW_GRACE_MINUTES}) and
 * what a no-show costs — a strike, the money kept or refunded as {@code NO_SHOW_REFUND} says — by email too with a
 * verified address. Once per booking: every node runs it, and the notice's message id ({@code BOOKING_SOON:<id>})
 * lets a second node's post change nothing (its email is in the one row). A booking paid within the lead is told at
 * once. Each accepted partner of the booking gets a notice of their own, once per partner the same way
 * ({@code BOOKING_SOON:<id>:<partner's user id>}). Never on the reserve path.
 */
@Component
public class BookingReminders {

    private static final Duration EVERY = Duration.ofSeconds(30);
    private static final int BATCH = 500;

    private final NoticeMapper mapper;
    private final Notices notices;
    private final AppSettings settings;
    private final TransactionTemplate transactions;
    private final Repeated repeated;
    private final Clock clock;

    BookingReminders(
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
        repeated.every(EVERY, "Booking reminders", this::remind);
    }

    /** Reminds every paid booking starting within the lead; returns how many it reminded (0 when the lead is 0). */
    public int remind() {
        int lead = settings.getInt(SettingKey.BOOKING_REMINDER_MINUTES, 0);
        if (lead <= 0) {
            return 0;
        }
        int grace = settings.getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0);
        boolean refunded = settings.getInt(SettingKey.NO_SHOW_REFUND, 0) == 1;
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDateTime until = now.plusMinutes(lead);
        int reminded = 0;
        List<NoticeMapper.Upcoming> batch;
        do {
            batch = mapper.unremindedBookings(
                    now.toLocalDate(), now.toLocalTime(), until.toLocalDate(), until.toLocalTime(), BATCH);
            for (NoticeMapper.Upcoming booking : batch) {
                LocalDateTime checkInBy =
                        booking.slotDate().atTime(booking.startTime()).plusMinutes(grace);
                transactions.executeWithoutResult(tx -> notices.bookingSoon(
                        booking.userId(), booking.id(), booking.slotId(), booking.slotDate(), checkInBy, refunded));
                reminded++;
            }
        } while (batch.size() == BATCH);
        // the accepted partners too, each their own notice (issue 55): BOOKING_SOON:<booking>:<partner>, once
        do {
            batch = mapper.unremindedPartners(
                    now.toLocalDate(), now.toLocalTime(), until.toLocalDate(), until.toLocalTime(), BATCH);
            for (NoticeMapper.Upcoming partner : batch) {
                LocalDateTime checkInBy =
                        partner.slotDate().atTime(partner.startTime()).plusMinutes(grace);
                transactions.executeWithoutResult(tx -> notices.bookingSoonAsPartner(
                        partner.userId(), partner.id(), partner.slotId(), partner.slotDate(), checkInBy));
                reminded++;
            }
        } while (batch.size() == BATCH);
        return reminded;
    }
}
