package com.courtrush.notice;

import com.courtrush.core.CourtRushException;
import com.courtrush.notice.api.WechatAccount;
import com.courtrush.notice.api.WechatJsConfig;
import com.courtrush.notice.api.WechatTemplate;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A student's side of the official account's notifications (SPEC §22): whether they can have them (an account set,
 * templates chosen, their WeChat bound), the templates the page's open tag asks them to agree to, the consents the open
 * tag recorded (one notification of a template each) and the kinds they muted.
 */
@Service
class WechatSubscriptions {

    private static final int MOST_URL = 1_000;

    private final WechatNoticeMapper mapper;
    private final WechatTemplates templates;
    private final ObjectProvider<WechatAccount> account;
    private final Clock clock;

    WechatSubscriptions(
            WechatNoticeMapper mapper, WechatTemplates templates, ObjectProvider<WechatAccount> account, Clock clock) {
        this.mapper = mapper;
        this.templates = templates;
        this.account = account;
        this.clock = clock;
    }

    /** The student's notifications by WeChat: whether they can have them, the templates, consents left, kinds muted. */
    State state(long userId) {
        WechatAccount wechat = account.getIfAvailable();
        String appId = wechat == null ? null : wechat.appId().orElse(null);
        boolean bound = appId != null && mapper.openIdOf(userId, appId) != null;
        List<WechatTemplate> chosen = templates.all();
        Map<String, Integer> left = mapper.consents(userId).stream()
                .collect(Collectors.toMap(WechatNoticeMapper.Consent::templateId, WechatNoticeMapper.Consent::granted));
        return new State(
                bound && !chosen.isEmpty(),
                appId,
                chosen.stream()
                        .map(t -> new Offered(t.kind(), t.templateId(), left.getOrDefault(t.templateId(), 0)))
                        .toList(),
                mapper.muted(userId));
    }

    /**
     * The open tag's "allow" for these templates, as the page was told by WeChat: one notification of each more. Only
     * the templates a kind of notice uses count; what WeChat itself holds decides in the end (43101).
     */
    @Transactional
    State consent(long userId, List<String> templateIds) {
        Set<String> chosen =
                templates.all().stream().map(WechatTemplate::templateId).collect(Collectors.toSet());
        LocalDateTime now = LocalDateTime.now(clock);
        for (String templateId : new LinkedHashSet<>(templateIds == null ? List.<String>of() : templateIds)) {
            if (!chosen.contains(templateId)) {
                throw CourtRushException.badRequest("wechat.consentUnknown", templateId);
            }
            mapper.consent(userId, templateId, now);
        }
        return state(userId);
    }

    /** The kinds of notice the student does not want in WeChat (the inbox and email still carry them). */
    @Transactional
    State mute(long userId, List<String> kinds) {
        Set<String> muted = new LinkedHashSet<>(kinds == null ? List.<String>of() : kinds);
        for (String kind : muted) {
            if (!WechatTemplates.isKind(kind)) {
                throw CourtRushException.badRequest("wechat.templateKind", kind);
            }
        }
        mapper.unmuteAll(userId);
        muted.forEach(kind -> mapper.mute(userId, kind));
        return state(userId);
    }

    /**
     * The JS-SDK's configuration for the page at {@code url}, for a student who can have notifications by WeChat;
     * 409 otherwise, 503 when WeChat could not be asked.
     */
    WechatJsConfig jsConfig(long userId, String url) {
        if (url == null || url.length() > MOST_URL || !url.matches("https?://[^#\\s]+")) {
            throw CourtRushException.badRequest("wechat.pageUrl");
        }
        WechatAccount wechat = account.getIfAvailable();
        if (wechat == null || !state(userId).available()) {
            throw CourtRushException.conflict("wechat.notificationsOff");
        }
        try {
            return wechat.jsConfig(url);
        } catch (RuntimeException e) {
            throw CourtRushException.unavailable(e, "pay.providerUnreachable");
        }
    }

    /**
     * Whether the student can have notifications by WeChat ({@code available}: an account, templates, their WeChat
     * bound), the account's AppID, each kind's template with the consents left, and the kinds muted.
     */
    record State(boolean available, String appId, List<Offered> templates, List<String> muted) {}

    /** A kind of notice the open tag may ask for: its template, and how many notifications of it WeChat will take. */
    record Offered(String kind, String templateId, int consents) {}
}
