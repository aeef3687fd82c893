package com.courtrush.bench;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.HdrHistogram.Histogram;

/** Rates and latency percentiles over what the clients recorded, within a time window. */
final class Analysis {

    private static final long HIGHEST_MICROS = TimeUnit.MINUTES.toMicros(5);

    private final List<Samples> samples;

    Analysis(List<Samples> samples) {
        this.samples = samples;
    }

    /** Requests that finished in {@code [fromMicros, toMicros)}, and their rate over that window. */
    Rate rate(long fromMicros, long toMicros, Predicate<Answer> which) {
        long count = 0;
        for (Samples s : samples) {
            for (int i = 0; i < s.size(); i++) {
                long at = s.doneAt(i);
                if (at >= fromMicros && at < toMicros && which.test(s.answer(i))) {
                    count++;
                }
            }
        }
        double seconds = Math.max(0, toMicros - fromMicros) / 1e6;
        return new Rate(count, seconds, seconds > 0 ? count / seconds : 0);
    }

    Latency latency(long fromMicros, long toMicros, Predicate<Answer> which) {
        Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
        for (Samples s : samples) {
            for (int i = 0; i < s.size(); i++) {
                long at = s.doneAt(i);
                if (at >= fromMicros && at < toMicros && which.test(s.answer(i))) {
                    histogram.recordValue(Math.min(s.micros(i), HIGHEST_MICROS));
                }
            }
        }
        return Latency.of(histogram);
    }

    Map<Answer, Long> answers(long fromMicros, long toMicros) {
        Map<Answer, Long> counts = new EnumMap<>(Answer.class);
        for (Samples s : samples) {
            for (int i = 0; i < s.size(); i++) {
                long at = s.doneAt(i);
                if (at >= fromMicros && at < toMicros) {
                    counts.merge(s.answer(i), 1L, Long::sum);
                }
            }
        }
        return counts;
    }

    Map<String, Latency> latencyByAnswer(long fromMicros, long toMicros) {
        Map<String, Latency> byAnswer = new LinkedHashMap<>();
        for (Answer answer : answers(fromMicros, toMicros).keySet()) {
            byAnswer.put(answer.name(), latency(fromMicros, toMicros, a -> a == answer));
        }
        return byAnswer;
    }

    long firstDoneAt() {
        return samples.stream()
                .filter(s -> s.size() > 0)
                .mapToLong(s -> s.doneAt(0))
                .min()
                .orElse(0);
    }

    long lastDoneAt() {
        return samples.stream()
                .filter(s -> s.size() > 0)
                .mapToLong(s -> s.doneAt(s.size() - 1))
                .max()
                .orElse(0);
    }

    /** A count over a window. */
    record Rate(long requests, double seconds, double perSecond) {}

    /** Latency percentiles in milliseconds. */
    record Latency(long count, double p50Ms, double p90Ms, double p99Ms, double maxMs) {

        static Latency of(Histogram h) {
            if (h.getTotalCount() == 0) {
                return new Latency(0, 0, 0, 0, 0);
            }
            return new Latency(
                    h.getTotalCount(),
                    ms(h.getValueAtPercentile(50)),
                    ms(h.getValueAtPercentile(90)),
                    ms(h.getValueAtPercentile(99)),
                    ms(h.getMaxValue()));
        }

        private static double ms(long micros) {
            return micros / 1000.0;
        }
    }
}
