package com.courtrush.notice;

import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.Repeated;
import com.courtrush.notice.api.PageAddress;
import com.courtrush.notice.api.WechatAccount;
import com.courtrush.notice.api.WechatRefused;
import com.courtrush.notice.api.WechatTemplate;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The official account's subscribe notifications (订阅通知, SPEC §22): a third way a notice reaches its student, beside
 * the inbox and email, which carry every notice whatever WeChat answers. A notice goes to WeChat when its kind has a
 * template, its student is bound to the account, has a consent of that template left (the open tag's "allow" on the
 * page) and has not muted the kind: a delivery row, written in the notice's own transaction. Every node sends the
 * deliveries due, each under a lease; one takes a consent before it is sent (at most one notification per consent),
 * keeps it while WeChat is tried again and gives it back if it is given up. WeChat refusing it for good (43101: no
 * consent left there) ends it REFUSED; out of reach, busy or out of quota it is tried again for
 * {@code courtrush.notices.retry-for} ({@link Retries}), then given up (FAILED), staff told, and sent again by a
 * manager. The account's access token is WxJava's, kept in Redis for every node ({@code pay.OfficialAccount}).
 */
@Component
public class WechatNotices {

    static final String PENDING = "PENDING";
    static final String REFUSED = "REFUSED";
    static final String SKIPPED = "SKIPPED";
    static final String FAILED = "FAILED";
    /** WeChat's "the user refused": no consent of the template left. */
    static final int NO_CONSENT = 43101;

    private static final Logger log = LoggerFactory.getLogger(WechatNotices.class);
    private static final Duration EVERY = Duration.ofSeconds(1);
    private static final int BATCH = 20;
    private static final int MOST_ERROR = 300;

    private final WechatNoticeMapper mapper;
    private final NoticeMapper notices;
    private final NoticeInbox inbox;
    private final WechatTemplates templates;
    private final ObjectProvider<WechatAccount> account;
    private final StaffAlerts alerts;
    private final Repeated repeated;
    private final TransactionTemplate transactions;
    private final PageAddress page;
    private final Clock clock;
    private final Duration lease;
    private final Retries retries;

    WechatNotices(
            CourtRushProperties properties,
            WechatNoticeMapper mapper,
            NoticeMapper notices,
            NoticeInbox inbox,
            WechatTemplates templates,
            ObjectProvider<WechatAccount> account,
            StaffAlerts alerts,
            Repeated repeated,
            TransactionTemplate transactions,
            PageAddress page,
            Clock clock) {
        this.mapper = mapper;
        this.notices = notices;
        this.inbox = inbox;
        this.templates = templates;
        this.account = account;
        this.alerts = alerts;
        this.repeated = repeated;
        this.transactions = transactions;
        this.page = page;
        this.clock = clock;
        this.lease = properties.notices().sendLease();
        this.retries = new Retries(properties.notices().retryFor());
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        repeated.every(EVERY, "Sending the notices to WeChat", this::sendDue);
    }

    /** The account's AppID, while an account is set and some kind of notice has a template; empty otherwise. */
    private Optional<String> sending() {
        WechatAccount wechat = account.getIfAvailable();
        return wechat == null || !templates.any() ? Optional.empty() : wechat.appId();
    }

    /** Notices just posted (in their transaction): a delivery for each that goes to WeChat. */
    void posted(List<String> messageIds, LocalDateTime now) {
        sending().ifPresent(appId -> mapper.enqueue(messageIds, appId, now));
    }

    /** The rush's WON notices just posted for these grants (in the consumer's transaction). */
    void won(List<String> traceIds, LocalDateTime now) {
        sending().ifPresent(appId -> mapper.enqueueWon(traceIds, appId, now));
    }

    /** Sends what is due now; returns how many WeChat took. */
    public int sendDue() {
        return sendDue(LocalDateTime.now(clock));
    }

    /** Sends what is due at {@code now}; when some are given up, staff are told how many wait to be sent again. */
    int sendDue(LocalDateTime now) {
        WechatAccount wechat = account.getIfAvailable();
        if (wechat == null || sending().isEmpty()) {
            return 0; // as the email outbox while its channel is off: no query every second on a gym without them
        }
        int sent = 0;
        int givenUp = 0;
        long started = System.nanoTime();
        for (Long id : mapper.due(now, BATCH)) {
            LocalDateTime at = now.plusNanos(System.nanoTime() - started);
            if (mapper.claim(id, at, at.plus(lease)) == 1) {
                switch (send(wechat, id, at)) {
                    case SENT -> sent++;
                    case GIVEN_UP -> givenUp++;
                    case ENDED, LATER -> {}
                }
            }
        }
        if (givenUp > 0) {
            alerts.wechatNoticesGivenUp(mapper.givenUp(), retries.retryFor());
        }
        return sent;
    }

    private Sent send(WechatAccount wechat, long id, LocalDateTime now) {
        WechatNoticeMapper.Outgoing out = mapper.outgoing(id);
        Optional<WechatTemplate> template = templates.of(out.kind());
        if (template.isEmpty() || !template.get().templateId().equals(out.templateId())) {
            giveBack(out, now);
            mapper.ended(id, SKIPPED, now, "no template for " + out.kind() + " any more");
            return Sent.ENDED;
        }
        if (!out.consentTaken() && !takeConsent(out, now)) {
            mapper.ended(id, SKIPPED, now, "no consent left");
            return Sent.ENDED;
        }
        NoticeMapper.Row row = notices.one(out.noticeId());
        NoticeInbox.Notice zh = inbox.view(row, NoticeEmails.CHINESE);
        Map<String, String> data = WechatValues.of(template.get().fields(), row, zh);
        try {
            String msgId = wechat.send(out.openid(), out.templateId(), link(wechat, zh.link()), data);
            mapper.sent(id, msgId, now);
            return Sent.SENT;
        } catch (WechatRefused e) {
            log.warn(
                    "Notice {} was not taken by WeChat for student {}: {}",
                    out.noticeId(),
                    out.userId(),
                    e.getMessage());
            if (e.errcode() == NO_CONSENT) {
                mapper.noConsentLeft(out.userId(), out.templateId(), now);
            } else { // a template or value WeChat does not take: the student's consent was not spent there
                mapper.giveBackConsent(out.userId(), out.templateId(), now);
            }
            mapper.ended(id, REFUSED, now, shortened(e.errcode() + " " + e.errmsg()));
            return Sent.ENDED;
        } catch (RuntimeException e) { // WeChat out of reach, busy or out of quota: tried again, ended on time
            return failed(out, now, e);
        }
    }

    /** Takes one of the student's consents for this delivery, once: false when none is left. */
    private boolean takeConsent(WechatNoticeMapper.Outgoing out, LocalDateTime now) {
        return Boolean.TRUE.equals(transactions.execute(status -> {
            if (mapper.spendConsent(out.userId(), out.templateId(), now) == 0) {
                return false;
            }
            mapper.consentTaken(out.id());
            return true;
        }));
    }

    private void giveBack(WechatNoticeMapper.Outgoing out, LocalDateTime now) {
        if (out.consentTaken()) {
            mapper.giveBackConsent(out.userId(), out.templateId(), now);
        }
    }

    private Sent failed(WechatNoticeMapper.Outgoing out, LocalDateTime now, RuntimeException e) {
        String error = shortened(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        LocalDateTime next = retries.next(out.triesFrom(), out.attempts(), now);
        if (next == null) {
            log.error(
                    "Notice {} could not be sent to WeChat in {} ({} tries); given up until staff send it again: {}",
                    out.noticeId(),
                    retries.retryFor(),
                    out.attempts(),
                    error);
            transactions.executeWithoutResult(status -> {
                mapper.giveBackConsent(out.userId(), out.templateId(), now);
                mapper.ended(out.id(), FAILED, now, error);
            });
            return Sent.GIVEN_UP;
        }
        log.warn(
                "Notice {} could not be sent to WeChat (attempt {}), tried again at {}: {}",
                out.noticeId(),
                out.attempts(),
                next,
                error);
        mapper.ended(out.id(), PENDING, next, error);
        return Sent.LATER;
    }

    /**
     * The notice's booking or offer on the students' page, at the address students reach inside WeChat (the account's;
     * else the page's); none while no address is known.
     */
    private String link(WechatAccount wechat, String hash) {
        String base = wechat.publicUrl().filter(url -> !url.isBlank()).orElseGet(page::studentUrl);
        if (base == null || base.isBlank()) {
            return null;
        }
        return hash == null ? base : (base.endsWith("/") ? base : base + "/") + hash;
    }

    private static String shortened(String text) {
        return text.length() > MOST_ERROR ? text.substring(0, MOST_ERROR - 1) + "…" : text;
    }

    /** The given-up deliveries tried again from now, for as long again; how many. */
    int sendAgain() {
        return mapper.sendAgain(LocalDateTime.now(clock));
    }

    /** How many deliveries were given up and wait for staff to send them again. */
    int givenUp() {
        return mapper.givenUp();
    }

    /** What became of one delivery's try. */
    private enum Sent {
        SENT,
        ENDED,
        LATER,
        GIVEN_UP
    }
}
