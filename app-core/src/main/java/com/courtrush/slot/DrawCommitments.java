package com.courtrush.slot;

/**
 * Where the students' slot list finds a fair draw's commitment (SPEC §13: published from the warm-up on); kept by
 * the reserve engine's record of draws, which implements it.
 */
public interface DrawCommitments {

    /** The SHA-256 commitment of the opening's draw secret; null until its warm-up has made one. */
    String commitment(long sessionId);
}
