package com.courtrush.setting;

/** The settings kept in {@code app_config}, with their defaults. */
public enum SettingKey {
    /** Minutes a PENDING_PAYMENT reservation waits for payment before it is cancelled. */
    PAY_TIMEOUT_MINUTE("15", true),
    /** Price of a slot that has none of its own, in cents. */
    DEFAULT_PRICE_CENTS("2000", true),
    /** Refunds close this many minutes before the slot starts (0: at its start); staff may override. */
    REFUND_CUTOFF_MINUTES("0", true),
    /** HMAC secret of student tokens, shared by every node; never shown. */
    AUTH_TOKEN_SECRET(null, false);

    private final String defaultValue;
    private final boolean visible;

    SettingKey(String defaultValue, boolean visible) {
        this.defaultValue = defaultValue;
        this.visible = visible;
    }

    public String defaultValue() {
        return defaultValue;
    }

    /** Whether staff may see and edit it. */
    public boolean visible() {
        return visible;
    }
}
