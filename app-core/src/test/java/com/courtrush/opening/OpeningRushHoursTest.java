package com.courtrush.opening;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.opening.api.SessionState;
import com.courtrush.support.TestProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An opening's rush, when sign-ins wait for it: from a second before its flash time to the hold after. */
class OpeningRushHoursTest {

    private static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
    private static final LocalDateTime FLASH = LocalDateTime.of(2026, 11, 24, 13, 0);

    private final OpeningService openings = mock(OpeningService.class);

    @Test
    void theRushRunsFromASecondBeforeTheFlashTimeToTheHoldAfterIt() {
        when(openings.between(any(), any())).thenReturn(List.of(opening(SessionState.OPEN)));
        assertThat(rushAt(FLASH.minusSeconds(2), "10s")).as("2 s before").isFalse();
        assertThat(rushAt(FLASH.minusNanos(900_000_000), "10s"))
                .as("0.9 s before")
                .isTrue();
        assertThat(rushAt(FLASH.plusSeconds(9), "10s")).as("9 s after").isTrue();
        assertThat(rushAt(FLASH.plusSeconds(10), "10s")).as("10 s after").isFalse();
        assertThat(rushAt(FLASH.plusSeconds(1), "0s")).as("hold off").isFalse();
    }

    @Test
    void theTimeLeftIsUntilTheHoldEndsAfterTheFlashTime() {
        when(openings.between(any(), any())).thenReturn(List.of(opening(SessionState.OPEN)));
        assertThat(leftAt(FLASH.minusNanos(500_000_000), "10s")).isEqualTo(Duration.ofMillis(10_500));
        assertThat(leftAt(FLASH.plusSeconds(7), "10s")).isEqualTo(Duration.ofSeconds(3));
        assertThat(leftAt(FLASH.minusSeconds(5), "10s")).as("before the rush").isZero();
        assertThat(leftAt(FLASH.plusSeconds(10), "10s")).as("after it").isZero();
    }

    @Test
    void aClosedOpeningHasNoRushAndAnUnreadableCalendarHoldsNothing() {
        when(openings.between(any(), any())).thenReturn(List.of(opening(SessionState.CLOSED)));
        assertThat(rushAt(FLASH.plusSeconds(1), "10s")).isFalse();
        when(openings.between(any(), any())).thenThrow(new IllegalStateException("database away"));
        assertThat(rushAt(FLASH.plusSeconds(1), "10s")).isFalse();
    }

    private boolean rushAt(LocalDateTime now, String hold) {
        return rushHours(now, hold).now();
    }

    private Duration leftAt(LocalDateTime now, String hold) {
        return rushHours(now, hold).left();
    }

    private OpeningRushHours rushHours(LocalDateTime now, String hold) {
        Clock clock = Clock.fixed(now.atZone(ZONE).toInstant(), ZONE);
        return new OpeningRushHours(
                new OpeningCalendar(openings, clock),
                TestProperties.courtRush(Map.of("courtrush.auth.sign-in-hold", hold)),
                clock);
    }

    private static ReserveSession opening(SessionState state) {
        ReserveSession session = new ReserveSession();
        session.setId(1L);
        session.setSessionDate(FLASH.toLocalDate().plusDays(1));
        session.setFlashTime(FLASH);
        session.setState(state);
        session.setVenueId(1L);
        return session;
    }
}
