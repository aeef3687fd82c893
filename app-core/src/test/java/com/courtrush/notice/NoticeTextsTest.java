package com.courtrush.notice;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.EngineMessages;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Every notice, staff alert and webhook refusal has its texts in both languages (their keys are made from their
 * kinds).
 */
class NoticeTextsTest {

    static final List<Locale> BOTH = List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE);

    @Test
    void everyKindOfNoticeHasATitleAndATextInBothLanguages() {
        for (Locale locale : BOTH) {
            for (NoticeKind kind : NoticeKind.values()) {
                List<String> keys =
                        new java.util.ArrayList<>(List.of("notice." + kind + ".title", "notice." + kind + ".text"));
                if (kind.params().contains(Notices.REASON)) {
                    keys.add("notice." + kind + ".text.plain");
                }
                if (kind == NoticeKind.NO_SHOW || kind == NoticeKind.BOOKING_SOON) {
                    // what a no-show costs: the money kept or refunded, as the setting said
                    keys.add("notice." + kind + ".text." + Notices.KEPT);
                    keys.add("notice." + kind + ".text." + Notices.REFUNDED);
                }
                for (String key : keys) {
                    assertThat(EngineMessages.format(locale, key))
                            .as("%s in %s", key, locale)
                            .isNotEqualTo(key);
                }
            }
            for (WebhookAddresses.Refusal refusal : WebhookAddresses.Refusal.values()) {
                String key = refusal.text().key();
                assertThat(EngineMessages.format(locale, key))
                        .as("%s in %s", key, locale)
                        .isNotEqualTo(key);
            }
            assertThat(EngineMessages.format(locale, "notice.email.link")).isNotEqualTo("notice.email.link");
            for (StaffAlerts.Kind kind : StaffAlerts.Kind.values()) {
                String key = "alert." + kind;
                assertThat(EngineMessages.format(locale, key))
                        .as("%s in %s", key, locale)
                        .isNotEqualTo(key);
            }
        }
    }
}
