package com.courtrush.job;

/** What a job of a kind does: its result, the kind's own record; it reports how far it got through {@link JobRun}. */
@FunctionalInterface
public interface JobWork<R> {

    R run(JobRun job);
}
