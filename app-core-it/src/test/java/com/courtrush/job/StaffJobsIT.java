package com.courtrush.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Outcome;
import com.courtrush.infra.config.NodeName;
import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.job.api.JobKind;
import com.courtrush.job.api.JobProgress;
import com.courtrush.job.api.JobState;
import com.courtrush.job.api.StaffJob;
import com.courtrush.support.LocalRedis;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;
import org.redisson.config.Config;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Staff jobs on a real redis-server, two nodes sharing it (issue 77): a job answers at once and any node follows it to
 * its result; a second start while one runs answers that one; a failure ends FAILED with why; the node's heartbeat
 * keeps its claim, and a job whose node died reads LOST and lets its kind run again. No Spring context: the job's parts
 * as the engine wires them.
 */
class StaffJobsIT {

    static final Caller MANAGER = Caller.atDesk(8, "boss1", Role.MANAGER);
    static final Duration WAIT = Duration.ofSeconds(20);

    static LocalRedis server;
    static RedissonClient redisson;

    final List<Node> nodes = new ArrayList<>();
    final CountDownLatch finish = new CountDownLatch(1);

    /** What a test job gives: the kind's own record. */
    record Counted(String what, long rows) {}

    @BeforeAll
    static void startRedis() throws IOException {
        server = LocalRedis.single();
        Config config = Config.fromYAML(server.configFile().toFile());
        config.setCodec(StringCodec.INSTANCE);
        redisson = Redisson.create(config);
    }

    @AfterAll
    static void stopRedis() {
        if (redisson != null) {
            redisson.shutdown();
        }
        if (server != null) {
            server.close();
        }
    }

    @BeforeEach
    void emptyRedis() {
        redisson.getKeys().flushall();
    }

    @AfterEach
    void stopNodes() throws InterruptedException {
        finish.countDown();
        for (Node node : nodes) {
            node.stop();
        }
    }

    @Test
    void aJobAnswersAtOnceAndAnyNodeFollowsItToItsResult() throws Exception {
        StaffJobs a = node().jobs;
        StaffJobs b = node().jobs;

        StaffJob<Counted> started = a.start(JobKind.HISTORY_SWEEP, MANAGER, Counted.class, job -> {
            job.progress(1, 2L, "KINDS");
            await(finish);
            job.progress(2, 2L, "KINDS");
            return new Counted("notices", 1200);
        });

        assertThat(started.state()).isEqualTo(JobState.RUNNING);
        assertThat(started.startedBy()).isEqualTo("staff:boss1");
        StaffJob<Object> seen = until(() -> b.find(started.id()), job -> job.progress() != null);
        assertThat(seen.state()).as("followed from the other node").isEqualTo(JobState.RUNNING);
        assertThat(seen.progress()).isEqualTo(new JobProgress(1, 2L, "KINDS"));

        StaffJob<Counted> again = b.start(JobKind.HISTORY_SWEEP, Caller.admin(), Counted.class, job -> {
            throw new AssertionError("a second sweep ran beside the first");
        });
        assertThat(again.id()).as("a second start answers the job running").isEqualTo(started.id());
        assertThat(again.startedBy()).isEqualTo("staff:boss1");

        long claimed = claimTtl();
        TimeUnit.MILLISECONDS.sleep(StaffJobs.HEARTBEAT.toMillis() + 1_000);
        assertThat(claimTtl())
                .as("the node's heartbeat keeps its claim (%d ms left at the start)", claimed)
                .isGreaterThan(StaffJobs.LOST_AFTER.toMillis() - StaffJobs.HEARTBEAT.toMillis() + 500);

        finish.countDown();
        StaffJob<Counted> done = until(
                () -> b.find(started.id(), JobKind.HISTORY_SWEEP, Counted.class),
                job -> job.state().ended());
        assertThat(done.state()).isEqualTo(JobState.DONE);
        assertThat(done.result()).isEqualTo(new Counted("notices", 1200));
        assertThat(done.progress()).isEqualTo(new JobProgress(2, 2L, "KINDS"));
        assertThat(done.endedAt()).isAfterOrEqualTo(done.startedAt());
        assertThat(b.recent(10)).singleElement().satisfies(job -> {
            assertThat(job.id()).isEqualTo(started.id());
            assertThat(((JsonNode) job.result()).path("rows").asLong()).isEqualTo(1200);
        });
        assertThat(claimTtl()).as("its kind is free again").isEqualTo(-2);
        StaffJob<Counted> next = b.start(JobKind.HISTORY_SWEEP, MANAGER, Counted.class, job -> new Counted("waits", 0));
        assertThat(next.id()).isNotEqualTo(started.id());
    }

    @Test
    void aFailureEndsFailedWithWhyInTheStaffsWords() throws Exception {
        StaffJobs jobs = node().jobs;
        StaffJob<Counted> broken = jobs.start(JobKind.HISTORY_SWEEP, MANAGER, Counted.class, job -> {
            throw new IllegalStateException("Cannot write the audit's archive /data/archive/audit");
        });
        StaffJob<Counted> failed = until(
                () -> jobs.find(broken.id(), JobKind.HISTORY_SWEEP, Counted.class),
                j -> j.state().ended());
        assertThat(failed.state()).isEqualTo(JobState.FAILED);
        assertThat(failed.result()).isNull();
        assertThat(failed.failure().in(Locale.ENGLISH))
                .as("no internals, a reference to the log")
                .matches("The job failed on our side; the engine's log says why \\(reference [0-9a-f]{8}\\)\\.")
                .doesNotContain("/data");

        StaffJob<Counted> refused = jobs.start(JobKind.HISTORY_SWEEP, MANAGER, Counted.class, job -> {
            throw CourtRushException.badRequest("job.notFound", "x");
        });
        StaffJob<Counted> said = until(
                () -> jobs.find(refused.id(), JobKind.HISTORY_SWEEP, Counted.class),
                j -> j.state().ended());
        assertThat(said.state()).isEqualTo(JobState.FAILED);
        assertThat(said.failure().in(Locale.SIMPLIFIED_CHINESE))
                .as("a refusal as itself, in the reader's language")
                .isEqualTo("没有后台任务 x：从未有过，或已结束超过一天。");
        assertThatThrownBy(() -> jobs.find("no-such-job"))
                .isInstanceOfSatisfying(
                        CourtRushException.class, e -> assertThat(e.outcome()).isEqualTo(Outcome.NOT_FOUND));
    }

    /** A node killed mid-job: its heartbeat stops and its claim lapses (here at once); the job reads LOST. */
    @Test
    void aJobWhoseNodeDiedReadsLostAndItsKindRunsAgain() throws Exception {
        Node dying = node();
        StaffJobs other = node().jobs;
        StaffJob<Counted> started =
                dying.jobs.start(JobKind.HISTORY_SWEEP, MANAGER, Counted.class, job -> await(finish));
        assertThat(other.find(started.id()).state()).isEqualTo(JobState.RUNNING);

        dying.scheduler.shutdown();
        redisson.getBucket(RedisKeys.jobRunning(JobKind.HISTORY_SWEEP.name())).delete();

        assertThat(other.find(started.id()).state()).isEqualTo(JobState.LOST);
        StaffJob<Counted> anew = other.start(JobKind.HISTORY_SWEEP, MANAGER, Counted.class, job -> new Counted("", 0));
        assertThat(anew.id()).as("its kind runs again").isNotEqualTo(started.id());
        assertThat(until(() -> other.find(anew.id()), job -> job.state().ended())
                        .state())
                .isEqualTo(JobState.DONE);
    }

    private static long claimTtl() {
        return redisson.getBucket(RedisKeys.jobRunning(JobKind.HISTORY_SWEEP.name()))
                .remainTimeToLive();
    }

    private static Counted await(CountDownLatch latch) {
        try {
            assertThat(latch.await(WAIT.toSeconds(), TimeUnit.SECONDS))
                    .as("released")
                    .isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return new Counted("waited", 0);
    }

    private static <T> T until(Supplier<T> read, java.util.function.Predicate<T> done) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        T seen = read.get();
        while (!done.test(seen)) {
            assertThat(System.nanoTime()).as("in time: %s", seen).isLessThan(deadline);
            TimeUnit.MILLISECONDS.sleep(20);
            seen = read.get();
        }
        return seen;
    }

    private Node node() {
        Node node = new Node();
        nodes.add(node);
        return node;
    }

    /** One engine's job parts on the shared Redis. */
    static final class Node {
        final ThreadPoolTaskScheduler scheduler = new ThreadPoolTaskScheduler();
        final JobThreads threads = new JobThreads();
        final StaffJobs jobs;

        Node() {
            scheduler.initialize();
            ObjectMapper json =
                    new ObjectMapper().findAndRegisterModules().disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
            jobs = new StaffJobs(
                    new JobStore(redisson, json), threads, scheduler, json, new NodeName(), Clock.systemUTC());
        }

        void stop() throws InterruptedException {
            threads.destroy();
            scheduler.shutdown();
        }
    }
}
