package com.courtrush.desktop.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.AuditLog;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditEntry;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.EngineText;
import com.courtrush.desktop.i18n.I18n;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class AuditLabelsTest {

    final AuditLabels english = new AuditLabels(I18n.of(I18n.ENGLISH));
    final AuditLabels chinese = new AuditLabels(I18n.of(I18n.CHINESE));

    /** An entry as the desk hands it out in {@code locale}: the engine's wording read in that language. */
    static AuditEntry entry(String actor, String action, String detail, Locale locale) {
        AuditLog log = new AuditLog();
        log.setId(1L);
        log.setActor(actor);
        log.setAction(action);
        log.setDetail(detail);
        return log.entryIn(locale);
    }

    static AuditEntry entry(String actor, String action, String detail) {
        return entry(actor, action, detail, I18n.ENGLISH);
    }

    /** An actor outside an entry (a filter's choice, a forgiver) reads with the role the engine says it has now. */
    @Test
    void anActorOutsideAnEntryReadsWithTheRoleTheEngineKnows() {
        java.util.Map<String, String> roles = java.util.Map.of("staff:m001", "MANAGER", "staff:d01", "STAFF");
        assertThat(new AuditLabels(I18n.of(I18n.CHINESE), roles).who("staff:m001"))
                .isEqualTo("m001（管理员）");
        assertThat(new AuditLabels(I18n.of(I18n.ENGLISH), roles).who("staff:m001"))
                .isEqualTo("m001 (manager)");
        assertThat(new AuditLabels(I18n.of(I18n.ENGLISH), roles).who("staff:d01"))
                .isEqualTo("d01 (staff)");
        assertThat(english.who("staff:m001")).as("no role known").isEqualTo("m001 (staff)");
    }

    @Test
    void aHistoryEntryReadsInTheConsolesLanguageNotAsCodes() {
        String timeout = AuditLog.encode(new EngineText("audit.payTimeout", 15));
        AuditEntry inChinese = entry("system:pay-timeout", "CANCEL_TIMEOUT", timeout, I18n.CHINESE);
        assertThat(chinese.who(inChinese)).isEqualTo("支付超时");
        assertThat(chinese.what(inChinese)).isEqualTo("超时未支付取消");
        assertThat(inChinese.detail()).isEqualTo("15 分钟内未支付");
        AuditEntry inEnglish = entry("system:pay-timeout", "CANCEL_TIMEOUT", timeout, I18n.ENGLISH);
        assertThat(english.what(inEnglish)).isEqualTo("Cancelled: not paid in time");
        assertThat(inEnglish.detail()).isEqualTo("not paid within 15 min");
    }

    @Test
    void aReasonInsideTheEnginesWordingIsTranslatedTooAndOneStaffTypedStaysAsTyped() {
        AuditEntry compensated = entry(
                "system:consumer",
                "COMPENSATE",
                AuditLog.encode(new EngineText("audit.refusedByDatabase", new EngineText("compensate.slotFull"), 7, 9)),
                I18n.CHINESE);
        assertThat(compensated.detail()).isEqualTo("该时段已满或已停用；用户 7，时段 9：已重新核对场次名额");
        AuditEntry cancelled = entry("console:front-desk", "CANCEL", "球网坏了");
        assertThat(cancelled.detail()).isEqualTo("球网坏了");
        assertThat(english.who(cancelled)).isEqualTo("front-desk (console)");
        assertThat(english.what(cancelled)).isEqualTo("Cancelled by staff");
    }

    @Test
    void aManagerIsNamedAsOneAndAStaffMemberOrAnEntryRecordedBeforeRolesWereAsStaff() {
        AuditLog log = new AuditLog();
        log.setId(3L);
        log.setActor("staff:m001");
        log.setActorRole("MANAGER");
        log.setAction("REFUND");
        assertThat(chinese.who(log.entryIn(I18n.CHINESE))).isEqualTo("m001（管理员）");
        assertThat(english.who(log.entryIn(I18n.ENGLISH))).isEqualTo("m001 (manager)");
        log.setActorRole("STAFF");
        assertThat(chinese.who(log.entryIn(I18n.CHINESE))).isEqualTo("m001（工作人员）");
        log.setActorRole(null); // stored before the role was
        assertThat(chinese.who(log.entryIn(I18n.CHINESE))).isEqualTo("m001（工作人员）");
        assertThat(english.who(log.entryIn(I18n.ENGLISH))).isEqualTo("m001 (staff)");
    }

    /** The console's words are the engine's: the API's export and the Audit screen say the same. */
    @Test
    void theConsoleReadsTheSameLabelsAsTheEnginesExport() {
        for (java.util.Locale locale : List.of(I18n.CHINESE, I18n.ENGLISH)) {
            AuditLabels labels = new AuditLabels(I18n.of(locale));
            for (AuditAction action : AuditAction.values()) {
                assertThat(labels.what(action.code()))
                        .isEqualTo(com.courtrush.audit.api.AuditWords.what(action.code(), locale));
            }
            for (SystemActor job : SystemActor.values()) {
                assertThat(labels.who(job.actor()))
                        .isEqualTo(com.courtrush.audit.api.AuditWords.who(job.actor(), null, locale));
            }
        }
        assertThat(I18n.of(I18n.CHINESE).has("audit.action.REFUND"))
                .as("one set of labels: the console's bundle keeps no copy")
                .isFalse();
        assertThat(I18n.of(I18n.CHINESE).has("audit.kind.PAY_ORDER")).isFalse();
        assertThat(I18n.of(I18n.CHINESE).has("audit.actor.system.backup")).isFalse();
    }

    @Test
    void aReasonTypedToLookLikeTheEnginesWordingIsShownAsTyped() {
        String typed = "text:{\"key\":\"audit.payTimeout\",\"args\":[\"1\"]}";
        assertThat(entry("console:desk", "CANCEL", typed).detail()).isEqualTo(typed);
    }

    @Test
    void anActionTheConsoleHasNoWordForIsShownAsItIs() {
        assertThat(english.what(entry("admin", "SOMETHING_NEW", null))).isEqualTo("SOMETHING_NEW");
        assertThat(english.who(entry("admin", "OPEN", null))).isEqualTo("Admin token");
    }

    @Test
    void wechatPaysActionsAndItsNotificationsReadInBothLanguages() {
        for (String action : java.util.List.of(
                "SET_WECHAT_PAY",
                "REFUND_PART",
                "PAID_WECHAT",
                "PAY_NOTIFY_REFUSED",
                "AUTO_REFUND",
                "REFUND_ABNORMAL",
                "REFUND_CLOSED")) {
            assertThat(english.what(action)).as(action).isNotEqualTo(action);
            assertThat(chinese.what(action)).as(action).isNotEqualTo(action).isNotEqualTo(english.what(action));
        }
        assertThat(chinese.what("REFUND_PART")).isEqualTo("部分退款");
        assertThat(english.who("wechatpay:notify")).isEqualTo("WeChat Pay (notify)");
    }

    @Test
    void everyActionEveryKindOfRecordAndEveryJobOfTheEngineReadsInBothLanguages() {
        for (AuditAction action : AuditAction.values()) {
            String inEnglish = english.what(action.code());
            assertThat(inEnglish).as("English for " + action).isNotEqualTo(action.code());
            assertThat(chinese.what(action.code()))
                    .as("Chinese for " + action)
                    .isNotEqualTo(action.code())
                    .isNotEqualTo(inEnglish);
        }
        for (AuditTarget kind : AuditTarget.values()) {
            String inEnglish = english.kind(kind.code());
            assertThat(inEnglish).as("English for " + kind).isNotEqualTo(kind.code());
            assertThat(chinese.kind(kind.code()))
                    .as("Chinese for " + kind)
                    .isNotEqualTo(kind.code())
                    .isNotEqualTo(inEnglish);
        }
        for (SystemActor job : SystemActor.values()) {
            String inEnglish = english.who(job.actor());
            assertThat(inEnglish)
                    .as("English for " + job)
                    .isNotEqualTo(english.who("system:" + "some-job-nobody-named"))
                    .doesNotContain("(" + job.job() + ")");
            assertThat(chinese.who(job.actor()))
                    .as("Chinese for " + job)
                    .doesNotContain("（" + job.job() + "）")
                    .isNotEqualTo(inEnglish);
        }
    }

    @Test
    void theRecordAnEntryIsAboutReadsAsAKindInWordsNotACode() {
        AuditLog log = new AuditLog();
        log.setId(2L);
        log.setActor("staff:mgr01");
        log.setAction("REFUND");
        log.setTargetType("PAY_ORDER");
        log.setTargetId("CR20261126001");
        assertThat(chinese.target(log.entryIn(I18n.CHINESE))).isEqualTo("支付订单 CR20261126001");
        assertThat(english.target(log.entryIn(I18n.ENGLISH))).isEqualTo("Pay order CR20261126001");
        log.setTargetType("SETTINGS");
        log.setTargetId("-");
        assertThat(chinese.target(log.entryIn(I18n.CHINESE))).isEqualTo("设置");
        log.setTargetType("SETTING");
        for (String group : List.of("WECHAT_PAY", "CAMPUS_SIGN_IN", "EMAIL", "WEBHOOK", "NOTICE_CHANNELS")) {
            log.setTargetId(group);
            assertThat(chinese.target(log.entryIn(I18n.CHINESE)))
                    .as(group)
                    .doesNotContain(group)
                    .startsWith("设置项 ");
            assertThat(english.target(log.entryIn(I18n.ENGLISH))).as(group).doesNotContain(group);
        }
        log.setTargetId("NOTICE_CHANNELS");
        assertThat(chinese.target(log.entryIn(I18n.CHINESE))).isEqualTo("设置项 通知渠道");
        assertThat(chinese.who("system:backup")).isEqualTo("定时备份");
        assertThat(chinese.who("directory:cas")).isEqualTo("校园统一身份认证（cas）");
    }

    @Test
    void anActorInsideTheEnginesWordingReadsInWordsEvenInAnEntryStoredBefore() {
        // as a shift's close was stored before: the actor's raw name among the arguments
        String stored = "\u0001text:{\"key\":\"audit.shiftClosed\",\"args\":[\"staff:mgr01\",\"20.00\",\"0.00\","
                + "\"0.00\",\"20.00\",\"\"]}";
        AuditEntry closed = entry("staff:mgr01", "SHIFT_CLOSE", stored, I18n.CHINESE);
        assertThat(closed.detail()).startsWith("工作人员 mgr01 的班次已交班").doesNotContain("staff:");
        assertThat(entry("staff:mgr01", "SHIFT_CLOSE", stored, I18n.ENGLISH).detail())
                .startsWith("shift of staff member mgr01 closed");
    }

    @Test
    void aRefundAShiftAndASignInReadWithoutTheEnginesCodes() {
        String refund = AuditLog.encode(new EngineText(
                "audit.refund", "下雨改期", new EngineText("audit.orderAmountAtDesk", "CR2611281137", "20.00")));
        assertThat(entry("staff:m001", "REFUND", refund, I18n.CHINESE).detail())
                .isEqualTo("下雨改期；支付单 CR2611281137（在前台退还，¥20.00）");
        assertThat(entry("staff:m001", "REFUND", refund, I18n.ENGLISH).detail())
                .isEqualTo("下雨改期; order CR2611281137 (handed back at the desk, ¥20.00)");

        String shift = AuditLog.encode(new EngineText(
                "audit.shiftEnded", "staff:m001", "20.00", "0.00", "0.00", new EngineText("audit.cashNotCounted"), ""));
        assertThat(entry("staff:m001", "SHIFT_CLOSE", shift, I18n.CHINESE).detail())
                .endsWith("清点现金：未清点")
                .doesNotContain("¥-");
        assertThat(entry("staff:m001", "SHIFT_CLOSE", shift, I18n.ENGLISH).detail())
                .endsWith("cash counted: not counted");

        String short50 = AuditLog.encode(new EngineText(
                "audit.shiftHandedOver",
                "staff:m001",
                "35.00",
                "0.00",
                "0.00",
                "¥34.50",
                new EngineText("audit.cashDifference", "−¥0.50"),
                "!",
                new EngineText("audit.shiftNote", "少了5毛，待查")));
        assertThat(entry("staff:m001", "SHIFT_CLOSE", short50, I18n.CHINESE).detail())
                .endsWith("清点现金：¥34.50，与应有金额相差 −¥0.50!；交班备注：“少了5毛，待查”");
        assertThat(entry("staff:m001", "SHIFT_CLOSE", short50, I18n.ENGLISH).detail())
                .endsWith("cash counted: ¥34.50, −¥0.50 against what it had to be!; note: \"少了5毛，待查\"");

        String signIn = AuditLog.encode(new EngineText("audit.signedInFrom", new EngineText("audit.sourceLocal")));
        assertThat(entry("student:2026001", "SIGN_IN", signIn, I18n.CHINESE).detail())
                .isEqualTo("登录（本系统密码）");
        assertThat(entry("student:2026001", "SIGN_IN", signIn, I18n.ENGLISH).detail())
                .isEqualTo("Signed in (password kept here)");
    }
}
