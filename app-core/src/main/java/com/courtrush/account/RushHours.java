package com.courtrush.account;

import java.time.Duration;

/**
 * Whether an opening's rush is on: from a moment before its flash time to a while after it. Password
 * hashing waits it out: a sign-in storm's hashes would take the cores the rush's requests need (the
 * students' mix measured it: every reserve answer held up by the two hashing threads). Declared here,
 * implemented where the openings are known.
 */
public interface RushHours {

    /** How long before an opening's flash time its rush begins. */
    Duration BEFORE = Duration.ofSeconds(1);

    /** How long the rush that is on now goes on; zero when none is. */
    Duration left();

    /** An opening's rush is on now. */
    default boolean now() {
        return !left().isZero();
    }
}
