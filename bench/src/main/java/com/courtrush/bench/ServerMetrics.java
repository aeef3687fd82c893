package com.courtrush.bench;

import com.alibaba.fastjson2.JSONArray;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;

/** The server's own counters, read from {@code /actuator/metrics} with the admin token. */
final class ServerMetrics {

    private final BenchHttp http;
    private final String admin;

    ServerMetrics(BenchHttp http, String admin) {
        this.http = http;
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

    /** Epoch ms of the latest committed grant. */
    long lastRecordedMs() throws IOException {
        return (long) statistic("courtrush.reserve.last-recorded", "VALUE");
    }

    /** Database transactions of the reserve consumers, each with one Redis round trip ({@code courtrush.reserve.consumer-batch}). */
    long consumerBatches() throws IOException {
        return (long) statistic("courtrush.reserve.consumer-batch", "COUNT");
    }

    /** Time the server's JIT compiler threads have spent compiling ({@code jvm.compilation.time}), in ms. */
    long jitCompileMs() throws IOException {
        return (long) statistic("jvm.compilation.time", "COUNT");
    }

    /** From the Redis decision to the committed row ({@code courtrush.reserve.persist-lag}), so far. */
    Lag persistLag() throws IOException {
        return new Lag((long) statistic("courtrush.reserve.persist-lag", "COUNT"),
                statistic("courtrush.reserve.persist-lag", "TOTAL_TIME") * 1000);
    }

    private double statistic(String metric, String statistic) throws IOException {
        JSONObject body = http.call("Reading metric " + metric, http.get("/actuator/metrics/" + metric, admin));
        JSONArray measurements = body.getJSONArray("measurements");
        for (int i = 0; i < measurements.size(); i++) {
            JSONObject m = measurements.getJSONObject(i);
            if (statistic.equals(m.getString("statistic"))) {
                return m.getDoubleValue("value");
            }
        }
        throw new BenchException("Metric " + metric + " has no " + statistic + ": " + body);
    }

    /** Grants recorded and their summed lag (ms) over this node's life; subtract two to get a period's. */
    record Lag(long count, double totalMs) {

        /** Mean lag (ms) of the grants recorded between {@code before} and this. */
        double meanSince(Lag before) {
            long n = count - before.count;
            return n == 0 ? 0 : (totalMs - before.totalMs) / n;
        }
    }
}
