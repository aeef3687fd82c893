package com.courtrush.support;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.LocalTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * A scenario whose words or outcome could depend on the hour (issue 83), run at the hours where such defects show:
 * late in the evening (23:30), just after midnight (00:10), in the small hours when the machine's UTC date and the
 * gym's still differ (01:20), and a second before a 13:00 flash (12:59:59). The method takes the hour as its
 * {@link LocalTime} parameter and sets the gym's clock to it first ({@link TestClock#at}).
 *
 * <p>A class marked {@link EveryHour} runs each such scenario at every hour; another runs each at one of them, the
 * same one every run, chosen by the scenario's name (so the hours are spread over the scenarios of the external
 * stack, which shares the machine's services and cannot afford four of each).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedTest(name = "at {0} in the gym")
@ArgumentsSource(AtGymHours.Hours.class)
public @interface AtGymHours {

    List<LocalTime> HOURS =
            List.of(LocalTime.of(23, 30), LocalTime.of(0, 10), LocalTime.of(1, 20), LocalTime.of(12, 59, 59));

    /** On a test class: its {@link AtGymHours} scenarios run at every hour. */
    @Target(ElementType.TYPE)
    @Retention(RetentionPolicy.RUNTIME)
    @Inherited
    @interface EveryHour {}

    /** The hours a scenario of the class under test runs at. */
    final class Hours implements ArgumentsProvider {

        @Override
        public Stream<? extends Arguments> provideArguments(ExtensionContext context) {
            if (context.getRequiredTestClass().isAnnotationPresent(EveryHour.class)) {
                return HOURS.stream().map(Arguments::of);
            }
            String name = context.getRequiredTestMethod().getName();
            return Stream.of(Arguments.of(HOURS.get(Math.floorMod(name.hashCode(), HOURS.size()))));
        }
    }
}
