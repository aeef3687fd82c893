package com.courtrush.audit.api;

/**
 * What kind of record an audit entry is about: a closed list, stored as the constant's name (the codes the trail
 * has always held). The console words each in its language.
 */
public enum AuditTarget {
    /** A WeChat Pay bill of a day, reconciled. */
    BILL,
    /** A class or team block: a court held every week at an hour for a term. */
    BLOCK,
    /** A closure of a court, a venue or a sport for a period. */
    CLOSURE,
    /** A court. */
    COURT,
    /** The database as a whole (a backup, a sweep of old history). */
    DATABASE,
    /** A file staff brought in (a students' import), by its name. */
    FILE,
    /** A staff job (a sweep a manager started), by its id; its actor is who started it. */
    JOB,
    /** A node of the engine, by its name (pid@host/…): an upgrade announced on it. */
    NODE,
    /** A notification WeChat Pay sent, by where it came from. */
    PAY_NOTIFY,
    /** A payment order, by its out-trade number; a refund of it, by its out-refund number. */
    PAY_ORDER,
    /** A reservation. */
    RESERVATION,
    /** A recurring opening (a rule). */
    RULE,
    /** An opening (a reservation session) or a directory sign-in session. */
    SESSION,
    /** A setting of the gym: a notice channel, WeChat Pay, campus sign-in. */
    SETTING,
    /** The settings screen's settings, changed together. */
    SETTINGS,
    /** A till shift. */
    SHIFT,
    /** A slot. */
    SLOT,
    /** A sport, by its code. */
    SPORT,
    /** A no-show strike. */
    STRIKE,
    /** A reservation's trace through the queue, before it has an id. */
    TRACE,
    /** An account: a student's or a staff member's. */
    USER,
    /** A venue: a hall, a room, outdoor courts. */
    VENUE;

    /** How the trail stores it (and a filter names it). */
    public String code() {
        return name();
    }
}
