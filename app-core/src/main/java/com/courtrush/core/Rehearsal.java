package com.courtrush.core;

/**
 * The ids of the engine's rehearsal (decision 28): before a rush, a node sends a crowd at an opening of its own
 * making, through the same code the rush runs, so that the JIT has compiled it before the first student taps.
 * Its openings, slots and students are nobody's: in memory, in Redis and on the broker they have ids from
 * {@link #FIRST_ID} up, which no table's counter reaches (2<sup>47</sup>, within a trace id's 48 bits); in the
 * database, where they are written only in a transaction that is rolled back, their mirror images below zero,
 * which move no counter either. Whatever counts, tells or keeps what happens to the rush — the rush series, the
 * meters, the other openings' fair shares, the recent students, recovery — leaves an id of the rehearsal alone.
 */
public final class Rehearsal {

    /** The first id of the rehearsal's openings, slots and students: 2<sup>47</sup>. */
    public static final long FIRST_ID = 1L << 47;

    private Rehearsal() {}

    /** Whether an opening, slot or student id is the rehearsal's (in memory, Redis and messages, or its mirror). */
    public static boolean isRehearsal(long id) {
        return id >= FIRST_ID || id < 0;
    }

    /** The id the rehearsal's row of {@code id} has in the database, in a transaction rolled back: below zero. */
    public static long mirror(long id) {
        if (id < FIRST_ID) {
            throw new IllegalArgumentException("not a rehearsal id: " + id);
        }
        return FIRST_ID - 1 - id;
    }
}
