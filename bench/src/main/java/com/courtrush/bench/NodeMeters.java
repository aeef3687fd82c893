package com.courtrush.bench;

import java.io.IOException;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One node's reserve meters as its {@code /actuator/prometheus} exports them — what an operator's
 * Prometheus scrapes from each node (docs/deployment.md): POST /reserve/ decisions by outcome, their
 * latency histogram, and the node's Redis round trips. Two scrapes give a period's figures.
 */
final class NodeMeters {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{([^}]*)\\})? (\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final String REQUESTS = "courtrush_reserve_requests_seconds";
    private static final String ROUND_TRIPS = "courtrush_redis_round_trips_total";

    private NodeMeters() {}

    /** What one scrape read: decisions by outcome, the latency buckets of all outcomes (le seconds → count). */
    record Scrape(Map<String, Double> byOutcome, NavigableMap<Double, Double> buckets, double redisRoundTrips) {}

    /** The node's meters; empty for an engine built before it exported them (one measured with {@code --jar}). */
    static Optional<Scrape> scrape(BenchHttp node, String admin) throws IOException {
        BenchHttp.Reply reply = node.get("/actuator/prometheus", admin);
        if (reply.status() == 404) {
            return Optional.empty();
        }
        if (reply.status() != 200) {
            throw new BenchException("Reading a node's /actuator/prometheus failed: HTTP " + reply.status());
        }
        return Optional.of(parse(reply.whole()));
    }

    /** Reads Prometheus's text format, the samples it needs. */
    static Scrape parse(String text) {
        Map<String, Double> byOutcome = new TreeMap<>();
        NavigableMap<Double, Double> buckets = new TreeMap<>();
        double trips = 0;
        for (String line : text.split("\n")) {
            Matcher sample = SAMPLE.matcher(line);
            if (!sample.find()) {
                continue;
            }
            String name = sample.group(1);
            Map<String, String> labels = labels(sample.group(2) == null ? "" : sample.group(2));
            if (name.equals(REQUESTS + "_count")) {
                byOutcome.merge(labels.get("outcome"), number(sample.group(3)), Double::sum);
            } else if (name.equals(REQUESTS + "_bucket")) {
                buckets.merge(number(labels.get("le")), number(sample.group(3)), Double::sum);
            } else if (name.equals(ROUND_TRIPS)) {
                trips += number(sample.group(3));
            }
        }
        if (byOutcome.isEmpty()) {
            throw new BenchException("A node's /actuator/prometheus has no " + REQUESTS + " meters");
        }
        return new Scrape(byOutcome, buckets, trips);
    }

    /** The node's figures between two scrapes. */
    static Report.Node between(
            int node,
            String address,
            Scrape before,
            Scrape after,
            double cpuSeconds,
            double seconds,
            double peakRssMib) {
        Map<String, Long> outcomes = new TreeMap<>();
        after.byOutcome().forEach((outcome, count) -> {
            long delta = Math.round(count - before.byOutcome().getOrDefault(outcome, 0.0));
            if (delta > 0) {
                outcomes.put(outcome, delta);
            }
        });
        NavigableMap<Double, Double> buckets = new TreeMap<>();
        after.buckets()
                .forEach((le, count) -> buckets.put(le, count - before.buckets().getOrDefault(le, 0.0)));
        long requests = outcomes.values().stream().mapToLong(Long::longValue).sum();
        return new Report.Node(
                node,
                address,
                requests,
                outcomes,
                quantileMs(buckets, 0.5),
                quantileMs(buckets, 0.99),
                cpuSeconds,
                cpuSeconds / seconds,
                Math.round(after.redisRoundTrips() - before.redisRoundTrips()),
                peakRssMib);
    }

    /**
     * A quantile from cumulative buckets, as Prometheus's {@code histogram_quantile} estimates it: linear
     * within the bucket the rank falls in; -1 without observations.
     */
    static double quantileMs(NavigableMap<Double, Double> cumulative, double q) {
        double total = cumulative.isEmpty() ? 0 : cumulative.lastEntry().getValue();
        if (total <= 0) {
            return -1;
        }
        double rank = q * total;
        double lowerBound = 0;
        double lowerCount = 0;
        for (Map.Entry<Double, Double> bucket : cumulative.entrySet()) {
            if (bucket.getValue() >= rank) {
                if (bucket.getKey().isInfinite()) {
                    return lowerBound * 1000;
                }
                double inBucket = bucket.getValue() - lowerCount;
                double share = inBucket <= 0 ? 1 : (rank - lowerCount) / inBucket;
                return (lowerBound + (bucket.getKey() - lowerBound) * share) * 1000;
            }
            lowerBound = bucket.getKey();
            lowerCount = bucket.getValue();
        }
        return lowerBound * 1000;
    }

    /** A sample value or bucket bound as Prometheus writes it: a number, {@code +Inf}, {@code -Inf} or {@code NaN}. */
    private static double number(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    private static Map<String, String> labels(String text) {
        Map<String, String> labels = new TreeMap<>();
        Matcher label = LABEL.matcher(text);
        while (label.find()) {
            labels.put(label.group(1), label.group(2));
        }
        return labels;
    }
}
