package com.courtrush.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The gym's clock in the tests (issue 83): the engines a test starts in this JVM and the test itself read "now" from
 * it, so a test sets the hour it runs at instead of depending on the hour CI happens to start.
 *
 * <p>Its instants are the machine's own, because Redis's {@code TIME} (the gate, the attempt windows), the broker and
 * the phone's page measure real time. What a test sets is the gym's wall clock: the zone is a fixed offset chosen so
 * that, at this instant, the gym's clock reads the hour asked for. The engine turns every wall time into an instant
 * through its clock's zone, so it sees the hour consistently: the flash time of an opening, a slot's start, "today".
 * Moving the hour later is time passing; moving it earlier is the clock set back, and a scenario counts only its own
 * rows (docs/testing.md).
 *
 * <p>Unset, it is the gym's real zone ({@link #GYM_ZONE}). {@code -Dcourtrush.test.hour=00:10} starts every test of
 * the JVM at that hour; a test that needs an hour sets it with {@link #at(LocalTime)}.
 */
public final class TestClock extends Clock {

    /** The zone of the gym the tests play: wall times are Beijing time. */
    public static final ZoneId GYM_ZONE = ZoneId.of("Asia/Shanghai");

    /** The one clock of this JVM's tests and the engines they start in it. */
    public static final TestClock GYM = new TestClock();

    /** How far a clock just set can move on before its offset would pass the 18 hours a zone may have (seconds). */
    private static final int ROOM_TO_MOVE_ON = 2 * 3600;

    private volatile ZoneId zone = GYM_ZONE;

    /** The zone this JVM's tests start in: the gym's, or the offset that made it read {@code courtrush.test.hour}. */
    private final ZoneId start;

    private TestClock() {
        String hour = System.getProperty("courtrush.test.hour", "");
        if (!hour.isBlank()) {
            at(LocalTime.parse(hour.trim()));
        }
        start = zone;
    }

    /**
     * Sets the gym's wall clock to read {@code time} now, on the date nearest to the one it read (the offset moves as
     * little as it can), and answers that moment. Engines sharing this clock see it at once.
     */
    public LocalDateTime at(LocalTime time) {
        Instant now = instant();
        long nowSecondOfDay = now.getEpochSecond() % 86_400;
        long wanted = time.toSecondOfDay();
        long current = offsetNow().getTotalSeconds();
        long offset = Math.floorMod(wanted - nowSecondOfDay, 86_400);
        // the candidates differ by whole days; take the one nearest to the offset the clock has now
        while (offset - current > 43_200) {
            offset -= 86_400;
        }
        while (current - offset > 43_200) {
            offset += 86_400;
        }
        // within the offsets a zone may have (±18 h), with room to move on (advance): a clock set at 00:10 when that
        // needs
        // +17:59 could not pass 00:11 but by going a day back; the other side's date is a day away at most
        int limit = 18 * 3600 - ROOM_TO_MOVE_ON;
        if (offset > limit) {
            offset -= 86_400;
        } else if (offset < -limit) {
            offset += 86_400;
        }
        zone = ZoneOffset.ofTotalSeconds((int) offset);
        LocalDateTime moment = LocalDateTime.now(this);
        LoggerFactory.getLogger(TestClock.class).info("The gym's clock now reads {} (zone {})", moment, zone);
        return moment;
    }

    /** Moves the gym's wall clock on by {@code by} (less than a day), as if that much time had passed for wall times. */
    public LocalDateTime advance(Duration by) {
        long offset = offsetNow().getTotalSeconds() + (by.toMillis() + 999) / 1000; // not short of it
        if (offset > 18 * 3600) {
            return at(LocalDateTime.now(this).plus(by).toLocalTime()); // past the last offset there is: a day earlier
        }
        zone = ZoneOffset.ofTotalSeconds((int) offset);
        LocalDateTime moment = LocalDateTime.now(this);
        LoggerFactory.getLogger(TestClock.class).info("The gym's clock moved on to {} (zone {})", moment, zone);
        return moment;
    }

    /** Back to the zone the tests of this JVM started in (a test that set an hour leaves the next one as it found it). */
    public void reset() {
        if (!zone.equals(start)) {
            zone = start;
            LoggerFactory.getLogger(TestClock.class)
                    .info("The gym's clock is back to {} (zone {})", LocalDateTime.now(this), zone);
        }
    }

    /** The zone as an id an engine in another process takes ({@code --courtrush.zone=}). */
    public String zoneId() {
        return zone.getId();
    }

    private ZoneOffset offsetNow() {
        return zone.getRules().getOffset(instant());
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return Clock.tick(Clock.system(other), Duration.ofMillis(1));
    }

    @Override
    public Instant instant() {
        // whole milliseconds, as the engine's own clock ticks (what the database keeps)
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    @Override
    public long millis() {
        return System.currentTimeMillis();
    }

    /**
     * Gives an engine started in this JVM the tests' clock in place of its own ({@code
     * SpringApplicationBuilder.initializers}, {@code @ContextConfiguration(initializers)}).
     */
    public static final class Install
            implements ApplicationContextInitializer<ConfigurableApplicationContext>,
                    BeanDefinitionRegistryPostProcessor {

        @Override
        public void initialize(ConfigurableApplicationContext context) {
            context.addBeanFactoryPostProcessor(this);
        }

        @Override
        public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
            // the engine's clock is defined later, when its configuration classes are read
        }

        @Override
        public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
            BeanDefinitionRegistry registry = (BeanDefinitionRegistry) beanFactory;
            if (!registry.containsBeanDefinition("clock")) {
                throw new IllegalStateException("The engine has no bean named clock to replace");
            }
            registry.removeBeanDefinition("clock");
            registry.registerBeanDefinition("clock", new RootBeanDefinition(Clock.class, () -> GYM));
        }
    }
}
