package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.Yuan;
import com.courtrush.infra.lifecycle.PartRestarted;
import com.courtrush.notice.api.AlertDelivery;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Service;

/**
 * What staff must know at once (SPEC §17): a grant that went to the dead-letter queue, Redis unreachable, a part of
 * the embedded stack started again, an opening sold out, emails given up, money matters of WeChat Pay. Each is
 * recorded once per message id (what it is about), whether or not a webhook is on, and listed to staff ({@code GET
 * /admin/staff-alerts}); with the webhook on it goes into the outbox the {@link StaffWebhook} sends from, with it off
 * it is kept {@link #UNSENT} — listed, never posted later (a webhook turned on afterwards gets what happens from then).
 */
@Service
public class StaffAlerts {

    /** How long a gathering alert waits for more of the same before it goes. */
    static final Duration GATHERING = Duration.ofMinutes(1);

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH");
    /** Waiting for the webhook. */
    static final String PENDING = "PENDING";
    /** Recorded while no webhook was on: listed to staff, never posted. */
    static final String UNSENT = "UNSENT";

    private final StaffAlertMapper mapper;
    private final NoticeChannels channels;
    private final Clock clock;

    StaffAlerts(StaffAlertMapper mapper, NoticeChannels channels, Clock clock) {
        this.mapper = mapper;
        this.channels = channels;
        this.clock = clock;
    }

    /** A grant could not be recorded and went to the dead-letter queue. */
    public void deadLetter(String traceId) {
        post(Kind.DEAD_LETTER, traceId, Map.of("trace", traceId));
    }

    /** Redis has not answered since then. */
    public void redisDown(LocalDateTime since) {
        post(Kind.REDIS_DOWN, WHEN.format(since), Map.of("since", WHEN.format(since)));
    }

    /** A part of the embedded stack stopped by itself and was started again (told once it serves again). */
    @EventListener
    public void partRestarted(PartRestarted restarted) {
        post(
                Kind.PART_RESTARTED,
                restarted.part() + ":" + restarted.exited(),
                Map.of(
                        "part",
                        restarted.part(),
                        "at",
                        WHEN.format(LocalDateTime.ofInstant(restarted.exited(), clock.getZone())),
                        "down",
                        Long.toString(Math.max(1, Math.round(restarted.down().toMillis() / 1000.0)))));
    }

    /** Every place of an opening is taken. */
    public void soldOut(long sessionId, String opening, long afterSeconds) {
        post(Kind.SOLD_OUT, sessionId, Map.of("opening", opening, "after", Long.toString(afterSeconds)));
    }

    /**
     * Emails of notices were given up after trying for {@code after}: {@code count} wait for staff to send them again.
     * Told at most once an hour, a minute after the first is given up: what is given up meanwhile (a burst goes in
     * batches) brings the count it tells up to date.
     */
    public void emailsGivenUp(int count, Duration after) {
        givenUp(Kind.EMAILS_GIVEN_UP, count, after);
    }

    /** Notices' WeChat notifications were given up as {@link #emailsGivenUp} tells of emails. */
    public void wechatNoticesGivenUp(int count, Duration after) {
        givenUp(Kind.WECHAT_NOTICES_GIVEN_UP, count, after);
    }

    private void givenUp(Kind kind, int count, Duration after) {
        post(
                kind,
                HOUR.format(LocalDateTime.now(clock)),
                Map.of("count", Integer.toString(count), "hours", Long.toString(Math.max(1, after.toHours()))),
                GATHERING);
    }

    /** A refund ended ABNORMAL or CLOSED at WeChat Pay: the money did not reach the student. */
    public void refundFailed(String outRefundNo, long reservationId, String status) {
        post(
                Kind.REFUND_FAILED,
                outRefundNo,
                Map.of("refund", outRefundNo, "reservation", Long.toString(reservationId), "status", status));
    }

    /** What of a verified WeChat Pay notification does not match the engine's order or refund. */
    public enum Mismatch {
        AMOUNT,
        MERCHANT
    }

    /**
     * WeChat Pay's verified notification of order or refund {@code number} gives {@code there} (an amount, a merchant)
     * where the engine has {@code here}: set aside, nothing settled. Once per order or refund and kind.
     */
    public void notifyMismatch(Mismatch what, String number, String there, String here) {
        post(
                what == Mismatch.AMOUNT ? Kind.NOTIFY_AMOUNT_MISMATCH : Kind.NOTIFY_MERCHANT_MISMATCH,
                number,
                Map.of("number", number, "there", there, "here", here));
    }

    /** The day's orders do not agree with WeChat Pay's bill of that day, or its bill could not be read. */
    public void reconciliationMismatch(
            java.time.LocalDate day, int onlyThere, int onlyHere, int differs, String status) {
        post(
                Kind.RECONCILE_MISMATCH,
                day + ":" + LocalDateTime.now(clock),
                Map.of(
                        "date",
                        day.toString(),
                        "onlyThere",
                        Integer.toString(onlyThere),
                        "onlyHere",
                        Integer.toString(onlyHere),
                        "differs",
                        Integer.toString(differs),
                        "status",
                        status));
    }

    /** WeChat Pay has not answered since then (told once per outage): {@code what} the engine was asking. */
    public void wechatPayUnreachable(LocalDateTime since, String what) {
        post(Kind.WECHAT_PAY_UNREACHABLE, WHEN.format(since), Map.of("since", WHEN.format(since), "what", what));
    }

    /** WeChat Pay's answers have not verified with its public key on file since then (told once per episode). */
    public void wechatPayUnverified(LocalDateTime since, String publicKeyId) {
        post(
                Kind.WECHAT_PAY_UNVERIFIED,
                WHEN.format(since),
                Map.of("since", WHEN.format(since), "publicKeyId", publicKeyId));
    }

    /** An order was paid at WeChat Pay after its booking had ended; the money went back to the student by itself. */
    public void paidAfterEnd(String outTradeNo, long reservationId, int cents) {
        post(
                Kind.PAID_AFTER_END,
                outTradeNo,
                Map.of("order", outTradeNo, "reservation", Long.toString(reservationId), "yuan", Yuan.of(cents)));
    }

    private void post(Kind kind, Object about, Map<String, String> params) {
        post(kind, about, params, Duration.ZERO);
    }

    /**
     * Records an alert once per id, for the webhook when it is on; one that {@code gathers} waits that long, its params
     * kept up to date meanwhile.
     */
    private void post(Kind kind, Object about, Map<String, String> params, Duration gathers) {
        String state = channels.webhook().isPresent() ? PENDING : UNSENT;
        LocalDateTime now = LocalDateTime.now(clock);
        String json = JSON.toJSONString(new LinkedHashMap<>(params));
        if (gathers.isZero()) {
            mapper.post(kind + ":" + about, kind.name(), json, now, state);
        } else {
            mapper.gather(kind + ":" + about, kind.name(), json, now, now.plus(gathers), state);
        }
    }

    /** The given-up alerts tried again from now, for as long again; how many. */
    int sendAgain() {
        return mapper.sendAgain(LocalDateTime.now(clock));
    }

    /** How many alerts were given up and wait for staff to send them again. */
    int givenUp() {
        return mapper.givenUp();
    }

    /** The alerts lately posted, newest first, and how their delivery went. */
    public List<AlertDelivery> recent(int limit) {
        return mapper.recent(Math.max(1, Math.min(limit, 200)));
    }

    private static final String STATUS = "status";

    /** An alert's text in {@code locale}. */
    static String text(StaffAlertMapper.Alert alert, Locale locale) {
        Kind kind = Kind.valueOf(alert.kind());
        JSONObject params = JSON.parseObject(alert.params());
        List<Object> args = new ArrayList<>();
        for (String name : kind.params) {
            String value = params.getString(name);
            // a status is the engine's code (DONE, ABNORMAL): a person reads it in words
            args.add(STATUS.equals(name) ? EngineMessages.format(locale, "status." + value) : value);
        }
        return EngineMessages.format(locale, "alert." + kind, args.toArray());
    }

    /** What an alert is about, and the parameters its text shows. */
    enum Kind {
        DEAD_LETTER("trace"),
        REDIS_DOWN("since"),
        PART_RESTARTED("part", "at", "down"),
        SOLD_OUT("opening", "after"),
        EMAILS_GIVEN_UP("count", "hours"),
        WECHAT_NOTICES_GIVEN_UP("count", "hours"),
        REFUND_FAILED("refund", "reservation", "status"),
        NOTIFY_AMOUNT_MISMATCH("number", "there", "here"),
        NOTIFY_MERCHANT_MISMATCH("number", "there", "here"),
        RECONCILE_MISMATCH("date", "onlyThere", "onlyHere", "differs", "status"),
        WECHAT_PAY_UNREACHABLE("since", "what"),
        WECHAT_PAY_UNVERIFIED("since", "publicKeyId"),
        PAID_AFTER_END("order", "reservation", "yuan");

        private final List<String> params;

        Kind(String... params) {
            this.params = List.of(params);
        }
    }
}
