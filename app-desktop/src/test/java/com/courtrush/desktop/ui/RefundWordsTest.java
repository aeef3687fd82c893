package com.courtrush.desktop.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.till.api.DeskChannel;
import org.junit.jupiter.api.Test;

/**
 * Issue 74: staff read a refund as done while WeChat Pay was still paying it back, and nothing when it never reached
 * the student. What a refund came to is said as it stands, in both languages.
 */
class RefundWordsTest {

    final RefundWords english = new RefundWords(I18n.of(I18n.ENGLISH));
    final RefundWords chinese = new RefundWords(I18n.of(I18n.CHINESE));

    @Test
    void aRefundWechatPayIsStillPayingIsOnItsWayNotRefunded() {
        assertThat(english.done(DeskChannel.WECHAT, RefundStatus.REFUNDING, "¥5.00", "Ann"))
                .contains("on its way", "not refunded yet")
                .doesNotContain("went back");
        assertThat(chinese.done(DeskChannel.WECHAT, RefundStatus.REFUNDING, "¥5.00", "Ann"))
                .contains("正在原路退回", "尚未到账")
                .doesNotContain("已退回");
        assertThat(english.done(DeskChannel.WECHAT, RefundStatus.SUCCESS, "¥5.00", "Ann"))
                .startsWith("¥5.00 went back to the student's WeChat Pay");
    }

    @Test
    void aRefundThatDidNotReachTheStudentSaysSoAndWhatStaffDoNext() {
        for (RefundStatus failed : new RefundStatus[] {RefundStatus.ABNORMAL, RefundStatus.CLOSED}) {
            assertThat(english.done(DeskChannel.WECHAT, failed, "¥5.00", "Ann"))
                    .contains("did not reach the student", "merchant platform", "hand it back at the desk", "Ann");
            assertThat(chinese.done(DeskChannel.WECHAT, failed, "¥5.00", "Ann")).contains("款项没有到学生账户", "商户平台", "当面退还");
        }
    }

    @Test
    void moneyTakenAtTheDeskIsHandedBackThereWhateverTheStatus() {
        assertThat(english.done(DeskChannel.CASH, RefundStatus.SUCCESS, "¥20.00", "Ann"))
                .startsWith("Hand ¥20.00 back to the student in cash now");
    }
}
