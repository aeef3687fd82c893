package com.courtrush.calendar;

import com.courtrush.attendance.CheckIns;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.EngineText;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.Temporal;
import java.util.List;
import java.util.Locale;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.TimeZoneRegistry;
import net.fortuna.ical4j.model.TimeZoneRegistryFactory;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.LastModified;
import net.fortuna.ical4j.model.property.Location;
import net.fortuna.ical4j.model.property.ProdId;
import net.fortuna.ical4j.model.property.Sequence;
import net.fortuna.ical4j.model.property.Status;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.XProperty;
import net.fortuna.ical4j.model.property.immutable.ImmutableCalScale;
import net.fortuna.ical4j.model.property.immutable.ImmutableMethod;
import net.fortuna.ical4j.model.property.immutable.ImmutableStatus;
import net.fortuna.ical4j.model.property.immutable.ImmutableVersion;
import org.springframework.stereotype.Component;

/**
 * Bookings as iCalendar (RFC 5545) with ical4j: one event per booking in the gym's zone
 * ({@code courtrush.zone}, its VTIMEZONE included), the court as its place, the order number and when to
 * check in as its description; a cancelled booking stays in the feed with {@code STATUS:CANCELLED}, so a
 * calendar that had it takes it away, its description saying why in words. A booking the reader is an accepted
 * partner on says so, with the booker's name, and never the booker's order number. Texts in the student's language:
 * Chinese by default, English when they chose it (issue 55).
 */
@Component
class CalendarIcs {

    static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final Clock clock;
    private final AppSettings settings;
    private final TimeZoneRegistry zones = TimeZoneRegistryFactory.getInstance().createRegistry();

    CalendarIcs(Clock clock, AppSettings settings) {
        this.clock = clock;
        this.settings = settings;
    }

    /** The language a calendar is written in for {@code locale}: English if it is English, else Chinese. */
    static Locale language(Locale locale) {
        return locale != null && Locale.ENGLISH.getLanguage().equals(locale.getLanguage()) ? Locale.ENGLISH : CHINESE;
    }

    String calendar(List<CalendarBooking> bookings, Locale locale) {
        String zone = clock.getZone().getId();
        Calendar calendar = new Calendar();
        calendar.add(new ProdId("-//CourtRush//Court bookings//EN"));
        calendar.add(ImmutableVersion.VERSION_2_0);
        calendar.add(ImmutableCalScale.GREGORIAN);
        calendar.add(ImmutableMethod.PUBLISH);
        calendar.add(new XProperty("X-WR-CALNAME", new EngineText("calendar.name").in(locale)));
        net.fortuna.ical4j.model.TimeZone known = zones.getTimeZone(zone);
        if (known != null) {
            calendar.add(new XProperty("X-WR-TIMEZONE", zone));
            calendar.add(known.getVTimeZone());
        }
        int grace = settings.getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0);
        for (CalendarBooking booking : bookings) {
            calendar.add(event(booking, locale, grace));
        }
        // the outputter folds lines longer than 75 octets (RFC 5545 §3.1), as calendar apps expect
        StringWriter text = new StringWriter();
        try {
            new CalendarOutputter(false).output(calendar, text);
        } catch (IOException e) {
            throw new UncheckedIOException("A StringWriter does not fail", e);
        }
        return text.toString();
    }

    /**
     * Where the game is played: the court, and the venue and where to find it when it is named apart from the gym
     * (several venues, SPEC §21): "乒乓 1, 乒乓球室, 北区 2F".
     */
    static String where(CalendarBooking booking, Locale locale) {
        String venue = EngineMessages.either(locale, booking.getVenueZh(), booking.getVenueEn());
        StringBuilder where = new StringBuilder(booking.getCourtName());
        if (venue != null) {
            where.append(", ").append(venue);
        }
        if (booking.getVenueLocation() != null) {
            where.append(", ").append(booking.getVenueLocation());
        }
        return where.toString();
    }

    private VEvent event(CalendarBooking booking, Locale locale, int grace) {
        LocalDateTime start = booking.getSlotDate().atTime(booking.getStartTime());
        LocalDateTime end = booking.getSlotDate().atTime(booking.getEndTime());
        String summary = booking.getBookerName() == null
                ? new EngineText("calendar.summary", booking.getCourtName()).in(locale)
                : new EngineText("calendar.summaryPartner", booking.getCourtName(), booking.getBookerName()).in(locale);
        VEvent event = new VEvent(at(start), at(end), summary);
        event.add(new Uid("reservation-" + booking.getReservationId() + "@courtrush"));
        event.add(new Location(where(booking, locale)));
        boolean active = booking.getStatus() != null && booking.getStatus().active();
        event.add(status(booking.getStatus()));
        // a calendar takes a change of an event it has only with a higher sequence: paid, then cancelled
        event.add(new Sequence(sequence(booking.getStatus())));
        if (booking.getUpdateTime() != null) {
            event.add(new LastModified(
                    booking.getUpdateTime().atZone(clock.getZone()).toInstant()));
        }
        event.add(new Description(description(booking, active, start, grace, locale)));
        return event;
    }

    /**
     * A wall time of the gym as the event's time: in its zone (TZID, with the VTIMEZONE above), or — for a zone
     * the registry has no definition of, such as a fixed offset — the same instant in UTC, written with a "Z" and no
     * TZID (RFC 5545 §3.3.5: a TZID on a UTC time is invalid, and a zoned time in UTC was written {@code TZID=Z}).
     */
    private Temporal at(LocalDateTime wallTime) {
        ZonedDateTime there = ZonedDateTime.of(wallTime, clock.getZone());
        return zones.getTimeZone(clock.getZone().getId()) != null ? there : there.toInstant();
    }

    private static int sequence(ReservationStatus status) {
        if (status == ReservationStatus.PENDING_PAYMENT) {
            return 0;
        }
        return status == ReservationStatus.CONFIRMED ? 1 : 2;
    }

    private static Status status(ReservationStatus status) {
        if (status == ReservationStatus.CONFIRMED) {
            return ImmutableStatus.VEVENT_CONFIRMED;
        }
        return status == ReservationStatus.PENDING_PAYMENT
                ? ImmutableStatus.VEVENT_TENTATIVE
                : ImmutableStatus.VEVENT_CANCELLED;
    }

    private String description(CalendarBooking booking, boolean active, LocalDateTime start, int grace, Locale locale) {
        String id = String.valueOf(booking.getReservationId()); // a number as written, never "1,234"
        String order = booking.getOutTradeNo();
        if (!active) {
            // why it ended, in words; the order number only when there is one
            String why = booking.getCancelReason() == null
                    ? new EngineText("calendar.reason.none").in(locale)
                    : new EngineText("calendar.reason." + booking.getCancelReason()).in(locale);
            return order == null
                    ? new EngineText("calendar.cancelled", id, why).in(locale)
                    : new EngineText("calendar.cancelledOrder", id, why, order).in(locale);
        }
        String opens = TIME.format(start.minus(CheckIns.OPENS_BEFORE_START));
        String deadline = TIME.format(start.plusMinutes(grace));
        if (booking.getBookerName() != null) {
            return booking.getStatus() == ReservationStatus.PENDING_PAYMENT
                    ? new EngineText("calendar.partnerUnpaid", id, booking.getBookerName()).in(locale)
                    : new EngineText("calendar.partnerPaid", id, booking.getBookerName(), opens, deadline).in(locale);
        }
        if (booking.getStatus() == ReservationStatus.PENDING_PAYMENT) {
            return new EngineText("calendar.unpaid", id).in(locale);
        }
        return order == null
                ? new EngineText("calendar.paidNoOrder", id, opens, deadline).in(locale)
                : new EngineText("calendar.paid", id, order, opens, deadline).in(locale);
    }
}
