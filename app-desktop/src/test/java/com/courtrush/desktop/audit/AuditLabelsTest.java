package com.courtrush.desktop.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.AuditLog;
import com.courtrush.audit.api.AuditEntry;
import com.courtrush.core.EngineText;
import com.courtrush.desktop.i18n.I18n;
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
        assertThat(compensated.detail()).isEqualTo("数据库中该时段已满或已停用；用户 7，时段 9：已重新同步场次");
        AuditEntry cancelled = entry("console:front-desk", "CANCEL", "球网坏了");
        assertThat(cancelled.detail()).isEqualTo("球网坏了");
        assertThat(english.who(cancelled)).isEqualTo("front-desk (console)");
        assertThat(english.what(cancelled)).isEqualTo("Cancelled by staff");
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
}
