package com.courtrush.desktop.audit;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.AuditLog;
import com.courtrush.core.EngineText;
import com.courtrush.desktop.i18n.I18n;
import org.junit.jupiter.api.Test;

class AuditLabelsTest {

    final AuditLabels english = new AuditLabels(I18n.of(I18n.ENGLISH));
    final AuditLabels chinese = new AuditLabels(I18n.of(I18n.CHINESE));

    static AuditLog entry(String actor, String action, String detail) {
        AuditLog log = new AuditLog();
        log.setActor(actor);
        log.setAction(action);
        log.setDetail(detail);
        return log;
    }

    @Test
    void aHistoryEntryReadsInTheConsolesLanguageNotAsCodes() {
        AuditLog timeout =
                entry("system:pay-timeout", "CANCEL_TIMEOUT", AuditLog.encode(new EngineText("audit.payTimeout", 15)));
        assertThat(chinese.who(timeout)).isEqualTo("支付超时");
        assertThat(chinese.what(timeout)).isEqualTo("超时未支付取消");
        assertThat(chinese.detail(timeout)).isEqualTo("15 分钟内未支付");
        assertThat(english.what(timeout)).isEqualTo("Cancelled: not paid in time");
        assertThat(english.detail(timeout)).isEqualTo("not paid within 15 min");
    }

    @Test
    void aReasonInsideTheEnginesWordingIsTranslatedTooAndOneStaffTypedStaysAsTyped() {
        AuditLog compensated = entry(
                "system:consumer",
                "COMPENSATE",
                AuditLog.encode(
                        new EngineText("audit.refusedByDatabase", new EngineText("compensate.slotFull"), 7, 9)));
        assertThat(chinese.detail(compensated)).isEqualTo("数据库中该时段已满或已停用；用户 7，时段 9：已重新同步场次");
        AuditLog cancelled = entry("console:front-desk", "CANCEL", "球网坏了");
        assertThat(english.detail(cancelled)).isEqualTo("球网坏了");
        assertThat(english.who(cancelled)).isEqualTo("front-desk (console)");
        assertThat(english.what(cancelled)).isEqualTo("Cancelled by staff");
    }

    @Test
    void aReasonTypedToLookLikeTheEnginesWordingIsShownAsTyped() {
        String typed = "text:{\"key\":\"audit.payTimeout\",\"args\":[\"1\"]}";
        assertThat(english.detail(entry("console:desk", "CANCEL", typed))).isEqualTo(typed);
    }

    @Test
    void anActionTheConsoleHasNoWordForIsShownAsItIs() {
        assertThat(english.what(entry("admin", "SOMETHING_NEW", null))).isEqualTo("SOMETHING_NEW");
        assertThat(english.who(entry("admin", "OPEN", null))).isEqualTo("Admin token");
    }
}
