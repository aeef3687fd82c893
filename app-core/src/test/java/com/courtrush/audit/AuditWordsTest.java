package com.courtrush.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.AuditWords;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.EngineText;
import com.courtrush.infra.config.SqlDialect;
import com.courtrush.retention.api.RetentionRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The audit's one set of labels, in the engine's bundles (the console reads the same): every action, kind of record,
 * job of the engine and way of naming an actor in both languages; a manager named as one; the engine's details in the
 * desk's words, never its internals.
 */
class AuditWordsTest {

    static final Properties ENGLISH = bundle("messages/engine.properties");
    static final Properties CHINESE = bundle("messages/engine_zh_CN.properties");
    static final Locale ZH = Locale.SIMPLIFIED_CHINESE;

    @Test
    void everyActionKindJobAndActorHasItsOwnWordsInBothBundles() {
        List<String> keys = new ArrayList<>();
        Stream.of(AuditAction.values()).forEach(action -> keys.add("audit.action." + action.code()));
        Stream.of(AuditTarget.values()).forEach(kind -> keys.add("audit.kind." + kind.code()));
        Stream.of(SystemActor.values()).forEach(job -> keys.add("audit.actor.system." + job.job()));
        Stream.of("admin", "system", "console", "staff", "manager", "student", "wechatpay", "directory")
                .forEach(who -> keys.add("audit.who." + who));
        ENGLISH.stringPropertyNames().stream()
                .filter(key -> key.startsWith("audit.setting."))
                .forEach(keys::add);
        assertThat(keys).contains("audit.setting.WECHAT_PAY", "audit.setting.NOTICE_CHANNELS");
        for (String key : keys) {
            String english = ENGLISH.getProperty(key);
            String chinese = CHINESE.getProperty(key);
            assertThat(english).as("English for " + key).isNotBlank();
            assertThat(chinese).as("Chinese for " + key).isNotBlank().isNotEqualTo(english);
        }
        CHINESE.stringPropertyNames().stream()
                .filter(key -> key.startsWith("audit.setting."))
                .forEach(key -> assertThat(ENGLISH.getProperty(key))
                        .as("English for " + key)
                        .isNotBlank());
    }

    @Test
    void aManagerReadsAsAManagerAndAStaffMemberOrAnOlderEntryAsStaff() {
        assertThat(AuditWords.who("staff:m001", "MANAGER", ZH)).isEqualTo("m001（管理员）");
        assertThat(AuditWords.who("staff:m001", "MANAGER", Locale.ENGLISH)).isEqualTo("m001 (manager)");
        assertThat(AuditWords.who("staff:s002", "STAFF", ZH)).isEqualTo("s002（工作人员）");
        assertThat(AuditWords.who("staff:s002", null, Locale.ENGLISH)).isEqualTo("s002 (staff)");
        assertThat(AuditWords.who("admin", null, ZH)).isEqualTo("管理令牌");
        assertThat(AuditWords.who("system:backup", null, ZH)).isEqualTo("定时备份");
        assertThat(AuditWords.who("system:brand-new", null, Locale.ENGLISH)).isEqualTo("Engine (brand-new)");
        assertThat(AuditWords.what("SOMETHING_NEW", ZH)).isEqualTo("SOMETHING_NEW");
    }

    @Test
    void theTrailKeepsTheRoleAStaffMemberHasWhenTheEntryIsRecordedAndNoneForOthers() {
        AuditLogMapper mapper = mock(AuditLogMapper.class);
        when(mapper.staffRoleOf("m001")).thenReturn("MANAGER");
        AuditTrail trail = new AuditTrail(mapper, mock(SqlDialect.class), java.time.Clock.systemDefaultZone());
        ArgumentCaptor<AuditLog> written = ArgumentCaptor.forClass(AuditLog.class);

        trail.record("staff:m001", AuditAction.REFUND, AuditTarget.RESERVATION, 3601);
        trail.record("student:2026001", AuditAction.CANCEL, AuditTarget.RESERVATION, 3602);
        trail.record("system:backup", AuditAction.BACKUP, AuditTarget.DATABASE, "-");

        verify(mapper, org.mockito.Mockito.times(3)).insert(written.capture());
        assertThat(written.getAllValues()).extracting(AuditLog::getActorRole).containsExactly("MANAGER", null, null);
        verify(mapper).staffRoleOf("m001");
        AuditLog manager = written.getAllValues().get(0);
        manager.setId(1L);
        assertThat(AuditWords.who(manager.entryIn(ZH), ZH)).isEqualTo("m001（管理员）");
    }

    @Test
    void warmUpAndReSyncSayWhatIsOnSaleNotWhereItIsKept() {
        for (String key : List.of("audit.detail.warmedUp", "audit.detail.resynced", "audit.detail.warm")) {
            assertThat(new EngineText(key, 3, 48).in(ZH)).as(key).contains("48 个名额可售");
            assertThat(new EngineText(key, 3, 48).in(Locale.ROOT)).as(key).contains("48 places on sale");
        }
        assertThat(new EngineText("audit.detail.warmedUp", 3, 48).in(ZH)).isEqualTo("预热：3 个时段，48 个名额可售");
        assertThat(new EngineText("audit.detail.resynced", 3, 48).in(ZH)).startsWith("已核对名额：");
    }

    /** No audit detail, compensation reason or job name shows the desk the engine's parts. */
    @Test
    void noDetailTheDeskReadsNamesRedisTheBrokerOrTheDatabase() {
        Pattern internals = Pattern.compile("(?i)redis|rabbit|broker|lua|\\b503\\b|数据库中|消息队列|写入数据库");
        for (Properties bundle : List.of(ENGLISH, CHINESE)) {
            for (String key : bundle.stringPropertyNames()) {
                if (key.startsWith("audit.") || key.startsWith("compensate.")) {
                    assertThat(bundle.getProperty(key)).as(key).doesNotContainPattern(internals);
                }
            }
        }
    }

    @Test
    void aSweepOfOldHistoryReadsInBothLanguagesAndAnOlderOneAsItWasStored() {
        Map<String, Long> removed = new LinkedHashMap<>();
        removed.put(RetentionRun.NOTICES, 120L);
        removed.put(RetentionRun.AUDIT, 7L);
        RetentionRun run = new RetentionRun(
                LocalDateTime.of(2026, 11, 28, 3, 0), 40, removed, "audit-2026-11-28.csv.gz", true, null);
        AuditLog log = new AuditLog();
        log.setDetail(AuditLog.encode(run.inWords()));
        assertThat(log.detailIn(ZH))
                .startsWith("已删除：学生消息 120 条，")
                .contains("审计记录 7 条", "归档到文件 audit-2026-11-28.csv.gz", "留待下次清理")
                .doesNotContain("NOTICES", "AUDIT=");
        assertThat(log.detailIn(Locale.ENGLISH))
                .startsWith("removed: 120 students' notices, 0 staff alerts")
                .contains("7 audit entries", "kept in the file audit-2026-11-28.csv.gz", "more is left")
                .doesNotContain("NOTICES");
        log.setDetail("NOTICES=120, AUDIT=7; archive audit-2026-11-28.csv.gz; more left");
        assertThat(log.detailIn(ZH)).isEqualTo("NOTICES=120, AUDIT=7; archive audit-2026-11-28.csv.gz; more left");
    }

    @Test
    void aRefusedWeChatPayNotificationReadsInBothLanguages() {
        for (String why : List.of("unsigned", "signature", "unreadable")) {
            String key = "audit.notifyRefused." + why;
            assertThat(new EngineText(key).in(ZH)).as(key).startsWith("已拒收：");
            assertThat(new EngineText(key).in(Locale.ROOT)).as(key).startsWith("refused: ");
        }
        assertThat(new EngineText("audit.notifyRefused.stale", LocalDateTime.of(2026, 11, 28, 9, 0, 5)).in(ZH))
                .isEqualTo("已拒收：发送时间过早或过晚（时间戳 2026-11-28 09:00:05）");
        assertThat(new EngineText("audit.notifyRefused.signature").in(Locale.ROOT))
                .isEqualTo("refused: the signature is not WeChat Pay's");
    }

    private static Properties bundle(String resource) {
        Properties properties = new Properties();
        try (InputStream in = AuditWordsTest.class.getClassLoader().getResourceAsStream(resource)) {
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }
}
