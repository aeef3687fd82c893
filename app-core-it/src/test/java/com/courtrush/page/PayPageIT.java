package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.Chromium;
import com.courtrush.support.PaySimulator;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * Money that moves, as a student on a phone meets it, in a real Chromium at phone width against the embedded engine
 * and the WeChat Pay simulator: paying at WeChat Pay's page and inside WeChat. Screenshots land in {@code
 * target/page-screenshots}.
 */
class PayPageIT extends PageTest {

    /**
     * Money that moves (SPEC §19), as a student on a phone meets it: the gym set its WeChat Pay merchant (here the
     * simulator's, which speaks WeChat Pay's APIv3 and shows a stand-in cashier); one tap on "pay" goes to WeChat
     * Pay's page, the student confirms there, WeChat Pay sends them back, and its notification alone confirms the
     * booking — no staff.
     */
    @Test
    void aStudentPaysAtWechatPayOnAPhoneAndItsNotificationAloneConfirmsTheBooking() {
        Student ann = api().students(1).get(0);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "16:00", "17:00", 60, 1)
                .get(0);
        long reservation = api().book(ann, opening, slot);
        TestApi.expect(200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, true)));
        try (StudentPage page = new StudentPage(Chromium.open(PHONE, "zh-CN", Duration.ZERO), port)) {
            page.signInToTheCourts(ann);
            page.open("#/mine");
            page.await(d -> page.driver.findElement(By.id("pay-mode")).getText().contains("通过微信支付付款"));
            assertThat(page.driver.findElement(By.id("pay-mode")).getText())
                    .contains(PaySimulator.shared().kit().merchantName());
            page.screenshot("zh-mine-live-pay");

            page.tapInBooking(reservation, "button.primary"); // one tap: to WeChat Pay's page
            page.await(d -> d.getCurrentUrl().startsWith(PaySimulator.shared().baseUrl() + "/cashier/"));
            WebElement cashier = page.await(d -> d.findElement(By.id("confirm-pay")));
            assertThat(page.driver.findElement(By.tagName("body")).getText())
                    .contains("SIMULATOR")
                    .contains("¥20.00");
            page.screenshot("zh-wechat-cashier");
            page.tap(cashier);

            // WeChat Pay sends the student back; its notification (not the redirect) confirms the booking
            page.await(d -> d.getCurrentUrl().startsWith("http://127.0.0.1:" + port + "/"));
            WebElement sheet = page.sheet();
            page.await(
                    d -> sheet.findElement(By.cssSelector(".pay-status.done")).isDisplayed());
            page.screenshot("zh-wechat-paid");
            page.tap(sheet.findElement(By.cssSelector(".actions button.secondary")));
            page.await(d -> page.booking(reservation).getText().contains("已确认"));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        } finally {
            TestApi.expect(
                    200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, false)));
        }
        String outTradeNo = jdbc().queryForObject(
                        "select out_trade_no from pay_order where reservation_id = ? and status = 'SUCCESS'",
                        String.class,
                        reservation);
        assertThat(jdbc().queryForObject(
                                "select count(*) from audit_log where action = 'PAID_WECHAT' and target_id = ?",
                                Integer.class,
                                outTradeNo))
                .isEqualTo(1);
        assertThat(jdbc().queryForObject(
                                "select count(*) from audit_log where action = 'MARK_PAID' and target_id = ?",
                                Integer.class,
                                outTradeNo))
                .as("no staff")
                .isZero();
        invariants().assertHold(opening);
    }

    /**
     * Inside WeChat's own browser (JSAPI, the gym's official account set up): one tap on "pay", WeChat says who the
     * student is (its OAuth — the simulator's — sends the page straight back), WeChat pays in place
     * (WeixinJSBridge, the simulator's stand-in) and its notification confirms the booking.
     */
    @Test
    void insideWechatAStudentPaysInPlaceAndTheNotificationConfirms() {
        Student ann = api().students(1).get(0);
        long court = api().createCourt();
        long opening = api().createSession(Times.tomorrow(), Times.now(), 2);
        long slot = api().generateSlots(opening, List.of(court), "17:00", "18:00", 60, 1)
                .get(0);
        long reservation = api().book(ann, opening, slot);
        TestApi.expect(200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, true)));
        try (StudentPage page = new StudentPage(
                Chromium.openInsideWechat(PHONE, "zh-CN", PaySimulator.shared().bridgeScript()), port)) {
            page.signInToTheCourts(ann);
            page.open("#/mine");
            page.await(d -> page.driver.findElement(By.id("pay-mode")).getText().contains("通过微信支付付款"));

            page.tapInBooking(reservation, "button.primary"); // one tap
            WebElement sheet = page.sheet();
            page.await(
                    d -> sheet.findElement(By.cssSelector(".pay-status.done")).isDisplayed());
            page.screenshot("zh-wechat-jsapi-paid");
            assertThat(page.driver.getCurrentUrl())
                    .as("the address made plain again")
                    .doesNotContain("code=");
            page.tap(sheet.findElement(By.cssSelector(".actions button.secondary")));
            page.await(d -> page.booking(reservation).getText().contains("已确认"));
            assertThat(page.scriptErrors()).as("errors in the page's console").isEmpty();
        } finally {
            TestApi.expect(
                    200, api().put("/admin/wechat-pay", TestApi.ADMIN_TOKEN, PaySimulator.merchant(port, false)));
        }
        assertThat(jdbc().queryForObject(
                                "select count(*) from pay_order where reservation_id = ? and status = 'SUCCESS' "
                                        + "and scene = 'JSAPI'",
                                Integer.class,
                                reservation))
                .isEqualTo(1);
        invariants().assertHold(opening);
    }
}
