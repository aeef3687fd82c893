package com.courtrush.setting.api;

/** The settings kept in {@code app_config}, with their defaults. */
public enum SettingKey {
    /** Minutes a PENDING_PAYMENT reservation waits for payment before it is cancelled. */
    PAY_TIMEOUT_MINUTE("15", 1, 1440),
    /** Price of a slot that has none of its own, in cents. */
    DEFAULT_PRICE_CENTS("2000", 0, 10_000_000),
    /** Refunds close this many minutes before the slot starts (0: at its start); staff may override. */
    REFUND_CUTOFF_MINUTES("0", 0, 10080),
    /** Minutes after a slot's start by which a booking must be checked in, else it is a no-show (SPEC §16). */
    NO_SHOW_GRACE_MINUTES("15", 0, 240),
    /** No-show strikes within {@code STRIKE_WINDOW_DAYS} that block a student. */
    STRIKES_TO_BLOCK("3", 1, 100),
    /** Days over which strikes are counted. */
    STRIKE_WINDOW_DAYS("30", 1, 365),
    /** Days a student stays blocked from the strike that blocked them (0: strikes never block). */
    BLOCK_DAYS("7", 0, 365),
    /** 1: a no-show's payment is refunded; 0 (the default): it is kept (SPEC §16). */
    NO_SHOW_REFUND("0", 0, 1),
    /**
     * Minutes before a paid booking's start its student is reminded of it — the check-in deadline and what a no-show
     * costs (SPEC §17); 0: no reminder.
     */
    BOOKING_REMINDER_MINUTES("60", 0, 1440),
    /** Most students waiting for a place of one slot (SPEC §16). */
    WAITLIST_PER_SLOT("25", 1, 1000),
    /** Most slots one student waits for at a time, over every opening. */
    WAITS_PER_STUDENT("3", 1, 50),
    /** Minutes a place offered to a waitlisted student is held for them (never past the slot's start). */
    OFFER_MINUTES("10", 1, 1440),
    /** Most partners a booker may name on one booking (SPEC §17); 0: no partners. */
    PARTNERS_PER_BOOKING("3", 0, 7),
    /**
     * Most bookings one student appears on in a play date, as booker or accepted partner: held at every place granted
     * and every partner's acceptance (SPEC §16 fair share).
     */
    BOOKINGS_PER_DAY("2", 1, 20),
    /** Most bookings one student appears on in a calendar week of play dates, Monday first (0: no weekly share). */
    BOOKINGS_PER_WEEK("0", 0, 100),
    /** 1 (the default): a student holds at most one place at the same time, as booker or partner; 0: no such rule. */
    ONE_PLACE_AT_A_TIME("1", 0, 1),
    /** Days a student's notices are kept (SPEC §20); 0: for ever. */
    NOTICE_DAYS("180", 0, 36500),
    /** Days the staff alerts sent or given up, and the opening reminders sent, are kept; 0: for ever. */
    OUTBOX_DAYS("30", 0, 36500),
    /** Days an email code (an address to verify, a password to reset) is kept past its expiry; 0: for ever. */
    EMAIL_CODE_DAYS("7", 0, 36500),
    /** Days the audit trail is kept in the database, older entries going to a dated archive file first; 0: for ever. */
    AUDIT_DAYS("1095", 0, 36500),
    /**
     * Days the waits and offers of a played slot are kept; the reports keep their offers as daily figures; 0: for
     * ever.
     */
    WAIT_DAYS("90", 0, 36500),
    /** Days an opening's rush is kept second by second (in Redis) for Live rush and its history. */
    RUSH_HISTORY_DAYS("2", 1, 30),
    /**
     * The gym's name as its receipts, shift reports and emails print it, asked at the console's first start with the
     * first manager; unset: {@code courtrush.gym-name}. Text, not a number staff set here.
     */
    GYM_NAME(null, 1, 0),
    /** HMAC secret of student tokens, shared by every node; never shown. */
    AUTH_TOKEN_SECRET(null, 1, 0),
    /** HMAC secret of check-in codes, shared by every node; never shown. */
    CHECK_IN_SECRET(null, 1, 0),
    /**
     * When no-shows began to be counted (the first start with check-in): bookings of slots that started
     * before then were never asked to check in, so they are never no-shows. Never shown.
     */
    NO_SHOWS_SINCE(null, 1, 0);

    private final String defaultValue;
    private final long min;
    private final long max;

    /** A whole number setting from {@code min} to {@code max}; {@code max < min}: not a number staff set. */
    SettingKey(String defaultValue, long min, long max) {
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
    }

    public String defaultValue() {
        return defaultValue;
    }

    /** Whether staff may see and edit it (the signing secret they never see). */
    public boolean visible() {
        return max >= min;
    }

    /** The least value staff may set. */
    public long min() {
        return min;
    }

    /** The greatest value staff may set. */
    public long max() {
        return max;
    }
}
