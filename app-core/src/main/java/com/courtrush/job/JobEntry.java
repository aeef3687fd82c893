package com.courtrush.job;

import com.courtrush.core.EngineText;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobProgress;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * A staff job as Redis keeps it (JSON): what {@link StaffJob} shows, with the node that runs it, its result as JSON
 * and its failure as a message key and arguments, read in each reader's language.
 */
record JobEntry(
        String id,
        JobKind kind,
        String startedBy,
        String node,
        JobState state,
        JobProgress progress,
        JsonNode result,
        Failure failure,
        Instant startedAt,
        Instant endedAt) {

    /** Why a job failed: a message of the engine's bundles and its arguments. */
    record Failure(String key, List<String> args) {

        static Failure of(EngineText text) {
            return new Failure(
                    text.key(),
                    java.util.Arrays.stream(text.args()).map(String::valueOf).toList());
        }

        EngineText text() {
            return new EngineText(key, args.toArray());
        }
    }

    static JobEntry started(String id, JobKind kind, String startedBy, String node, Instant at) {
        return new JobEntry(id, kind, startedBy, node, JobState.RUNNING, null, null, null, at, null);
    }

    JobEntry progressed(JobProgress now) {
        return new JobEntry(id, kind, startedBy, node, state, now, result, failure, startedAt, endedAt);
    }

    JobEntry done(JsonNode what, Instant at) {
        return new JobEntry(id, kind, startedBy, node, JobState.DONE, progress, what, null, startedAt, at);
    }

    JobEntry failed(EngineText why, Instant at) {
        return new JobEntry(id, kind, startedBy, node, JobState.FAILED, progress, null, Failure.of(why), startedAt, at);
    }

    /** The job as staff see it, in {@code state} (LOST when its node stopped saying it runs), its result as read. */
    <R> StaffJob<R> view(JobState shown, R read) {
        return new StaffJob<>(
                id,
                kind,
                startedBy,
                shown,
                progress,
                read,
                failure == null ? null : failure.text(),
                startedAt,
                endedAt);
    }
}
