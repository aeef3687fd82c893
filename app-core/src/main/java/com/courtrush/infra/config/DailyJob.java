package com.courtrush.infra.config;

import java.time.Clock;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.config.CronTask;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;
import org.springframework.scheduling.support.CronTrigger;

/**
 * A job at a time of the gym's day (a cron in the zone of the engine's clock, {@code courtrush.zone}), registered from
 * a bean's {@code SchedulingConfigurer}. Not {@code @Scheduled(zone = "${courtrush.zone}")}: that attribute takes only
 * {@code java.util.TimeZone} ids, so a zone the engine accepts everywhere else — {@code +08:00}, an offset — failed
 * its start ("Invalid time zone specification").
 */
public final class DailyJob {

    private DailyJob() {}

    /**
     * Runs {@code job} whenever {@code cron} (Spring's six fields) matches the gym's wall clock; never when it is
     * {@code "-"} ({@link Scheduled#CRON_DISABLED}, as for {@code @Scheduled}).
     */
    public static void register(ScheduledTaskRegistrar tasks, String cron, Clock clock, Runnable job) {
        if (!Scheduled.CRON_DISABLED.equals(cron)) {
            tasks.addCronTask(new CronTask(job, new CronTrigger(cron, clock.getZone())));
        }
    }
}
