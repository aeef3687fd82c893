package com.courtrush.upgrade.api;

/**
 * A manager's announcement of an upgrade of this node: how many minutes the students are told it takes, 1 to
 * {@value #MOST_MINUTES}; {@value #MINUTES} when left out.
 */
public record UpgradeAnnouncement(Integer minutes) {

    public static final int MINUTES = 30;
    public static final int MOST_MINUTES = 240;

    /** The minutes announced, the default in place of none. */
    public int minutesOrDefault() {
        return minutes == null ? MINUTES : minutes;
    }
}
