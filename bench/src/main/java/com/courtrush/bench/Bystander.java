package com.courtrush.bench;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Someone else using the engine while the crowd runs: one GET every 100 ms, as a student's page
 * refreshing its list. Its latency says whether everyone else is still answered.
 */
final class Bystander {

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private final Samples samples = new Samples();
    private long failed;

    private Bystander(BenchHttp http, String path, String token) {
        this.thread = new Thread(
                () -> {
                    while (running.get()) {
                        long start = System.nanoTime();
                        Answer answer;
                        try {
                            answer = http.get(path, token).status() == 200 ? Answer.PONG : Answer.OTHER;
                        } catch (IOException e) {
                            answer = Answer.OTHER;
                        }
                        long micros = (System.nanoTime() - start) / 1000;
                        synchronized (samples) {
                            samples.add(WallClock.epochMicros(), micros, answer);
                            if (answer != Answer.PONG) {
                                failed++;
                            }
                        }
                        try {
                            Thread.sleep(100);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            return;
                        }
                    }
                },
                "bench-bystander");
        thread.setDaemon(true);
    }

    static Bystander start(BenchHttp http, String path, String token) {
        Bystander bystander = new Bystander(http, path, token);
        bystander.thread.start();
        return bystander;
    }

    /** Stops it and says what it saw. */
    String finish() throws InterruptedException {
        running.set(false);
        thread.join();
        synchronized (samples) {
            int[] micros = new int[samples.size()];
            for (int i = 0; i < micros.length; i++) {
                micros[i] = samples.micros(i);
            }
            Arrays.sort(micros);
            if (micros.length == 0) {
                return "no answer";
            }
            return String.format(
                    Locale.ROOT,
                    "%d answers, %d not 200; p50 %.1f ms, p99 %.1f ms, max %.1f ms",
                    micros.length,
                    failed,
                    micros[micros.length / 2] / 1000.0,
                    micros[Math.min(micros.length - 1, (int) Math.ceil(micros.length * 0.99) - 1)] / 1000.0,
                    micros[micros.length - 1] / 1000.0);
        }
    }
}
