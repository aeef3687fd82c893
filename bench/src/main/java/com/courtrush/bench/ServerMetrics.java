package com.courtrush.bench;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.util.List;

/**
 * The server's own counters, read from {@code /actuator/metrics} with the admin token; with several
 * nodes, each read from every node and added up (the latest commit time: the latest of them).
 */
final class ServerMetrics {

    private final List<BenchHttp> nodes;
    private final String admin;

    ServerMetrics(BenchHttp http, String admin) {
        this(List.of(http), admin);
    }

    /** @param nodes a client for each node, talking to that node only */
    ServerMetrics(List<BenchHttp> nodes, String admin) {
        this.nodes = List.copyOf(nodes);
        this.admin = admin;
    }

    /** Requests the server has sent to Redis ({@code courtrush.redis.round-trips}). */
    long redisRoundTrips() throws IOException {
        return (long) statistic("courtrush.redis.round-trips", "COUNT");
    }

    /** OUT_OF_STOCK answers given from the node's sold-out flags ({@code courtrush.reserve.sold-out-local}). */
    long soldOutLocal() throws IOException {
        return (long) statistic("courtrush.reserve.sold-out-local", "COUNT");
    }

    /** {@code GET /reserve/result} answers so far of a status (PENDING or SETTLED) read from a source (redis, database). */
    long resultAnswers(String status, String source) throws IOException {
        return (long) statistic("courtrush.reserve.results?tag=status:" + status + "&tag=source:" + source, "COUNT");
    }

    /** Password-hashing threads busy right now ({@code executor.active}), and how many there are. */
    double hashingActive() throws IOException {
        return statistic("executor.active?tag=name:courtrush.hashing", "VALUE");
    }

    double hashingThreads() throws IOException {
        return statistic("executor.pool.max?tag=name:courtrush.hashing", "VALUE");
    }

    /** Epoch ms of the latest committed grant. */
    long lastRecordedMs() throws IOException {
        double latest = 0;
        for (BenchHttp node : nodes) {
            latest = Math.max(latest, statistic(metric(node, "courtrush.reserve.last-recorded"), "VALUE"));
        }
        return (long) latest;
    }

    /** Database transactions of the reserve consumers, each with one Redis round trip ({@code courtrush.reserve.consumer-batch}). */
    long consumerBatches() throws IOException {
        return (long) statistic("courtrush.reserve.consumer-batch", "COUNT");
    }

    /** Time the server's JIT compiler threads have spent compiling ({@code jvm.compilation.time}), in ms. */
    long jitCompileMs() throws IOException {
        return (long) statistic("jvm.compilation.time", "COUNT");
    }

    /**
     * Threads the server JVM has started so far ({@code jvm.threads.started}); -1 for an engine that
     * does not export it. A crowd should start none: work that takes a thread per request shows here.
     */
    long threadsStarted() throws IOException {
        return countOnEveryNode("jvm.threads.started");
    }

    /**
     * Request bodies that had not arrived with their headers and were waited for without a thread
     * ({@code courtrush.http.slow-bodies}, outcome waited); -1 for an engine without it.
     */
    long bodiesWaitedFor() throws IOException {
        return countOnEveryNode("courtrush.http.slow-bodies?tag=outcome:waited");
    }

    /**
     * Times the embedded broker's store has forced its log to disk ({@code courtrush.broker.store.log-forces});
     * -1 on a node without it (RabbitMQ, or an engine from before it).
     */
    long storeLogForces() throws IOException {
        return countOnEveryNode("courtrush.broker.store.log-forces");
    }

    /** A counter summed over the nodes; -1 when a node does not export it. */
    private long countOnEveryNode(String metric) throws IOException {
        long sum = 0;
        for (BenchHttp node : nodes) {
            BenchHttp.Reply reply = node.get("/actuator/metrics/" + metric, admin);
            if (reply.status() == 404) {
                return -1;
            }
            sum += (long) statistic(node.call("Reading metric " + metric, reply), "COUNT");
        }
        return sum;
    }

    /** From the Redis decision to the committed row ({@code courtrush.reserve.persist-lag}), so far. */
    Timed persistLag() throws IOException {
        return timed("courtrush.reserve.persist-lag");
    }

    /** Granted requests so far, from their arrival in the reserve service to the broker's confirm. */
    Timed grantsAnswered() throws IOException {
        return timed("courtrush.reserve.requests?tag=outcome:SUCCESS");
    }

    /** The server's garbage-collection pauses so far ({@code jvm.gc.pause}, every collector). */
    Timed gcPauses() throws IOException {
        return timed("jvm.gc.pause");
    }

    private Timed timed(String metric) throws IOException {
        long count = 0;
        double totalMs = 0;
        for (BenchHttp node : nodes) {
            JSONObject body = metric(node, metric);
            count += (long) statistic(body, "COUNT");
            totalMs += statistic(body, "TOTAL_TIME") * 1000;
        }
        return new Timed(count, totalMs);
    }

    private double statistic(String metric, String statistic) throws IOException {
        double sum = 0;
        for (BenchHttp node : nodes) {
            sum += statistic(metric(node, metric), statistic);
        }
        return sum;
    }

    private JSONObject metric(BenchHttp node, String metric) throws IOException {
        return node.call("Reading metric " + metric, node.get("/actuator/metrics/" + metric, admin));
    }

    private static double statistic(JSONObject body, String statistic) {
        JSONArray measurements = body.getJSONArray("measurements");
        for (int i = 0; i < measurements.size(); i++) {
            JSONObject m = measurements.getJSONObject(i);
            if (statistic.equals(m.getString("statistic"))) {
                return m.getDoubleValue("value");
            }
        }
        throw new BenchException("Metric " + body.getString("name") + " has no " + statistic + ": " + body);
    }

    /** Events of a timer and their summed time (ms) over this node's life; subtract two to get a period's. */
    record Timed(long count, double totalMs) {

        /** The events between {@code before} and this. */
        Timed since(Timed before) {
            return new Timed(count - before.count, totalMs - before.totalMs);
        }

        /** Mean time (ms) of the events. */
        double meanMs() {
            return count == 0 ? 0 : totalMs / count;
        }
    }
}
