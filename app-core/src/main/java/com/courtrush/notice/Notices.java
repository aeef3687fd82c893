package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.courtrush.core.WallTimes;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Posts a student's notices (SPEC §17). A notice is posted inside the transaction of the event it tells of — the
 * event and its notice are both there or neither is — and once per message id ({@code <KIND>:<what it is about>}): a
 * repeat of the event (a redelivered grant, a second sweep) posts nothing more. Its text is made when it is read, in
 * the reader's language ({@link NoticeInbox}); times are the gym's, with their date.
 */
@Service
public class Notices {

    static final String PAY_BY = "payBy";
    static final String ORDER = "order";
    static final String REASON = "reason";
    static final String AMOUNT = "amount";
    static final String UNTIL = "until";
    static final String FLASH = "flash";
    static final String DAY = "day";
    static final String NAME = "name";
    static final String CHECK_IN_BY = "checkInBy";
    /** Which wording of its text a notice shows ({@code notice.<KIND>.text.<variant>}); none: the plain one. */
    static final String VARIANT = "variant";
    /** A no-show's money: kept (the default) or refunded, as the setting said when the notice was made. */
    static final String KEPT = "kept";
    /** A reminder's variant: to an accepted partner, whom a no-show costs no strike nor money. */
    static final String PARTNER = "partner";

    static final String REFUNDED = "refunded";

    static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");
    /** Deadlines that fall within a minute (an offer held to 09:11:10, a payment due then): to the second. */
    static final DateTimeFormatter EXACT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private static final DateTimeFormatter COMPACT = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");
    private static final int MAX_REASON = 200;

    private final NoticeMapper notices;
    private final NoticeChannels channels;
    private final WechatNotices wechat;
    private final Clock clock;

    Notices(NoticeMapper notices, NoticeChannels channels, WechatNotices wechat, Clock clock) {
        this.notices = notices;
        this.channels = channels;
        this.wechat = wechat;
        this.clock = clock;
    }

    /** The rush gave these grants' students their places: pay by {@code payBy} (in the consumer's transaction). */
    public void won(List<String> traceIds, LocalDateTime payBy, LocalDateTime now) {
        requireTransaction();
        notices.postWon(
                traceIds,
                params(Map.of(PAY_BY, EXACT.format(payBy))),
                now,
                channels.email().isPresent());
        wechat.won(traceIds, now);
    }

    public void payDue(long userId, long reservationId, long slotId, LocalDateTime payBy) {
        post(NoticeKind.PAY_DUE, userId, reservationId, slotId, reservationId, Map.of(PAY_BY, EXACT.format(payBy)));
    }

    public void paid(long userId, long reservationId, long slotId, String outTradeNo) {
        post(NoticeKind.PAID, userId, reservationId, slotId, reservationId, Map.of(ORDER, outTradeNo));
    }

    public void cancelledByStaff(long userId, long reservationId, long slotId, String reason) {
        post(
                NoticeKind.CANCELLED_BY_STAFF,
                userId,
                reservationId,
                slotId,
                reservationId,
                Map.of(REASON, shown(reason)));
    }

    public void timedOut(long userId, long reservationId, long slotId) {
        post(NoticeKind.TIMED_OUT, userId, reservationId, slotId, reservationId, Map.of());
    }

    /**
     * Money given back reached the student, in part or whole (once per refund, when the provider says SUCCESS or the
     * desk handed it back); {@code reason}: staff's, null for the student's own.
     */
    public void refunded(
            long userId, long reservationId, long slotId, String outRefundNo, long amountCents, String reason) {
        post(
                NoticeKind.REFUNDED,
                userId,
                reservationId,
                slotId,
                outRefundNo, // one notice per refund: a part, then the rest, are two
                Map.of(AMOUNT, BigDecimal.valueOf(amountCents, 2).toPlainString(), REASON, shown(reason)));
    }

    /**
     * Money given back did not reach the student: the provider ended the refund ABNORMAL or CLOSED, and the gym gives
     * it back by hand (once per refund).
     */
    public void refundFailed(long userId, long reservationId, long slotId, String outRefundNo, long amountCents) {
        post(
                NoticeKind.REFUND_FAILED,
                userId,
                reservationId,
                slotId,
                outRefundNo,
                Map.of(AMOUNT, BigDecimal.valueOf(amountCents, 2).toPlainString()));
    }

    /** A place of a slot offered from its waitlist until then (once per offer: a slot's next offer is a new one). */
    public void offered(long userId, long slotId, LocalDateTime until) {
        post(
                NoticeKind.OFFER,
                userId,
                null,
                slotId,
                slotId + ":" + userId + ":" + until,
                Map.of(UNTIL, EXACT.format(until)));
    }

    /**
     * The place of a slot held for the student until then was not taken in time and went on to the next (or back on
     * sale); once per lapse ({@code at}: when the wait ended, which only one node ends).
     */
    public void offerLapsed(long userId, long slotId, LocalDateTime at) {
        post(NoticeKind.OFFER_LAPSED, userId, null, slotId, slotId + ":" + userId + ":" + COMPACT.format(at), Map.of());
    }

    /**
     * A paid booking starts soon: check in by {@code checkInBy}, else it is a no-show — a strike, the money kept or
     * ({@code refunded}) given back. Once per booking.
     */
    public void bookingSoon(
            long userId,
            long reservationId,
            long slotId,
            LocalDate playDate,
            LocalDateTime checkInBy,
            boolean refunded) {
        post(
                NoticeKind.BOOKING_SOON,
                userId,
                reservationId,
                slotId,
                reservationId,
                Map.of(CHECK_IN_BY, WallTimes.onDay(checkInBy, playDate), VARIANT, refunded ? REFUNDED : KEPT));
    }

    /**
     * A paid booking the student accepted being a partner on starts soon: check in (with the booker) by
     * {@code checkInBy}, else the booking ends as a no-show. Once per booking and partner (the booker's own reminder
     * is {@link #bookingSoon}).
     */
    public void bookingSoonAsPartner(
            long partnerUserId, long reservationId, long slotId, LocalDate playDate, LocalDateTime checkInBy) {
        post(
                NoticeKind.BOOKING_SOON,
                partnerUserId,
                reservationId,
                slotId,
                reservationId + ":" + partnerUserId,
                Map.of(CHECK_IN_BY, WallTimes.onDay(checkInBy, playDate), VARIANT, PARTNER));
    }

    /** Not checked in: a no-show, its money kept or ({@code refunded}) given back, as the notice says. */
    public void noShow(long userId, long reservationId, long slotId, boolean refunded) {
        post(
                NoticeKind.NO_SHOW,
                userId,
                reservationId,
                slotId,
                reservationId,
                Map.of(VARIANT, refunded ? REFUNDED : KEPT));
    }

    /**
     * Strikes blocked the student until then; {@code reservationId} is the latest no-show of the block. Told once per
     * block end: a block made longer (a later strike, a rule changed) is told again.
     */
    public void blocked(long userId, long reservationId, LocalDateTime until) {
        post(
                NoticeKind.BLOCKED,
                userId,
                null,
                null,
                userId + ":" + reservationId + ":" + COMPACT.format(until), // fits message_id's 64
                Map.of(UNTIL, WHEN.format(until)));
    }

    /** An opening the student asked to be reminded of opens at {@code flash}. */
    public void openingSoon(long userId, long sessionId, java.time.LocalDate day, LocalDateTime flash) {
        post(
                NoticeKind.OPENING_SOON,
                userId,
                null,
                null,
                sessionId + ":" + userId,
                Map.of(FLASH, WHEN.format(flash), DAY, day.toString()));
    }

    /** A booker named the student as a partner ({@code partnerId}: the invitation; {@code ask}: its ask, from 1). */
    public void partnerInvited(
            long userId, long reservationId, long slotId, long partnerId, int ask, String bookerName) {
        post(
                NoticeKind.PARTNER_INVITE,
                userId,
                reservationId,
                slotId,
                partnerId + ":" + ask, // asked again after a decline: told again, once per ask
                Map.of(NAME, bookerName));
    }

    public void partnerAccepted(
            long bookerId, long reservationId, long slotId, long partnerId, int ask, String partnerName) {
        post(
                NoticeKind.PARTNER_ACCEPTED,
                bookerId,
                reservationId,
                slotId,
                partnerId + ":" + ask,
                Map.of(NAME, partnerName));
    }

    public void partnerDeclined(
            long bookerId, long reservationId, long slotId, long partnerId, int ask, String partnerStudentId) {
        post(
                NoticeKind.PARTNER_DECLINED,
                bookerId,
                reservationId,
                slotId,
                partnerId + ":" + ask,
                Map.of(NAME, partnerStudentId));
    }

    private void post(
            NoticeKind kind, long userId, Long reservationId, Long slotId, Object about, Map<String, String> params) {
        requireTransaction();
        // its email, if the channel is on and the student verified an address: in the same row, sent after commit
        String emailTo = channels.email().isPresent() ? notices.verifiedEmail(userId) : null;
        String messageId = kind.name() + ":" + about;
        LocalDateTime now = LocalDateTime.now(clock);
        notices.post(
                messageId,
                userId,
                kind.name(),
                reservationId,
                slotId,
                params(params),
                now,
                emailTo,
                emailTo == null ? null : NoticeEmails.PENDING);
        // and to WeChat, if the student agreed there (SPEC §22): in the same transaction, sent after commit
        wechat.posted(List.of(messageId), now);
    }

    private static String shown(String reason) {
        if (reason == null) {
            return "";
        }
        String stripped = reason.strip();
        return stripped.length() > MAX_REASON ? stripped.substring(0, MAX_REASON) + "…" : stripped;
    }

    private static String params(Map<String, String> params) {
        return JSON.toJSONString(new LinkedHashMap<>(params));
    }

    private static void requireTransaction() {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("A notice is posted in the transaction of the event it tells of");
        }
    }
}
