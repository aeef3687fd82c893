package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;

/**
 * A student's inbox (SPEC §17): their notices a page at a time, the page's badge, read and read-all; each notice's
 * text made as it is read, in the reader's language, from its kind and the values {@link Notices} posted with it.
 */
@Service
class NoticeInbox {

    /** Most notices one page of the inbox shows. */
    static final int MAX_PAGE = 50;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    private final NoticeMapper notices;
    private final Clock clock;

    NoticeInbox(NoticeMapper notices, Clock clock) {
        this.notices = notices;
        this.clock = clock;
    }

    /** The student's notices, newest first, before notice {@code before} (null: the newest), in {@code locale}. */
    Inbox inbox(long userId, Long before, int size, Locale locale) {
        int shown = Math.max(1, Math.min(size, MAX_PAGE));
        List<Notice> page = new ArrayList<>();
        for (NoticeMapper.Row row : notices.page(userId, before == null ? Long.MAX_VALUE : before, shown)) {
            page.add(view(row, locale));
        }
        return new Inbox(notices.unread(userId), page);
    }

    /**
     * The page's badge and its change signal (issue 55): how many notices are unread, and a stamp that moves
     * whenever a notice is written for the student — which every change made to their bookings by someone else
     * does, in the change's own transaction (staff cancels or marks paid, an offer, a partner's answer, a timeout).
     * The newest id and the count: a notice committed after one with a higher id still moves the count.
     */
    Badge badge(long userId) {
        NoticeMapper.Badge read = notices.badge(userId);
        return new Badge(read.unread(), read.newest() + "." + read.total());
    }

    /** Marks one notice read; 404 when it is not the student's. */
    int read(long userId, long id) {
        if (notices.owns(userId, id) == 0) {
            throw CourtRushException.notFound("notice.notFound", id);
        }
        notices.read(userId, id, LocalDateTime.now(clock));
        return notices.unread(userId);
    }

    int readAll(long userId) {
        notices.readAll(userId, LocalDateTime.now(clock));
        return 0;
    }

    /** A notice as {@code locale}'s reader reads it. */
    Notice view(NoticeMapper.Row row, Locale locale) {
        NoticeKind kind = NoticeKind.valueOf(row.kind());
        JSONObject params = JSON.parseObject(row.params());
        List<Object> args = new ArrayList<>();
        args.add(
                row.slotDate() == null
                        ? EngineMessages.format(locale, "notice.noBooking")
                        : EngineMessages.format(
                                locale,
                                "notice.booking",
                                row.courtIn(locale),
                                row.slotDate().toString(),
                                TIME.format(row.startTime()),
                                TIME.format(row.endTime())));
        for (String param : kind.params()) {
            args.add(param.equals(Notices.PAY_BY) ? payByShown(params.getString(param), row) : params.getString(param));
        }
        Object[] shown = args.toArray();
        String reason = params.getString(Notices.REASON);
        boolean noReason = kind.params().contains(Notices.REASON) && (reason == null || reason.isEmpty());
        String variant = params.getString(Notices.VARIANT);
        String text = EngineMessages.format(
                locale,
                "notice." + kind + ".text" + (noReason ? ".plain" : "") + (variant == null ? "" : "." + variant),
                shown);
        return new Notice(
                row.id(),
                kind,
                EngineMessages.format(locale, "notice." + kind + ".title"),
                text,
                row.reservationId(),
                row.createTime(),
                row.readTime() != null,
                link(kind, row));
    }

    /**
     * Where on the students' page the notice's booking or offer is (a hash of the page's routes, students' page
     * doc): its booking under My bookings, its offer there, the day's courts of an opening or of an offer gone.
     */
    static String link(NoticeKind kind, NoticeMapper.Row row) {
        return switch (kind) {
            case OFFER -> row.slotId() == null ? "#/mine" : "#/mine/offer/" + row.slotId();
            case OFFER_LAPSED -> row.slotDate() == null ? "#/slots" : "#/slots/" + row.slotDate();
            case OPENING_SOON -> {
                String day = JSON.parseObject(row.params()).getString(Notices.DAY);
                yield day == null ? "#/slots" : "#/slots/" + day;
            }
            default -> row.reservationId() == null ? "#/mine" : "#/mine/booking/" + row.reservationId();
        };
    }

    /**
     * A payment deadline as told: never after the slot's start (a notice made before the cap was kept, or a
     * deadline stored to the minute, is shown capped too).
     */
    private static String payByShown(String stored, NoticeMapper.Row row) {
        if (stored == null || row.slotDate() == null) {
            return stored;
        }
        LocalDateTime payBy = LocalDateTime.parse(stored, stored.length() > 16 ? Notices.EXACT : Notices.WHEN);
        LocalDateTime start = row.slotDate().atTime(row.startTime());
        return Notices.EXACT.format(start.isBefore(payBy) ? start : payBy);
    }

    /** The badge: unread notices, and the stamp of the student's notices ({@code newest id.count}). */
    public record Badge(int unread, String changes) {}

    /** A page of the inbox and how many notices are unread in all. */
    public record Inbox(int unread, List<Notice> notices) {}

    /** A notice as the student reads it. */
    public record Notice(
            long id,
            NoticeKind kind,
            String title,
            String text,
            Long reservationId,
            LocalDateTime createTime,
            boolean read,
            /* where on the students' page its booking or offer is: a hash of the page's routes (#/mine/booking/7) */
            String link) {}
}
