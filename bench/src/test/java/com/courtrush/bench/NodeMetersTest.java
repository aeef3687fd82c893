package com.courtrush.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A node's figures as read from its Prometheus text: outcomes, the latency histogram's quantiles. */
class NodeMetersTest {

    private static String scrape(int successes, int soldOut, int fastSoldOut, long trips) {
        return String.join(
                "\n",
                "# HELP courtrush_redis_round_trips_total Requests this node sent to Redis",
                "# TYPE courtrush_redis_round_trips_total counter",
                "courtrush_redis_round_trips_total " + trips + ".0",
                "# TYPE courtrush_reserve_requests_seconds histogram",
                "courtrush_reserve_requests_seconds_bucket{outcome=\"SUCCESS\",le=\"0.001\"} 0",
                "courtrush_reserve_requests_seconds_bucket{outcome=\"SUCCESS\",le=\"0.01\"} " + successes,
                "courtrush_reserve_requests_seconds_bucket{outcome=\"SUCCESS\",le=\"+Inf\"} " + successes,
                "courtrush_reserve_requests_seconds_count{outcome=\"SUCCESS\"} " + successes,
                "courtrush_reserve_requests_seconds_bucket{outcome=\"OUT_OF_STOCK\",le=\"0.001\"} " + fastSoldOut,
                "courtrush_reserve_requests_seconds_bucket{outcome=\"OUT_OF_STOCK\",le=\"0.01\"} " + soldOut,
                "courtrush_reserve_requests_seconds_bucket{outcome=\"OUT_OF_STOCK\",le=\"+Inf\"} " + soldOut,
                "courtrush_reserve_requests_seconds_count{outcome=\"OUT_OF_STOCK\"} " + soldOut,
                "courtrush_reserve_requests_seconds_sum{outcome=\"OUT_OF_STOCK\"} 0.5",
                "");
    }

    @Test
    void aPeriodsFiguresAreTheDifferenceOfTwoScrapes() {
        NodeMeters.Scrape before = NodeMeters.parse(scrape(10, 100, 100, 1_000));
        // 90 more successes, all in (1 ms, 10 ms]; 900 more sold-out answers, all within 1 ms
        NodeMeters.Scrape after = NodeMeters.parse(scrape(100, 1_000, 1_000, 3_500));
        Report.Node node = NodeMeters.between(2, "http://127.0.0.1:1", before, after, 3.0, 10.0, 200);

        assertThat(node.requests()).isEqualTo(990);
        assertThat(node.outcomes())
                .containsEntry("SUCCESS", 90L)
                .containsEntry("OUT_OF_STOCK", 900L)
                .hasSize(2);
        assertThat(node.redisRoundTrips()).isEqualTo(2_500);
        assertThat(node.cores()).isCloseTo(0.3, within(1e-9));
        // the median falls among the 900 fast answers: linear within (0, 1 ms]
        assertThat(node.p50Ms()).isCloseTo(0.55, within(1e-6));
        // the 99th percentile among the 90 slower ones: linear within (1 ms, 10 ms]
        assertThat(node.p99Ms()).isCloseTo(1 + 9 * (980.1 - 900) / 90, within(1e-6));
    }

    @Test
    void aQuantileBeyondTheLastFiniteBucketIsThatBucketsBoundAndNoneWithoutObservations() {
        NavigableMap<Double, Double> buckets = new TreeMap<>();
        buckets.put(0.001, 0.0);
        buckets.put(Double.POSITIVE_INFINITY, 0.0);
        assertThat(NodeMeters.quantileMs(buckets, 0.99)).isEqualTo(-1);
        buckets.put(Double.POSITIVE_INFINITY, 5.0);
        assertThat(NodeMeters.quantileMs(buckets, 0.99)).isEqualTo(1.0);
    }

    @Test
    void anEndpointWithoutTheReserveMetersIsAnError() {
        assertThatThrownBy(() -> NodeMeters.parse("jvm_threads_live_threads 20.0\n"))
                .isInstanceOf(BenchException.class)
                .hasMessageContaining("courtrush_reserve_requests_seconds");
    }
}
