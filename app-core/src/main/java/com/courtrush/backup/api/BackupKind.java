package com.courtrush.backup.api;

/**
 * Who wanted a backup made (issue 75): the engine's own restore points and those staff asked for are kept apart, so
 * that any number asked for can never push a restore point out. Told by the file's name: an on-demand backup's ends
 * in {@value #ON_DEMAND_MARK}{@code .zip}; every other name — those of versions before this one too — is a scheduled
 * one's.
 */
public enum BackupKind {
    /** A restore point the engine makes: each night, and at a start when the newest is more than a day old. */
    SCHEDULED,
    /** One staff asked for (the console's "Back up now", {@code POST /admin/backups}), limited to one a minute. */
    ON_DEMAND;

    /** What an on-demand backup's file name ends in, before {@code .zip}. */
    public static final String ON_DEMAND_MARK = "-on-demand";

    /** The kind of the backup of that file name. */
    public static BackupKind ofName(String name) {
        return name.endsWith(ON_DEMAND_MARK + ".zip") ? ON_DEMAND : SCHEDULED;
    }
}
