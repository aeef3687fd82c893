package com.courtrush.audit.api;

/**
 * The engine's own jobs as the audit trail names them when they act: {@code system:<job>}. The console and the
 * engine's texts word each in both languages.
 */
public enum SystemActor {
    ATTENDANCE("attendance"),
    BACKUP("backup"),
    CLOCK("clock"),
    CONSUMER("consumer"),
    DLQ("dlq"),
    DRAW("draw"),
    NO_SHOW("no-show"),
    ON_DEMAND("on-demand"),
    PAYMENT("payment"),
    PAY_TIMEOUT("pay-timeout"),
    PUBLISHER("publisher"),
    RECONCILER("reconciler"),
    RETENTION("retention"),
    RULES("rules"),
    SLOT_EDITOR("slot-editor"),
    WECHAT_BILLS("wechat-bills");

    public static final String PREFIX = "system:";

    private final String job;

    SystemActor(String job) {
        this.job = job;
    }

    /** The job's name, e.g. {@code pay-timeout}. */
    public String job() {
        return job;
    }

    /** How the trail names it as an actor, e.g. {@code system:pay-timeout}. */
    public String actor() {
        return PREFIX + job;
    }
}
