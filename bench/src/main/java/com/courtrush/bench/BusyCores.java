package com.courtrush.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Threads that keep cores busy doing nothing useful, as the other programs of a loaded machine do: the overload
 * bench runs its crowd beside them.
 */
final class BusyCores implements AutoCloseable {

    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> loops = new ArrayList<>();

    private BusyCores(int count) {
        for (int i = 0; i < count; i++) {
            Thread loop = new Thread(
                    () -> {
                        while (running.get()) {
                            // a core kept busy
                        }
                    },
                    "bench-busy-loop-" + i);
            loop.setDaemon(true);
            loops.add(loop);
        }
    }

    static BusyCores start(int count) {
        BusyCores busy = new BusyCores(count);
        busy.loops.forEach(Thread::start);
        return busy;
    }

    int count() {
        return loops.size();
    }

    @Override
    public void close() throws InterruptedException {
        running.set(false);
        for (Thread loop : loops) {
            loop.join();
        }
    }
}
