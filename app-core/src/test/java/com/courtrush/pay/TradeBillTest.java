package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** WeChat Pay's trade bill read as its documentation shows it (issue 52). */
class TradeBillTest {

    static final String HEADER = "交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,"
            + "货币种类,应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包,手续费,费率,"
            + "订单金额,申请退款金额,费率备注";

    @Test
    void paymentsAndRefundsAreReadByTheirNumbersAndAmountsInCents() {
        String bill = "\uFEFF" + HEADER + "\r\n"
                + "`2026-11-26 09:00:01,`wx0001,`1900000001,`0,`,`4200000001,`CR2611260900010001,`oAbc,`NATIVE,`SUCCESS,"
                + "`OTHERS,`CNY,`20.00,`0.00,`0,`0,`0.00,`0.00,`,`,`羽毛球, 1 号场,`,`0.12000,`0.60%,`20.00,`0.00,`\r\n"
                + "`2026-11-26 11:30:00,`wx0001,`1900000001,`0,`,`4200000001,`CR2611260900010001,`oAbc,`NATIVE,`REFUND,"
                + "`OTHERS,`CNY,`0.00,`0.00,`50000001,`CR2611260900010001R1,`5.00,`0.00,`ORIGINAL,`SUCCESS,`羽毛球,`,"
                + "`0.00000,`0.60%,`0.00,`5.00,`\r\n"
                + "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额\r\n"
                + "`2,`20.00,`5.00,`0.00,`0.12000,`20.00,`5.00\r\n";
        assertThat(TradeBill.read(bill))
                .containsExactly(
                        new TradeBill.Entry(false, "CR2611260900010001", "CR2611260900010001", 2000),
                        new TradeBill.Entry(true, "CR2611260900010001R1", "CR2611260900010001", 500));
    }

    @Test
    void anEmptyDayHasNoEntriesAndWhatIsNoBillIsRefused() {
        assertThat(TradeBill.read(HEADER + "\r\n总交易单数,应结订单总金额\r\n`0,`0.00\r\n")).isEqualTo(List.of());
        assertThatThrownBy(() -> TradeBill.read("<html>error</html>")).isInstanceOf(IllegalArgumentException.class);
    }
}
