package com.courtrush.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.EngineText;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The trail's actors in words inside the engine's details, and its stored arguments as people read them. */
class AuditVocabularyTest {

    @Test
    void everyJobOfTheEngineHasANameInBothLanguages() {
        for (SystemActor job : SystemActor.values()) {
            EngineText words = AuditActors.inWords(job.actor());
            String english = words.in(Locale.ROOT);
            String chinese = words.in(Locale.SIMPLIFIED_CHINESE);
            String unnamed = new EngineText("audit.actor.system", job.job()).in(Locale.ROOT);
            assertThat(english).as(job.name()).doesNotStartWith("audit.").isNotEqualTo(unnamed);
            assertThat(chinese)
                    .as(job.name())
                    .doesNotStartWith("audit.")
                    .doesNotContain(job.job())
                    .isNotEqualTo(english);
        }
    }

    @Test
    void theEngineNamesItsJobsOnlyAsTheClosedListDoes() {
        List<String> known =
                Arrays.stream(SystemActor.values()).map(SystemActor::actor).toList();
        assertThat(known)
                .contains(
                        AuditTrail.SYSTEM_BACKUP,
                        AuditTrail.SYSTEM_CONSUMER,
                        AuditTrail.SYSTEM_DLQ,
                        AuditTrail.SYSTEM_PUBLISHER,
                        AuditTrail.SYSTEM_RECONCILER);
    }

    @Test
    void anActorReadsInWordsAndTextThatIsNoActorStaysAsItIs() {
        assertThat(AuditActors.inWords("staff:mgr01").in(Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("工作人员 mgr01");
        assertThat(AuditActors.inWords("staff:mgr01").in(Locale.ROOT)).isEqualTo("staff member mgr01");
        assertThat(AuditActors.inWords("admin").in(Locale.SIMPLIFIED_CHINESE)).isEqualTo("管理令牌");
        assertThat(AuditActors.inWords("system:brand-new").in(Locale.ROOT)).isEqualTo("the engine (brand-new)");
        assertThat(AuditActors.shown("lights failed")).isEqualTo("lights failed");
        assertThat(new EngineText("audit.webhookSet", AuditActors.onOff(false)).in(Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("员工 Webhook 关闭");
        assertThat(new EngineText("audit.emailChannelSet", AuditActors.onOff(true), "smtp.campus.cn", 465)
                        .in(Locale.ROOT))
                .isEqualTo("Email on: smtp.campus.cn:465");
    }

    @Test
    void aStoredWallTimeHasNoIsoT() {
        String stored =
                AuditLog.encode(new EngineText("rule.dateChanged", "Evenings", LocalDateTime.of(2026, 11, 26, 9, 0)));
        assertThat(stored).contains("2026-11-26 09:00").doesNotContain("T09");
        AuditLog log = new AuditLog();
        log.setDetail(stored);
        assertThat(log.detailIn(Locale.ROOT)).isEqualTo("Rule \"Evenings\", 2026-11-26 09:00");
    }
}
