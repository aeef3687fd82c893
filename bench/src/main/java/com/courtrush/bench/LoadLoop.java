package com.courtrush.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A fixed number of client threads firing requests back to back (closed loop) from a start time
 * until an end time or a maximum count, each recording what it got. Prints the running count once a
 * second.
 */
final class LoadLoop {

    /** One request. Returns what it got, or null when there is nothing left to do. */
    interface Shot {
        Answer fire() throws IOException;
    }

    /** What the clients recorded, and the first I/O error if there were any. */
    record Run(List<Samples> samples, long ioErrors, String firstIoError) {}

    private LoadLoop() {}

    static Run run(
            String name, int clients, long startAtMicros, long endAtMicros, long maxShots, Shot shot, PrintStream out)
            throws InterruptedException {
        AtomicLong fired = new AtomicLong();
        AtomicLong done = new AtomicLong();
        AtomicLong ioErrors = new AtomicLong();
        AtomicReference<String> firstIoError = new AtomicReference<>();
        AtomicReference<RuntimeException> failure = new AtomicReference<>();
        List<Samples> all = new ArrayList<>();
        CountDownLatch finished = new CountDownLatch(clients);
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Samples samples = new Samples();
            all.add(samples);
            Thread thread = new Thread(
                    () -> {
                        try {
                            WallClock.awaitEpochMicros(startAtMicros);
                            while (failure.get() == null
                                    && WallClock.epochMicros() < endAtMicros
                                    && fired.getAndIncrement() < maxShots) {
                                long started = System.nanoTime();
                                Answer answer;
                                try {
                                    answer = shot.fire();
                                } catch (IOException e) {
                                    answer = Answer.IO_ERROR;
                                    ioErrors.incrementAndGet();
                                    firstIoError.compareAndSet(
                                            null, e.getClass().getSimpleName() + ": " + e.getMessage());
                                }
                                if (answer == null) {
                                    break;
                                }
                                long ended = System.nanoTime();
                                samples.add(WallClock.epochMicros(ended), (ended - started) / 1000, answer);
                                done.incrementAndGet();
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } catch (RuntimeException e) {
                            failure.compareAndSet(null, e); // every client stops: the run's figures would be wrong
                        } finally {
                            finished.countDown();
                        }
                    },
                    name + "-" + c);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        long lastPrinted = 0;
        while (!finished.await(1, TimeUnit.SECONDS)) {
            long now = done.get();
            if (now != lastPrinted) {
                out.printf("    %s: %,d requests%n", name, now);
                lastPrinted = now;
            }
        }
        for (Thread thread : threads) {
            thread.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException(name + ": a request failed, so the run measured nothing", failure.get());
        }
        return new Run(all, ioErrors.get(), firstIoError.get());
    }
}
