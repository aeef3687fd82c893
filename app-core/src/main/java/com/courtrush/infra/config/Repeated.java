package com.courtrush.infra.config;

import java.time.Duration;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.stereotype.Component;

/**
 * Work every node repeats on the scheduler's threads (the notices' senders and reminders, the staff watch): a
 * fixed delay after each run; a run that fails is logged ({@link JobFailures}), and the next run tries again.
 */
@Component
public class Repeated {

    private final TaskScheduler scheduler;

    Repeated(TaskScheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Runs {@code work} every {@code delay} from now on; {@code what} names it in the log when a run fails. */
    public void every(Duration delay, String what, Runnable work) {
        scheduler.scheduleWithFixedDelay(() -> run(what, work), delay);
    }

    static void run(String what, Runnable work) {
        try {
            work.run();
        } catch (RuntimeException e) {
            JobFailures.failed(what, e);
        }
    }
}
