package com.courtrush.audit.api;

/**
 * What an audit entry says was done: a closed list, stored as the constant's name (the codes the trail has always
 * held, so older entries and filters read the same). The console words each in its language.
 */
public enum AuditAction {
    ACCOUNT_MADE,
    AUTO_REFUND,
    BACKUP,
    CANCEL,
    CANCEL_TIMEOUT,
    COMPACT_DATABASE,
    CHANGE_PASSWORD,
    CHANGE_RULE_DATE,
    CHECK_IN,
    CHECK_IN_UNDO,
    CLOSE,
    CLOSE_RULE_DATE,
    COMPENSATE,
    CONSOLE_SIGN_IN,
    CREATE_COURT,
    CREATE_RULE,
    CREATE_SESSION,
    CREATE_STAFF,
    DISABLE_ACCOUNT,
    DISABLE_COURT,
    DISABLE_RULE,
    DISABLE_SLOT,
    DRAW,
    EDIT_RULE,
    EDIT_SLOT,
    ENABLE_ACCOUNT,
    ENABLE_COURT,
    ENABLE_RULE,
    ENABLE_SLOT,
    FORGIVE_STRIKE,
    GENERATE_SLOTS,
    IMPORT_STUDENTS,
    LEFT_DIRECTORY,
    MAKE_MANAGER,
    MAKE_STAFF,
    MARK_PAID,
    NO_SHOW,
    OPEN,
    PAID_WECHAT,
    PAY_AT_DESK,
    PAY_NOTIFY_REFUSED,
    PAY_NOTIFY_SET_ASIDE,
    RECONCILE,
    RECONCILE_GRANTS,
    REFUND,
    REFUND_ABNORMAL,
    REFUND_CLOSED,
    REFUND_PART,
    RENAME_COURT,
    REPLAY,
    RESET_PASSWORD,
    RESET_PASSWORD_BY_EMAIL,
    RESTORE,
    RESTORE_RULE_DATE,
    RESYNC,
    ROLE_FROM_DIRECTORY,
    RULE_FAILED,
    RULE_OPENING,
    SEND_AGAIN,
    SET_CAMPUS_SIGN_IN,
    SET_EMAIL_CHANNEL,
    SET_WEBHOOK,
    SET_WECHAT_NOTICES,
    SET_WECHAT_PAY,
    SHIFT_CLOSE,
    SHIFT_OPEN,
    SHOW_CHANNEL_SECRETS,
    SIGN_IN,
    SIGN_IN_REFUSED,
    SINGLE_LOGOUT,
    SWEEP_HISTORY,
    UPDATE_SETTINGS,
    UPGRADE_ANNOUNCED,
    UPGRADE_CALLED_OFF,
    WALK_IN,
    WARM_UP,
    WECHAT_BOUND,
    WECHAT_UNBOUND;

    /** How the trail stores it (and a filter names it). */
    public String code() {
        return name();
    }

    /** The action of a refund WeChat Pay ended without the money reaching the student: CLOSED, else ABNORMAL. */
    public static AuditAction refundEnded(Object status) {
        return "CLOSED".equals(String.valueOf(status)) ? REFUND_CLOSED : REFUND_ABNORMAL;
    }
}
