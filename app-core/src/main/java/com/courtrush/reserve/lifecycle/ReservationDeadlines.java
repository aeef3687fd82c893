package com.courtrush.reserve.lifecycle;

import com.courtrush.core.PayDeadline;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.springframework.stereotype.Component;

/**
 * When an unpaid reservation times out — by the deadline it was given when won — and when refunds of a slot close, by
 * the settings staff edit.
 */
@Component
public class ReservationDeadlines {

    private final AppSettings settings;

    ReservationDeadlines(AppSettings settings) {
        this.settings = settings;
    }

    /**
     * Minutes a booking won now is given to pay ({@code PAY_TIMEOUT_MINUTE}); a booking won before keeps the deadline
     * it was given.
     */
    public int payTimeoutMinutes() {
        return settings.getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
    }

    /**
     * An unpaid reservation is cancelled (TIMEOUT) once this has passed: the deadline it was given when it was won
     * ({@code given}), but never after its slot's start (SPEC §12, issue 55) — booked at 09:38 for 09:40, it must be
     * paid by 09:40, not 09:53. A row an older engine wrote has none: its creation + the timeout set now, as that
     * engine reads it.
     */
    public LocalDateTime payBy(LocalDateTime given, LocalDateTime created, LocalDate slotDate, LocalTime startTime) {
        return PayDeadline.capped(PayDeadline.given(given, created, payTimeoutMinutes()), slotDate, startTime);
    }

    /** Refunds of a slot starting then close at this time ({@code REFUND_CUTOFF_MINUTES} before its start). */
    public LocalDateTime refundUntil(LocalDate slotDate, LocalTime startTime) {
        return slotDate.atTime(startTime).minusMinutes(settings.getInt(SettingKey.REFUND_CUTOFF_MINUTES, 0));
    }
}
