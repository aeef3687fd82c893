package com.courtrush.notice;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** An alert is read by a person: the engine's status codes in it are said in words (issue 74). */
class StaffAlertTextsTest {

    private static StaffAlertMapper.Alert alert(String kind, String params) {
        return new StaffAlertMapper.Alert(1, "m1", kind, params, LocalDateTime.of(2026, 11, 25, 3, 0), 0, null);
    }

    @Test
    void aReconciliationAlertSaysItsStatusInWords() {
        StaffAlertMapper.Alert mismatch = alert(
                "RECONCILE_MISMATCH",
                "{\"date\":\"2026-11-24\",\"onlyThere\":\"1\",\"onlyHere\":\"0\",\"differs\":\"0\",\"status\":\"DONE\"}");

        String zh = StaffAlerts.text(mismatch, Locale.SIMPLIFIED_CHINESE);
        String en = StaffAlerts.text(mismatch, Locale.ENGLISH);

        assertThat(zh).contains("对账（已读取账单并逐笔核对）").doesNotContain("DONE");
        assertThat(en).contains("bill read and compared").doesNotContain("DONE");
    }

    @Test
    void aFailedRefundAlertSaysHowItEndedInWords() {
        StaffAlertMapper.Alert failed =
                alert("REFUND_FAILED", "{\"refund\":\"CR1R1\",\"reservation\":\"353\",\"status\":\"ABNORMAL\"}");

        assertThat(StaffAlerts.text(failed, Locale.SIMPLIFIED_CHINESE))
                .contains("异常")
                .doesNotContain("ABNORMAL");
        assertThat(StaffAlerts.text(failed, Locale.ENGLISH))
                .contains("abnormal")
                .doesNotContain("ABNORMAL");
    }
}
