package com.courtrush.calendar;

import com.courtrush.core.CourtRushException;
import com.courtrush.core.Digests;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;

/**
 * A student's calendar feed (SPEC §17). The feed key is 256 random bits, given to the student once, in
 * the feed's address; only its SHA-256 is kept, so the database never holds a key that reads a feed. A
 * new key replaces the old one at once; stopping the feed forgets it. The key reads the feed and nothing
 * else — it is not a token, and no endpoint but the feed accepts it; a disabled account's feed is no more, and
 * a feed ends when the password changes or is reset, as the student's sign-ins do (it keeps a stamp of the password).
 */
@Service
public class CalendarFeeds {

    /** Bookings that ended more than this long ago leave the feed. */
    static final int DAYS_BACK = 30;

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_-]{43}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final CalendarMapper calendar;
    private final CalendarIcs ics;
    private final Clock clock;

    CalendarFeeds(CalendarMapper calendar, CalendarIcs ics, Clock clock) {
        this.calendar = calendar;
        this.ics = ics;
        this.clock = clock;
    }

    /**
     * A new feed address for the student (the key in it is shown this once); the old one stops working. The address
     * names the language its calendar speaks — {@code locale}'s, the page's the student chose: Chinese unless it is
     * English, as the feed itself defaults to Chinese.
     */
    public NewFeed renew(long userId, Locale locale) {
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        String key = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        LocalDateTime now = LocalDateTime.now(clock);
        calendar.keep(userId, hash(key), now, stamp(calendar.passwordHash(userId)));
        boolean english = CalendarIcs.language(locale).equals(Locale.ENGLISH);
        return new NewFeed("/calendar/" + key + ".ics" + (english ? "?lang=en" : ""), now);
    }

    /** Stops the student's feed: its address answers 404 from now on. */
    public FeedView stop(long userId) {
        calendar.forget(userId);
        return state(userId);
    }

    /** Whether the student has a feed, since when, and when a calendar app last read it. */
    public FeedView state(long userId) {
        CalendarMapper.Feed feed = calendar.ofStudent(userId);
        return feed == null || !reads(feed)
                ? new FeedView(false, null, null)
                : new FeedView(true, feed.createTime(), feed.readTime());
    }

    /**
     * The feed a key reads: the owner's bookings from 30 days back on, and those of others they accepted being a
     * partner on, as iCalendar text in {@code lang} ("en"; anything else or none: Chinese).
     */
    public String feed(String key, String lang) {
        CalendarMapper.Feed feed = key != null && KEY.matcher(key).matches() ? calendar.byKey(hash(key)) : null;
        if (feed == null || !reads(feed)) {
            throw CourtRushException.notFound("calendar.unknownFeed");
        }
        calendar.read(feed.userId(), LocalDateTime.now(clock));
        LocalDate from = LocalDate.now(clock).minusDays(DAYS_BACK);
        List<CalendarBooking> bookings = new ArrayList<>(calendar.bookings(feed.userId(), from));
        bookings.addAll(calendar.partnerBookings(feed.userId(), from));
        bookings.sort(Comparator.comparing(CalendarBooking::getSlotDate)
                .thenComparing(CalendarBooking::getStartTime)
                .thenComparing(CalendarBooking::getReservationId)
                .reversed());
        return ics.calendar(bookings, "en".equalsIgnoreCase(lang) ? Locale.ENGLISH : CalendarIcs.CHINESE);
    }

    /**
     * Whether the feed still reads: made under the owner's password as it is now (a change or reset ends it, as it
     * ends their sign-ins). One made before feeds were stamped takes the current stamp.
     */
    private boolean reads(CalendarMapper.Feed feed) {
        String now = stamp(feed.passwordHash());
        if (feed.passwordStamp() == null) {
            calendar.adopt(feed.userId(), now);
            return true;
        }
        return feed.passwordStamp().equals(now);
    }

    /** A stamp of the password a feed is made under: never the password hash itself. */
    private static String stamp(String passwordHash) {
        return Digests.sha256Hex("calendar-feed:" + passwordHash);
    }

    /**
     * One of the student's own bookings, or one they accepted being a partner on, as an .ics file in {@code locale}
     * (Chinese unless English).
     */
    public String booking(long reservationId, long userId, Locale locale) {
        CalendarBooking booking = calendar.booking(reservationId, userId);
        if (booking == null) {
            throw CourtRushException.notFound("reservation.notFound", reservationId);
        }
        return ics.calendar(List.of(booking), CalendarIcs.language(locale));
    }

    static String hash(String key) {
        return Digests.sha256Hex(key); // the key is URL-safe ASCII: its UTF-8 is its ASCII
    }

    /** A feed just made: its address (path on this server, with the key) — shown once. */
    public record NewFeed(String path, LocalDateTime createTime) {}

    /** Whether the student has a feed; when it was made and last read. */
    public record FeedView(boolean active, LocalDateTime createTime, LocalDateTime readTime) {}
}
