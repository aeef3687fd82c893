package com.courtrush.notice;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.TypeReference;
import com.courtrush.core.CourtRushException;
import com.courtrush.notice.api.WechatField;
import com.courtrush.notice.api.WechatTemplate;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The templates a manager chose for the official account's notifications (SPEC §22): for a kind of notice, the
 * template's id in the account's console and, for each of its keywords ({@code thing1}, {@code time2}…), the notice's
 * value it shows ({@link WechatField}). A kind without one is not sent to WeChat. Read by every node from the database,
 * as of a few seconds ago.
 */
@Service
class WechatTemplates {

    private static final int MOST_FIELDS = 10;
    private static final TypeReference<LinkedHashMap<String, String>> FIELDS = new TypeReference<>() {};

    private final WechatNoticeMapper mapper;
    private final Clock clock;
    private final LoadingCache<String, Map<String, WechatTemplate>> cache;

    WechatTemplates(WechatNoticeMapper mapper, Clock clock) {
        this.mapper = mapper;
        this.clock = clock;
        this.cache =
                Caffeine.newBuilder().expireAfterWrite(Duration.ofSeconds(5)).build(key -> read());
    }

    /** Every template set, by kind of notice. */
    List<WechatTemplate> all() {
        return List.copyOf(cache.get("all").values());
    }

    /** Whether any kind of notice is sent to WeChat. */
    boolean any() {
        return !cache.get("all").isEmpty();
    }

    /** The template of a kind of notice, if one is set. */
    Optional<WechatTemplate> of(String kind) {
        return Optional.ofNullable(cache.get("all").get(kind));
    }

    /** Sets every template at once (those not named are no longer sent); refused (400) in words when one is wrong. */
    @Transactional
    void set(List<WechatTemplate> templates) {
        Set<String> kinds = new HashSet<>();
        for (WechatTemplate template : templates) {
            check(template);
            if (!kinds.add(template.kind())) {
                throw CourtRushException.badRequest("wechat.templateTwice", template.kind());
            }
        }
        LocalDateTime now = LocalDateTime.now(clock);
        mapper.forgetTemplates();
        for (WechatTemplate template : templates) {
            mapper.keepTemplate(
                    template.kind(),
                    template.templateId().strip(),
                    JSON.toJSONString(new TreeMap<>(template.fields())),
                    now);
        }
        cache.invalidateAll();
    }

    private static void check(WechatTemplate template) {
        if (template == null || template.kind() == null || !isKind(template.kind())) {
            throw CourtRushException.badRequest("wechat.templateKind", template == null ? null : template.kind());
        }
        String id = template.templateId() == null ? "" : template.templateId().strip();
        if (!id.matches("[A-Za-z0-9_-]{1,64}")) {
            throw CourtRushException.badRequest("wechat.templateId", template.kind());
        }
        Map<String, String> fields = template.fields();
        if (fields == null || fields.isEmpty() || fields.size() > MOST_FIELDS) {
            throw CourtRushException.badRequest("wechat.templateFields", template.kind(), MOST_FIELDS);
        }
        fields.forEach((keyword, field) -> {
            if (!WechatValues.isKeyword(keyword) || keyword.length() > 32) {
                throw CourtRushException.badRequest("wechat.templateKeyword", template.kind(), keyword);
            }
            if (field == null || !isField(field)) {
                throw CourtRushException.badRequest("wechat.templateField", template.kind(), keyword, field);
            }
        });
    }

    /** Whether {@code kind} names a kind of notice. */
    static boolean isKind(String kind) {
        return Arrays.stream(NoticeKind.values()).anyMatch(known -> known.name().equals(kind));
    }

    private static boolean isField(String field) {
        return Arrays.stream(WechatField.values())
                .anyMatch(known -> known.name().equals(field));
    }

    private Map<String, WechatTemplate> read() {
        Map<String, WechatTemplate> byKind = new LinkedHashMap<>();
        for (WechatNoticeMapper.StoredTemplate stored : mapper.templates()) {
            byKind.put(
                    stored.kind(),
                    new WechatTemplate(stored.kind(), stored.templateId(), JSON.parseObject(stored.fields(), FIELDS)));
        }
        return byKind;
    }
}
