package com.courtrush.job;

/** A job as its work sees it while it runs: which it is, who started it, and where to say how far it got. */
public interface JobRun {

    String id();

    /** Who started it, as the audit names them ({@code Caller.actor()}). */
    String startedBy();

    /** {@code done} of {@code total} (null: not known) in {@code unit}; readers see it at once, on every node. */
    void progress(long done, Long total, String unit);
}
