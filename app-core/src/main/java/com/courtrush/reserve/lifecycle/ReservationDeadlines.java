package com.courtrush.reserve.lifecycle;

import com.courtrush.core.PayDeadline;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.springframework.stereotype.Component;

/** When an unpaid reservation times out and when refunds of a slot close, by the settings staff edit. */
@Component
public class ReservationDeadlines {

    private final AppSettings settings;

    ReservationDeadlines(AppSettings settings) {
        this.settings = settings;
    }

    /** Minutes an unpaid reservation waits for its payment ({@code PAY_TIMEOUT_MINUTE}). */
    public int payTimeoutMinutes() {
        return settings.getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE);
    }

    /** An unpaid reservation made at {@code created} is cancelled (TIMEOUT) once this has passed. */
    public LocalDateTime payBy(LocalDateTime created) {
        return created.plusMinutes(payTimeoutMinutes());
    }

    /**
     * An unpaid reservation made at {@code created} of a slot starting then is cancelled (TIMEOUT) once this has
     * passed: the payment timeout, but never after the slot's start (SPEC §12, issue 55) — booked at 09:38 for 09:40,
     * it must be paid by 09:40, not 09:53.
     */
    public LocalDateTime payBy(LocalDateTime created, LocalDate slotDate, LocalTime startTime) {
        return PayDeadline.capped(payBy(created), slotDate, startTime);
    }

    /** Refunds of a slot starting then close at this time ({@code REFUND_CUTOFF_MINUTES} before its start). */
    public LocalDateTime refundUntil(LocalDate slotDate, LocalTime startTime) {
        return slotDate.atTime(startTime).minusMinutes(settings.getInt(SettingKey.REFUND_CUTOFF_MINUTES, 0));
    }
}
