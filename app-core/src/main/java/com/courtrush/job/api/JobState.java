package com.courtrush.job.api;

/** Where a staff job stands. */
public enum JobState {
    /** Running (or waiting for a thread) on the node that accepted it, which says so every few seconds. */
    RUNNING,
    /** Ended: its result is the kind's own record. */
    DONE,
    /** Ended without a result: its failure says why. */
    FAILED,
    /** Its node stopped saying it runs (stopped or died) before it ended: it will not end; start it again. */
    LOST;

    /** Whether the job has ended, one way or another: nothing about it changes any more. */
    public boolean ended() {
        return this != RUNNING;
    }
}
