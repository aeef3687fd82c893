package com.courtrush.calendar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.AppSettings;
import java.io.StringReader;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import net.fortuna.ical4j.data.CalendarBuilder;
import net.fortuna.ical4j.model.component.VEvent;
import org.junit.jupiter.api.Test;

/** A booking's event is at the gym's wall time, in a region's zone or, for an offset, as the same instant in UTC. */
class CalendarIcsTest {

    private static final Instant NOW = Instant.parse("2026-11-29T04:00:00Z");

    @Test
    void inARegionsZoneTheEventIsWrittenInThatZoneWithItsDefinition() throws Exception {
        String ics = feed(ZoneId.of("Asia/Shanghai"));

        assertThat(ics)
                .contains("X-WR-TIMEZONE:Asia/Shanghai", "BEGIN:VTIMEZONE", "TZID:Asia/Shanghai")
                .contains("DTSTART;TZID=Asia/Shanghai:20261130T180000")
                .contains("DTEND;TZID=Asia/Shanghai:20261130T190000");
        assertThat(start(ics)).isEqualTo(Instant.parse("2026-11-30T10:00:00Z"));
    }

    @Test
    void inAnOffsetZoneTheEventIsTheSameInstantInUtcWithNoZoneNamed() throws Exception {
        ZoneOffset zone = ZoneOffset.ofHoursMinutesSeconds(-5, -12, -11);
        String ics = feed(zone);

        assertThat(ics)
                .contains("DTSTART:20261130T231211Z", "DTEND:20261201T001211Z")
                .doesNotContain("TZID", "X-WR-TIMEZONE");
        assertThat(start(ics))
                .isEqualTo(LocalDate.of(2026, 11, 30).atTime(18, 0).atZone(zone).toInstant());
    }

    @Test
    void theEventSaysTheVenueAndWhereToFindItWhenTheCentreHasSeveral() {
        CalendarBooking booking = new CalendarBooking();
        booking.setCourtName("乒乓 1");
        assertThat(CalendarIcs.where(booking, Locale.ENGLISH))
                .as("the gym's one venue: as before")
                .isEqualTo("乒乓 1");
        booking.setVenueZh("乒乓球室");
        booking.setVenueEn("Table-tennis room");
        booking.setVenueLocation("北区 2F");
        assertThat(CalendarIcs.where(booking, Locale.SIMPLIFIED_CHINESE)).isEqualTo("乒乓 1, 乒乓球室, 北区 2F");
        assertThat(CalendarIcs.where(booking, Locale.ENGLISH)).isEqualTo("乒乓 1, Table-tennis room, 北区 2F");
    }

    private static String feed(ZoneId zone) {
        CalendarBooking booking = new CalendarBooking();
        booking.setReservationId(7L);
        booking.setStatus(ReservationStatus.CONFIRMED);
        booking.setSlotDate(LocalDate.of(2026, 11, 30));
        booking.setStartTime(LocalTime.of(18, 0));
        booking.setEndTime(LocalTime.of(19, 0));
        booking.setCourtName("Court 1");
        CalendarIcs ics = new CalendarIcs(Clock.fixed(NOW, zone), mock(AppSettings.class));
        return ics.calendar(List.of(booking), Locale.ENGLISH);
    }

    /** The event's start as a calendar app reads it. */
    private static Instant start(String ics) throws Exception {
        VEvent event = new CalendarBuilder()
                .build(new StringReader(ics))
                .<VEvent>getComponent("VEVENT")
                .orElseThrow();
        return Instant.from(event.getDateTimeStart().getDate());
    }
}
