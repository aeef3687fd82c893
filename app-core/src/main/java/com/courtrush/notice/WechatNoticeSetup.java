package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.notice.api.WechatAccount;
import com.courtrush.notice.api.WechatAccountChange;
import com.courtrush.notice.api.WechatAccountState;
import com.courtrush.notice.api.WechatDelivery;
import com.courtrush.notice.api.WechatField;
import com.courtrush.notice.api.WechatNoticeSettings;
import com.courtrush.notice.api.WechatRefused;
import com.courtrush.notice.api.WechatTemplate;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.stereotype.Service;

/**
 * The official account's notifications as a manager sets them (SPEC §22, {@code PUT /admin/wechat-notices} and the
 * console): the templates by kind of notice (audited), a test sent at once to a student's WeChat and answered in the
 * engine's words, each delivery for staff to see, and those given up sent again (audited).
 */
@Service
public class WechatNoticeSetup {

    private static final Logger log = LoggerFactory.getLogger(WechatNoticeSetup.class);
    /** The test's court, hours and deadline: a made-up booking, said to be one. */
    private static final LocalTime TEST_START = LocalTime.of(18, 0);

    private static final String TEST_COURT = "测试场地";

    private final WechatTemplates templates;
    private final WechatNotices notices;
    private final WechatNoticeMapper mapper;
    private final ObjectProvider<WechatAccount> account;
    private final AuditTrail audit;
    private final Clock clock;

    WechatNoticeSetup(
            WechatTemplates templates,
            WechatNotices notices,
            WechatNoticeMapper mapper,
            ObjectProvider<WechatAccount> account,
            AuditTrail audit,
            Clock clock) {
        this.templates = templates;
        this.notices = notices;
        this.mapper = mapper;
        this.account = account;
        this.audit = audit;
        this.clock = clock;
    }

    public WechatNoticeSettings settings() {
        WechatAccount wechat = account.getIfAvailable();
        return new WechatNoticeSettings(
                wechat == null ? null : wechat.appId().orElse(null),
                wechat != null && wechat.simulated(),
                templates.all(),
                Arrays.stream(NoticeKind.values()).map(Enum::name).toList(),
                Arrays.stream(WechatField.values()).map(Enum::name).toList(),
                notices.givenUp(),
                wechat == null ? new WechatAccountState(WechatAccountState.NONE, null, null, false) : wechat.state());
    }

    /**
     * Sets the official account on its own when {@code change} is given, then every template at once when
     * {@code chosen} is (a manager's, each audited): the kinds named, and no other, go to WeChat. Null leaves either as
     * it is.
     */
    public WechatNoticeSettings set(List<WechatTemplate> chosen, WechatAccountChange change, Caller manager) {
        if (change != null) {
            WechatAccount wechat = account.getIfAvailable();
            if (wechat == null) {
                throw CourtRushException.conflict("wechat.accountNotSet");
            }
            wechat.set(change);
            audit.record(
                    manager.actor(),
                    AuditAction.SET_WECHAT_NOTICES,
                    AuditTarget.SETTING,
                    "WECHAT_ACCOUNT",
                    new EngineText("audit.wechatAccountSet", change.appId().strip()));
        }
        if (chosen == null) {
            return settings();
        }
        templates.set(chosen);
        audit.record(
                manager.actor(),
                AuditAction.SET_WECHAT_NOTICES,
                AuditTarget.SETTING,
                "WECHAT_NOTICES",
                new EngineText(
                        "audit.wechatNoticesSet",
                        String.join(
                                ", ",
                                templates.all().stream()
                                        .map(WechatTemplate::kind)
                                        .toList())));
        return settings();
    }

    /**
     * Sends the template of {@code kind} to a student's WeChat now, filled from a made-up booking (its court says so);
     * answers WeChat's message id, or throws saying why not: no kind or student named (400), no such student (404), no
     * account, no template, the student not bound, WeChat's refusal (43101: they have not agreed in the page) or WeChat
     * out of reach (409). WeChat spends one of the student's consents on it, and so does the engine's count of them.
     */
    public String test(String kind, String studentId, Caller manager) {
        if (kind == null || !WechatTemplates.isKind(kind)) {
            throw CourtRushException.badRequest("wechat.templateKind", String.valueOf(kind));
        }
        if (studentId == null || studentId.isBlank()) {
            throw CourtRushException.badRequest("wechat.testStudentNeeded");
        }
        WechatAccount wechat = account.getIfAvailable();
        String appId = wechat == null ? null : wechat.appId().orElse(null);
        if (appId == null) {
            throw CourtRushException.conflict("wechat.accountNotSet");
        }
        WechatTemplate template =
                templates.of(kind).orElseThrow(() -> CourtRushException.conflict("wechat.testNoTemplate", kind));
        Long userId = mapper.studentNamed(studentId.strip());
        if (userId == null) {
            throw CourtRushException.notFound("wechat.testNoStudent", studentId.strip());
        }
        String openId = mapper.openIdOf(userId, appId);
        if (openId == null) {
            throw CourtRushException.conflict("wechat.testNotBound", studentId.strip());
        }
        LocalDateTime now = LocalDateTime.now(clock);
        LocalDate day = now.toLocalDate().plusDays(1);
        NoticeMapper.Row row = new NoticeMapper.Row(
                0,
                kind,
                null,
                sampleParams(now),
                now,
                null,
                day,
                TEST_START,
                TEST_START.plusHours(1),
                TEST_COURT,
                null,
                null,
                null);
        NoticeInbox.Notice zh =
                new NoticeInbox.Notice(0, NoticeKind.valueOf(kind), "测试通知", "这是一条测试通知。", null, now, false, "#/mine");
        try {
            String msgId =
                    wechat.send(openId, template.templateId(), null, WechatValues.of(template.fields(), row, zh));
            mapper.spendConsent(userId, template.templateId(), now);
            log.info(
                    "A test notification of {} went to student {}'s WeChat for {}: msgid {}",
                    kind,
                    studentId,
                    manager.actor(),
                    msgId);
            return msgId;
        } catch (WechatRefused e) {
            if (e.errcode() == WechatNotices.NO_CONSENT) {
                mapper.noConsentLeft(userId, template.templateId(), now);
            }
            throw CourtRushException.conflict("wechat.testRefused", String.valueOf(e.errcode()), e.errmsg());
        } catch (RuntimeException e) {
            log.warn("A test notification could not be sent to WeChat: {}", e.toString());
            throw CourtRushException.conflict(
                    "wechat.testUnreachable",
                    String.valueOf(NestedExceptionUtils.getMostSpecificCause(e).getMessage()));
        }
    }

    /** The latest deliveries to WeChat, newest first. */
    public List<WechatDelivery> deliveries(int size) {
        return mapper.latest(Math.max(1, Math.min(size, 200)));
    }

    /** The deliveries given up, tried again from now for as long again (a manager's, audited): how many. */
    public int sendAgain(Caller manager) {
        int again = notices.sendAgain();
        audit.record(
                manager.actor(),
                AuditAction.SEND_AGAIN,
                AuditTarget.SETTING,
                "WECHAT_NOTICES",
                new EngineText("audit.wechatSentAgain", again));
        return again;
    }

    /** What a notice of any kind carries, made up for a test: a deadline a quarter of an hour on, ¥20, a reason. */
    private static String sampleParams(LocalDateTime now) {
        LocalDateTime soon = now.plusMinutes(15);
        return JSON.toJSONString(Map.of(
                Notices.PAY_BY,
                Notices.EXACT.format(soon),
                Notices.UNTIL,
                Notices.EXACT.format(soon),
                Notices.FLASH,
                Notices.WHEN.format(soon),
                Notices.AMOUNT,
                "20.00",
                Notices.REASON,
                "测试",
                Notices.NAME,
                "测试同学"));
    }
}
