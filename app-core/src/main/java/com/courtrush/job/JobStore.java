package com.courtrush.job;

import com.courtrush.core.CourtRushException;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobState;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.redisson.api.RBucket;
import org.redisson.api.RScoredSortedSet;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.springframework.stereotype.Component;

/**
 * Where staff jobs are kept, for every node to read (Redis, plain strings): each job's JSON ({@link RedisKeys#job}),
 * kept {@link #KEPT} after its last change; the recent ones by when they started ({@link RedisKeys#JOBS}, the last
 * {@link #RECENT}); and, per kind, the claim of the one running ({@link RedisKeys#jobRunning}).
 */
@Component
class JobStore {

    static final Duration KEPT = Duration.ofDays(1);
    static final int RECENT = 100;
    private static final int CLAIM_TRIES = 3;

    private final RedissonClient redisson;
    private final ObjectMapper json;

    JobStore(RedissonClient redisson, ObjectMapper json) {
        this.redisson = redisson;
        this.json = json;
    }

    /**
     * Claims {@code kind} for the job {@code id} for {@code alive}: null when claimed, else the id of the job of that
     * kind that runs now. A claim whose job ended (its release never reached Redis) or is gone is taken over.
     */
    String claim(JobKind kind, String id, Duration alive) {
        RBucket<String> running = running(kind);
        for (int tries = 0; tries < CLAIM_TRIES; tries++) {
            if (running.setIfAbsent(id, alive)) {
                return null;
            }
            String holder = running.get();
            if (holder == null) {
                continue; // it lapsed meanwhile
            }
            JobEntry held = read(holder);
            if (held != null && held.state() == JobState.RUNNING) {
                return holder;
            }
            if (running.compareAndSet(holder, id)) {
                running.expire(alive);
                return null;
            }
        }
        throw CourtRushException.conflict("job.contended");
    }

    /** Whether the job {@code id} still holds its kind's claim: its node says it runs. */
    boolean alive(JobKind kind, String id) {
        return id.equals(running(kind).get());
    }

    /** The heartbeat: the claim kept for {@code alive} more, or taken again if it lapsed meanwhile (a long pause). */
    void keepAlive(JobKind kind, String id, Duration alive) {
        RBucket<String> running = running(kind);
        String holder = running.get();
        if (id.equals(holder)) {
            running.expire(alive);
        } else if (holder == null) {
            running.setIfAbsent(id, alive);
        }
    }

    /** The job ended: its kind may run again. */
    void release(JobKind kind, String id) {
        running(kind).compareAndSet(id, null);
    }

    /** A new job: kept, and listed among the recent ones. */
    void create(JobEntry job) {
        save(job);
        RScoredSortedSet<String> recent = redisson.getScoredSortedSet(RedisKeys.JOBS, StringCodec.INSTANCE);
        recent.add(job.startedAt().toEpochMilli(), job.id());
        recent.removeRangeByRank(0, -RECENT - 1);
        recent.expire(KEPT);
    }

    void save(JobEntry job) {
        try {
            bucket(RedisKeys.job(job.id())).set(json.writeValueAsString(job), KEPT);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A staff job cannot be written as JSON: " + job.id(), e);
        }
    }

    /** The job of that id, or null (never one, or ended over {@link #KEPT} ago). */
    JobEntry read(String id) {
        String stored = bucket(RedisKeys.job(id)).get();
        return stored == null ? null : parse(stored);
    }

    /** The recent jobs still kept, newest first, at most {@code limit}. */
    List<JobEntry> recent(int limit) {
        Collection<String> ids = redisson.<String>getScoredSortedSet(RedisKeys.JOBS, StringCodec.INSTANCE)
                .valueRangeReversed(0, limit - 1);
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, String> found = redisson.getBuckets(StringCodec.INSTANCE)
                .get(ids.stream().map(RedisKeys::job).toArray(String[]::new));
        List<JobEntry> jobs = new ArrayList<>();
        for (String id : ids) {
            String stored = found.get(RedisKeys.job(id));
            if (stored != null) {
                jobs.add(parse(stored));
            }
        }
        return jobs;
    }

    private JobEntry parse(String stored) {
        try {
            return json.readValue(stored, JobEntry.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A staff job kept in Redis cannot be read", e);
        }
    }

    private RBucket<String> running(JobKind kind) {
        return bucket(RedisKeys.jobRunning(kind.name()));
    }

    private RBucket<String> bucket(String key) {
        return redisson.getBucket(key, StringCodec.INSTANCE);
    }
}
