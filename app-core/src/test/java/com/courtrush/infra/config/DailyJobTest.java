package com.courtrush.infra.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.springframework.scheduling.config.CronTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.scheduling.support.SimpleTriggerContext;

/** A daily job runs at its hour on the gym's wall clock, in any zone the engine's clock has. */
class DailyJobTest {

    @Test
    void aJobRunsAtItsHourInAnOffsetZoneThatATimeZoneIdCannotName() {
        // an offset to the second, as the tests' clock makes: java.util.TimeZone (and @Scheduled's zone) refuses it
        ZoneOffset zone = ZoneOffset.ofHoursMinutesSeconds(-5, -12, -11);
        Clock clock = Clock.fixed(Instant.parse("2026-11-29T04:00:00Z"), zone);
        ScheduledTaskRegistrar tasks = new ScheduledTaskRegistrar();

        DailyJob.register(tasks, "0 30 3 * * *", clock, () -> {});

        CronTask task = tasks.getCronTaskList().get(0);
        Instant next = task.getTrigger().nextExecution(new SimpleTriggerContext(clock));
        // 04:00 UTC is 22:47:49 the day before there; 03:30 there is 08:42:11 UTC
        assertThat(next).isEqualTo(Instant.parse("2026-11-29T08:42:11Z"));
    }
}
