package com.courtrush.pay;

import static com.courtrush.support.Times.now;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.courtrush.paysim.NotificationRecord;
import com.courtrush.paysim.OrderSnapshot;
import com.courtrush.paysim.RefundSnapshot;
import com.courtrush.paysim.WechatPaySimulator;
import com.courtrush.reserve.lifecycle.PaymentTimeout;
import com.courtrush.support.PaySimulator;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Money that moves (SPEC §19): the engine set to the WeChat Pay simulator's merchant, which speaks APIv3 as WeChat
 * Pay does — signed requests and answers, encrypted notifications (also lost, repeated, out of order and forged),
 * queries, closes and refunds — to the official SDK. Each scenario sets the merchant and puts payments back to
 * simulated when done. After each: I6 per order (what was paid = refunded + kept), and the money the simulator holds
 * equals the money the engine kept.
 */
public interface LivePaymentScenarios extends LifecycleScenarios {

    default WechatPaySimulator sim() {
        return PaySimulator.shared();
    }

    default String notifyUrl() {
        return "http://127.0.0.1:" + api().port() + "/pay/wechat/notify";
    }

    /** Runs {@code scenario} with the simulator's merchant set and turned on; payments simulated again after. */
    default void live(ThrowingRunnable scenario) throws Exception {
        Reply set =
                TestApi.expect(200, api().put("/admin/wechat-pay", ADMIN, PaySimulator.merchant(api().port(), true)));
        assertThat(set.data().path("mode").asText()).isEqualTo("LIVE_SIMULATOR");
        try {
            scenario.run();
        } finally {
            TestApi.expect(200, api().put("/admin/wechat-pay", ADMIN, PaySimulator.merchant(api().port(), false)));
        }
    }

    /** A scenario's body. */
    interface ThrowingRunnable {
        void run() throws Exception;
    }

    @Test
    default void aStudentPaysAtWechatPayAndItsNotificationAloneConfirmsTheBooking() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            Reply h5 =
                    TestApi.expect(200, api().post("/pay/wechat/" + reservation, ann.token(), Map.of("scene", "H5")));
            assertThat(h5.data().path("simulated").asBoolean()).isFalse();
            assertThat(h5.data().path("h5Url").asText()).startsWith(sim().baseUrl() + "/cashier/");
            String phones = h5.data().path("outTradeNo").asText();
            assertThat(jdbc().queryForObject(
                                    "select mchid from pay_order where out_trade_no = ?", String.class, phones))
                    .isEqualTo(sim().kit().mchid());
            Reply again =
                    TestApi.expect(200, api().post("/pay/wechat/" + reservation, ann.token(), Map.of("scene", "H5")));
            assertThat(again.data().path("outTradeNo").asText())
                    .as("the same order, asked again")
                    .isEqualTo(phones);
            assertThat(api().post("/pay/wechat/" + reservation, ann.token(), Map.of("scene", "JSAPI"))
                            .status())
                    .as("inside WeChat needs the gym's official account: not set up")
                    .isEqualTo(409);
            // the student moves to a computer: a new order to scan, the phone's closed at WeChat Pay
            Reply code = TestApi.expect(
                    200, api().post("/pay/wechat/" + reservation, ann.token(), Map.of("scene", "NATIVE")));
            assertThat(code.data().path("codeUrl").asText()).startsWith("weixin://wxpay/bizpayurl");
            assertThat(code.data().path("qrSvg").asText()).startsWith("<svg");
            String outTradeNo = code.data().path("outTradeNo").asText();
            assertThat(outTradeNo).isNotEqualTo(phones);
            assertThat(sim().order(phones).orElseThrow().tradeState()).isEqualTo("CLOSED");
            assertThat(api().post("/pay/wechat/mock-success/" + outTradeNo, ADMIN, null)
                            .status())
                    .as("staff cannot make a live order paid while WeChat Pay says it is not")
                    .isEqualTo(409);

            sim().pay(outTradeNo); // the student confirms in WeChat Pay's cashier

            await().atMost(Times.SETTLE).until(() -> status(reservation).equals("CONFIRMED"));
            assertThat(jdbc().queryForObject(
                                    "select transaction_id from pay_order where out_trade_no = ?",
                                    String.class,
                                    outTradeNo))
                    .isEqualTo(sim().order(outTradeNo).orElseThrow().transactionId());
            // the booking is confirmed before the engine's answer reaches WeChat Pay, which records it then
            await().atMost(Times.SETTLE)
                    .until(() -> !delivered(outTradeNo, "TRANSACTION.SUCCESS").isEmpty());
            assertThat(delivered(outTradeNo, "TRANSACTION.SUCCESS"))
                    .extracting(NotificationRecord::httpStatus)
                    .containsOnly(204);
            assertThat(audits("PAID_WECHAT", outTradeNo)).isEqualTo(1);
            Reply state = TestApi.expect(200, api().get("/pay/reservation/" + reservation, ann.token()));
            assertThat(state.data().path("payStatus").asText()).isEqualTo("SUCCESS");
            assertThat(state.data().path("simulated").asBoolean()).isFalse();
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * Inside WeChat's own browser (JSAPI): the first time, WeChat's OAuth says who the student is at the gym's
     * official account (the engine sends the page there and takes the code it brings back, once, for that student
     * only); WeixinJSBridge then pays with what the engine prepared and signed; WeChat Pay's notification confirms.
     * The next time the openid is known.
     */
    @Test
    default void insideWechatTheStudentIsKnownOnceThenPaysInPlace() throws Exception {
        Opening opening = openSlots(2, 1);
        List<Student> students = api().students(2);
        Student ann = students.get(0);
        long first = api().book(ann, opening.session(), opening.slots().get(0));
        long second = api().book(ann, opening.session(), opening.slots().get(1));
        live(() -> {
            Reply unknown = api().post("/pay/wechat/" + first, ann.token(), Map.of("scene", "JSAPI"));
            assertThat(unknown.status()).isEqualTo(409);
            String authorize = unknown.data().path("authorizeUrl").asText();
            assertThat(authorize)
                    .startsWith(sim().baseUrl() + "/connect/oauth2/authorize?appid="
                            + sim().kit().appId())
                    .contains("scope=snsapi_base");
            // WeChat sends the student back to the page with a code and the state
            HttpResponse<Void> back = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(authorize)).build(),
                            HttpResponse.BodyHandlers.discarding());
            assertThat(back.statusCode()).isEqualTo(302);
            String location = back.headers().firstValue("Location").orElseThrow();
            assertThat(location).startsWith("http://127.0.0.1:" + api().port() + "/?pay=" + first + "&code=");
            Map<String, String> query = query(URI.create(location));

            assertThat(api().post(
                                    "/pay/wechat/" + first,
                                    students.get(1).token(),
                                    Map.of(
                                            "scene",
                                            "JSAPI",
                                            "wechatCode",
                                            query.get("code"),
                                            "wechatState",
                                            query.get("state")))
                            .status())
                    .as("another student's return is not theirs")
                    .isIn(400, 404);
            Reply order = TestApi.expect(
                    200,
                    api().post(
                                    "/pay/wechat/" + first,
                                    ann.token(),
                                    Map.of(
                                            "scene",
                                            "JSAPI",
                                            "wechatCode",
                                            query.get("code"),
                                            "wechatState",
                                            query.get("state"))));
            JsonNode jsapi = order.data().path("jsapi");
            assertThat(jsapi.path("package").asText()).startsWith("prepay_id=");
            assertThat(jsapi.path("signType").asText()).isEqualTo("RSA");
            assertThat(jdbc().queryForObject(
                                    "select openid from wechat_openid where user_id = ?", String.class, userIdOf(ann)))
                    .isEqualTo(sim().openId());

            assertThat(bridgePays(jsapi)).isEqualTo("get_brand_wcpay_request:ok"); // as WeixinJSBridge would
            await().atMost(Times.SETTLE).until(() -> status(first).equals("CONFIRMED"));

            Reply next =
                    TestApi.expect(200, api().post("/pay/wechat/" + second, ann.token(), Map.of("scene", "JSAPI")));
            assertThat(next.data().path("jsapi").path("paySign").asText())
                    .as("the openid is known now")
                    .isNotBlank();
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /** What WeixinJSBridge's getBrandWCPayRequest does with the parameters: the simulator's stand-in for it. */
    default String bridgePays(JsonNode jsapi) throws Exception {
        HttpResponse<String> paid = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(sim().baseUrl() + "/sim/jsapi/pay"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(jsapi.toString()))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        return new ObjectMapper().readTree(paid.body()).path("err_msg").asText();
    }

    static Map<String, String> query(URI uri) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : uri.getRawQuery().split("&")) {
            int eq = pair.indexOf('=');
            values.put(
                    URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return values;
    }

    @Test
    default void anUnpaidOrderIsClosedAtWechatPayWhenItsBookingTimesOut() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            backdate(List.of(reservation));

            assertThat(timeOut(List.of(reservation))).isEqualTo(1);

            assertThat(status(reservation)).isEqualTo("CANCELLED");
            assertThat(sim().order(outTradeNo).orElseThrow().tradeState()).isEqualTo("CLOSED");
            assertThatThrownBy(() -> sim().pay(outTradeNo))
                    .as("nobody can pay for a booking that is gone")
                    .hasMessageContaining("ORDER_CLOSED");
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    @Test
    default void aPaymentThatLandsAfterTheBookingEndedIsRefunded() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            sim().dropNextNotifications(1);
            sim().pay(outTradeNo); // paid at WeChat Pay; the engine has not heard

            TestApi.expect(200, api().delete("/reserve/" + reservation, ann.token()));

            // closing it at WeChat Pay found it paid: the money goes back at once, whole
            await().atMost(Times.SETTLE)
                    .until(() -> sim().refunds(outTradeNo).stream()
                            .anyMatch(r -> r.status().equals("SUCCESS")));
            assertThat(sim().refunds(outTradeNo))
                    .extracting(RefundSnapshot::refund)
                    .containsExactly(2000L);
            await().atMost(Times.SETTLE).until(() -> refundStatuses(outTradeNo).equals(List.of("SUCCESS")));
            assertThat(jdbc().queryForObject(
                                    "select status from pay_order where out_trade_no = ?", String.class, outTradeNo))
                    .isEqualTo("REFUNDED");
            assertThat(audits("AUTO_REFUND", outTradeNo)).isEqualTo(1);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * WeChat Pay in trouble when a booking times out: it waits, at most ten minutes past its order's expiry, then
     * times out anyway without the order closed there (CLOSING, not CLOSED); the student pays it all the same, and the
     * late notification's money goes back, staff told.
     */
    @Test
    default void aPaymentAfterATimeoutWechatPayCouldNotBeToldOfIsRefunded() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            backdate(List.of(reservation));
            sim().failNextApiCalls(2); // the query before the timeout, and the close after it
            assertThat(timeOut(List.of(reservation)))
                    .as("WeChat Pay not answering: the booking waits")
                    .isZero();

            jdbc().update(
                            "update pay_order set expire_time = ? where out_trade_no = ?",
                            now().minus(AskBeforeTimeout.PATIENCE).minusMinutes(1),
                            outTradeNo);
            sim().failNextApiCalls(2);
            assertThat(timeOut(List.of(reservation))).as("waited long enough").isEqualTo(1);
            assertThat(status(reservation)).isEqualTo("CANCELLED");
            assertThat(sim().order(outTradeNo).orElseThrow().tradeState())
                    .as("never closed there")
                    .isEqualTo("NOTPAY");
            assertThat(jdbc().queryForObject(
                                    "select status from pay_order where out_trade_no = ?", String.class, outTradeNo))
                    .as("so not CLOSED here either")
                    .isEqualTo("CLOSING");

            sim().pay(outTradeNo);

            await().atMost(Times.SETTLE).until(() -> refundStatuses(outTradeNo).equals(List.of("SUCCESS")));
            assertThat(audits("AUTO_REFUND", outTradeNo)).isEqualTo(1);
            assertThat(staffAlert("PAID_AFTER_END:" + outTradeNo).path("kind").asText())
                    .isEqualTo("PAID_AFTER_END");
            assertThat(sim().refunds(outTradeNo))
                    .extracting(RefundSnapshot::refund)
                    .containsExactly(2000L);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * A refund WeChat Pay could not pay out (the student's card closed) is ABNORMAL, audited, and staff are told: with
     * no webhook on, the alert is listed all the same (issue 74).
     */
    @Test
    default void anAbnormalRefundIsKeptAsSuchAndAudited() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        TestApi.expect(
                200,
                api().put(
                                "/admin/notice-channels/webhook",
                                ADMIN,
                                Map.of("enabled", false, "webhook", Map.of("url", "http://127.0.0.1:1/off"))));
        live(() -> {
            String outTradeNo = paidAtWechatPay(ann, reservation);
            sim().abnormalNextRefund();
            TestApi.expect(
                    200,
                    api().post(
                                    "/pay/refund/" + reservation,
                                    ADMIN,
                                    Map.of("amountCents", 700, "reason", "heating off")));
            await().atMost(Times.SETTLE).until(() -> refundStatuses(outTradeNo).equals(List.of("ABNORMAL")));
            // staff are told after the refund's own commit (nothing after it may roll back what the provider did)
            await().atMost(Times.SETTLE).until(() -> audits("REFUND_ABNORMAL", outTradeNo + "R1") == 1);
            assertThat(staffAlert("REFUND_FAILED:" + outTradeNo + "R1")
                            .path("state")
                            .asText())
                    .as("recorded with the webhook off, never to be posted")
                    .isEqualTo("UNSENT");
            assertThat(status(reservation)).isEqualTo("CONFIRMED");
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    @Test
    default void staffRefundAPartThenTheStudentTheRestAndWechatPaySettlesEach() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = paidAtWechatPay(ann, reservation);

            Reply part = TestApi.expect(
                    200,
                    api().post(
                                    "/pay/refund/" + reservation,
                                    ADMIN,
                                    Map.of("amountCents", 500, "reason", "lights out for half an hour")));
            assertThat(part.data().path("reservationStatus").asText()).isEqualTo("CONFIRMED");
            assertThat(part.data().path("refundStatus").asText()).isEqualTo("REFUNDING");
            await().atMost(Times.SETTLE).until(() -> refundStatuses(outTradeNo).equals(List.of("SUCCESS")));
            assertThat(status(reservation)).as("keeps its place").isEqualTo("CONFIRMED");
            assertThat(api().post(
                                    "/pay/refund/" + reservation,
                                    ADMIN,
                                    Map.of("amountCents", 1500, "reason", "all the rest"))
                            .status())
                    .as("a part is less than what is left")
                    .isEqualTo(409);

            Reply rest = TestApi.expect(
                    200, api().post("/pay/refund/" + reservation, ann.token(), Map.of("reason", "plans changed")));
            assertThat(rest.data().path("reservationStatus").asText()).isEqualTo("CANCELLED");
            assertThat(rest.data().path("amountCents").asInt()).isEqualTo(1500);
            assertThat(rest.data().path("orderRefundedCents").asInt()).isEqualTo(2000);
            await().atMost(Times.SETTLE).until(() -> refundStatuses(outTradeNo).equals(List.of("SUCCESS", "SUCCESS")));
            assertThat(sim().refunds(outTradeNo))
                    .extracting(RefundSnapshot::refund)
                    .containsExactly(500L, 1500L);
            assertThat(api().post("/pay/refund/" + reservation, ADMIN, Map.of("amountCents", 100, "reason", "more"))
                            .status())
                    .isEqualTo(409);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * Reconciliation (issue 52): the day's payments and refunds at the live merchant matched with WeChat Pay's own
     * trade bill, downloaded through the SDK; then a trade only the bill has and an amount it says otherwise are each
     * found and named.
     */
    @Test
    default void theDaysOrdersReconcileWithWechatPaysBillAndAPlantedDifferenceIsFound() throws Exception {
        // WeChat Pay's bill is of China's day, whatever the gym's hour (at 23:30 in a zone west of China, its next day)
        java.time.LocalDate today = com.courtrush.pay.api.BillDays.today(com.courtrush.support.TestClock.GYM);
        Opening opening = openSlots(2, 1);
        List<Student> students = api().students(2);
        long first =
                api().book(students.get(0), opening.session(), opening.slots().get(0));
        long second =
                api().book(students.get(1), opening.session(), opening.slots().get(1));
        live(() -> {
            String one = paidAtWechatPay(students.get(0), first);
            String two = paidAtWechatPay(students.get(1), second);
            TestApi.expect(
                    200,
                    api().post("/pay/refund/" + second, ADMIN, Map.of("amountCents", 500, "reason", "lights out")));
            await().atMost(Times.SETTLE).until(() -> refundStatuses(two).equals(List.of("SUCCESS")));

            JsonNode clean = TestApi.expect(
                            200, api().post("/admin/wechat-pay/reconciliations?date=" + today, ADMIN, null))
                    .data();
            assertThat(clean.path("status").asText()).isEqualTo("DONE");
            assertThat(clean.path("matched").asInt()).isGreaterThanOrEqualTo(3);
            // the simulator's bill also holds other engines' trades of this test run (only there, for this one)
            assertThat(clean.path("items").findValuesAsText("outTradeNo"))
                    .as("nothing of this scenario's orders mismatched")
                    .doesNotContain(one, two);
            JsonNode every = TestApi.expect(
                            200,
                            api().get(
                                            "/admin/wechat-pay/reconciliations/"
                                                    + clean.path("id").asLong(),
                                            ADMIN))
                    .data();
            assertThat(outcomes(every, one)).containsExactly("PAYMENT MATCHED 2000/2000");
            assertThat(outcomes(every, two))
                    .containsExactlyInAnyOrder("PAYMENT MATCHED 2000/2000", "REFUND MATCHED 500/500");

            String planted = "CRPLANT" + Math.abs(System.nanoTime() % 1_000_000_000L);
            sim().plantTradeInBill(today, planted, 3000);
            sim().plantBillAmount(one, 1999);
            JsonNode found = TestApi.expect(
                            200, api().post("/admin/wechat-pay/reconciliations?date=" + today, ADMIN, null))
                    .data();
            assertThat(found.path("differs").asInt()).isGreaterThanOrEqualTo(1);
            assertThat(found.path("onlyThere").asInt()).isGreaterThanOrEqualTo(1);
            assertThat(outcomes(found, one)).containsExactly("PAYMENT DIFFERS 2000/1999");
            assertThat(outcomes(found, planted)).containsExactly("PAYMENT ONLY_THERE -/3000");
            // SPEC §21: the desk of another venue sees none of this venue's money in it; this venue's desk sees its
            // own orders, and not what only WeChat Pay has (no order here, no venue: a manager's to see to)
            long hall = TestApi.expect(
                            200,
                            api().post(
                                            "/admin/venues",
                                            ADMIN,
                                            Map.of(
                                                    "nameZh",
                                                    TestApi.unique("对账馆"),
                                                    "nameEn",
                                                    TestApi.unique("Bill hall"))))
                    .data()
                    .path("id")
                    .asLong();
            Student otherDesk = api().staffMember("STAFF");
            Student gymDesk = api().staffMember("STAFF");
            for (Object[] desk : new Object[][] {{otherDesk, hall}, {gymDesk, 1L}}) {
                long userId = jdbc().queryForObject(
                                "select id from user_account where student_id = ?",
                                Long.class,
                                ((Student) desk[0]).studentId());
                TestApi.expect(
                        200, api().put("/admin/venues/staff/" + userId, ADMIN, Map.of("venueIds", List.of(desk[1]))));
            }
            String path =
                    "/admin/wechat-pay/reconciliations/" + found.path("id").asLong();
            JsonNode others =
                    TestApi.expect(200, api().get(path, otherDesk.token())).data();
            assertThat(others.path("items")).isEmpty();
            assertThat(List.of(
                            others.path("matched").asInt(),
                            others.path("differs").asInt(),
                            others.path("onlyThere").asInt()))
                    .containsOnly(0);
            JsonNode gyms =
                    TestApi.expect(200, api().get(path, gymDesk.token())).data();
            assertThat(outcomes(gyms, one)).containsExactly("PAYMENT DIFFERS 2000/1999");
            assertThat(outcomes(gyms, two))
                    .containsExactlyInAnyOrder("PAYMENT MATCHED 2000/2000", "REFUND MATCHED 500/500");
            assertThat(outcomes(gyms, planted)).isEmpty();
            assertThat(gyms.path("onlyThere").asInt()).isZero();
            sim().plantBillAmount(one, 2000);
            assertThat(TestApi.expect(200, api().get("/admin/wechat-pay/reconciliations?date=" + today, ADMIN))
                            .data()
                            .size())
                    .as("both runs kept")
                    .isGreaterThanOrEqualTo(2);
            assertThat(jdbc().queryForObject("select count(*) from audit_log where action = 'RECONCILE'", Long.class))
                    .isGreaterThanOrEqualTo(2);
        });
    }

    private static List<String> outcomes(JsonNode run, String outTradeNo) {
        List<String> outcomes = new ArrayList<>();
        for (JsonNode item : run.path("items")) {
            if (outTradeNo.equals(item.path("outTradeNo").asText())) {
                outcomes.add(
                        item.path("kind").asText() + " " + item.path("outcome").asText() + " "
                                + (item.path("hereCents").isNull()
                                        ? "-"
                                        : item.path("hereCents").asText()) + "/"
                                + (item.path("thereCents").isNull()
                                        ? "-"
                                        : item.path("thereCents").asText()));
            }
        }
        return outcomes;
    }

    @Test
    default void repeatedAndOutOfOrderNotificationsChangeNothingTwice() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            sim().repeatNextNotifications(1);
            sim().pay(outTradeNo);
            await().atMost(Times.SETTLE)
                    .until(() -> delivered(outTradeNo, "TRANSACTION.SUCCESS").size() == 2);
            assertThat(attempts(outTradeNo))
                    .as("the duplicate answered as taken too: nothing to send again")
                    .extracting(NotificationRecord::httpStatus)
                    .containsExactly(204, 204);
            assertThat(status(reservation)).isEqualTo("CONFIRMED");
            assertThat(audits("PAID_WECHAT", outTradeNo)).isEqualTo(1);

            // the first refund's word held back until the second's has come
            sim().holdNextNotification();
            TestApi.expect(
                    200, api().post("/pay/refund/" + reservation, ADMIN, Map.of("amountCents", 300, "reason", "one")));
            TestApi.expect(
                    200, api().post("/pay/refund/" + reservation, ADMIN, Map.of("amountCents", 200, "reason", "two")));
            await().atMost(Times.SETTLE).until(() -> refundStatuses(outTradeNo).equals(List.of("SUCCESS", "SUCCESS")));
            assertThat(jdbc().queryForObject(
                                    "select refunded_cents from pay_order where out_trade_no = ?",
                                    Integer.class,
                                    outTradeNo))
                    .isEqualTo(500);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * Issue 74, 7b: a signed notification of another amount than the order's was answered 500, and WeChat Pay sent it
     * again for a day, with no audit and no alert. It is set aside: answered 204 once (nothing to send again), audited,
     * the booking left as it was — and what WeChat Pay holds is settled by asking it once the order is put right.
     */
    @Test
    default void aNotificationOfAnotherAmountIsSetAsideAuditedAndNotSentAgain() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            // the engine's record says another amount than WeChat Pay was asked for
            jdbc().update("update pay_order set amount_cents = 1999 where out_trade_no = ?", outTradeNo);

            sim().pay(outTradeNo);

            await().atMost(Times.SETTLE).until(() -> audits("PAY_NOTIFY_SET_ASIDE", outTradeNo) == 1);
            await().during(java.time.Duration.ofSeconds(2))
                    .atMost(Times.SETTLE)
                    .until(() -> attempts(outTradeNo).size() == 1);
            assertThat(attempts(outTradeNo))
                    .extracting(NotificationRecord::httpStatus)
                    .containsExactly(204);
            assertThat(status(reservation)).as("nothing settled").isEqualTo("PENDING_PAYMENT");

            jdbc().update("update pay_order set amount_cents = 2000 where out_trade_no = ?", outTradeNo);
            TestApi.expect(200, api().post("/pay/wechat/mock-success/" + outTradeNo, ADMIN, null));
            assertThat(status(reservation)).isEqualTo("CONFIRMED");
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /** A body too large to be a notification got the engine's envelope: WeChat Pay's protocol, set aside, audited. */
    @Test
    default void aBodyTooLargeForANotificationIsSetAsideInWechatPaysFormat() throws Exception {
        live(() -> {
            int refusedBefore = jdbc().queryForObject(
                            "select count(*) from audit_log where action = 'PAY_NOTIFY_REFUSED'", Integer.class);

            // its length declared and nothing sent: refused unread, as one sent whole would be (no upload cut short)
            String reply;
            try (java.net.Socket socket = new java.net.Socket("127.0.0.1", api().port())) {
                socket.getOutputStream()
                        .write(("POST /pay/wechat/notify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                                        + "application/json\r\nContent-Length: " + 3 * 1024 * 1024 + "\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
                reply = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            }

            assertThat(reply).startsWith("HTTP/1.1 204").doesNotContain("enumCode");
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'PAY_NOTIFY_REFUSED'",
                                    Integer.class))
                    .isEqualTo(refusedBefore + 1);
        });
    }

    @Test
    default void aForgedNotificationIsRefusedAndAudited() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = payOrder(ann, reservation);
            int refusedBefore = jdbc().queryForObject(
                            "select count(*) from audit_log where action = 'PAY_NOTIFY_REFUSED'", Integer.class);

            sim().forge(notifyUrl(), outTradeNo);
            sim().forgeTampered(notifyUrl(), outTradeNo);

            await().atMost(Times.SETTLE)
                    .until(() -> sim().notifications().stream()
                                    .filter(n -> n.forged() && outTradeNo.equals(n.outTradeNo()) && n.httpStatus() > 0)
                                    .count()
                            == 2);
            assertThat(sim().notifications().stream().filter(n -> n.forged() && outTradeNo.equals(n.outTradeNo())))
                    .as("set aside, its reason audited: nothing for anyone to send again")
                    .extracting(NotificationRecord::httpStatus)
                    .containsOnly(204);
            assertThat(status(reservation)).isEqualTo("PENDING_PAYMENT");
            assertThat(jdbc().queryForObject(
                                    "select count(*) from audit_log where action = 'PAY_NOTIFY_REFUSED'",
                                    Integer.class))
                    .isEqualTo(refusedBefore + 2);
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * Students pay at WeChat Pay while two timeout runs close their orders and others cancel: every booking ends
     * paid and confirmed, or cancelled with nothing paid or all of it given back — what WeChat Pay holds is exactly
     * what the engine kept.
     */
    @Test
    default void livePaymentsRacingTheTimeoutAndCancelsNeverLoseMoney() throws Exception {
        int n = 10;
        Opening opening = openSlots(n, 1);
        List<Student> students = api().students(n);
        List<Long> reservations = new ArrayList<>();
        live(() -> {
            List<String> orders = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                reservations.add(api().book(
                                students.get(i),
                                opening.session(),
                                opening.slots().get(i)));
                orders.add(payOrder(students.get(i), reservations.get(i)));
            }
            // half time out, half are cancelled by their students; every payment notification races them
            backdate(reservations.subList(0, n / 2));
            race(n + n / 2 + 2, i -> {
                if (i < n) {
                    return () -> {
                        try {
                            sim().pay(orders.get(i));
                            return null;
                        } catch (IllegalStateException closedFirst) {
                            return null;
                        }
                    };
                }
                if (i < n + n / 2) {
                    int own = n / 2 + (i - n);
                    return () -> api().delete(
                                    "/reserve/" + reservations.get(own),
                                    students.get(own).token());
                }
                return () -> {
                    bean(PaymentTimeout.class).cancelOverdue();
                    return null;
                };
            });
            await().atMost(Times.SETTLE).until(() -> settled(opening.session()));
        });
        for (long reservation : reservations) {
            assertThat(status(reservation)).isIn("CONFIRMED", "CANCELLED");
        }
        assertMoneyMatchesTheProvider(opening.session());
        invariants().assertHold(opening.session());
    }

    /** The staff alert of this message id as {@code GET /admin/staff-alerts} lists it (a missing node when it is not). */
    default JsonNode staffAlert(String messageId) {
        for (JsonNode alert : TestApi.expect(200, api().get("/admin/staff-alerts?size=200", ADMIN))
                .data()) {
            if (messageId.equals(alert.path("messageId").asText())) {
                return alert;
            }
        }
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }

    /** Pays at WeChat Pay and waits for the notification to confirm; the order's number. */
    default String paidAtWechatPay(Student student, long reservation) {
        String outTradeNo = payOrder(student, reservation);
        sim().pay(outTradeNo);
        await().atMost(Times.SETTLE).until(() -> status(reservation).equals("CONFIRMED"));
        return outTradeNo;
    }

    default List<NotificationRecord> delivered(String outTradeNo, String eventType) {
        return sim().notifications().stream()
                .filter(n -> !n.forged()
                        && outTradeNo.equals(n.outTradeNo())
                        && eventType.equals(n.eventType())
                        && n.delivered())
                .toList();
    }

    /** Every attempt to deliver the order's payment notification, answered or not. */
    default List<NotificationRecord> attempts(String outTradeNo) {
        return sim().notifications().stream()
                .filter(n ->
                        !n.forged() && outTradeNo.equals(n.outTradeNo()) && "TRANSACTION.SUCCESS".equals(n.eventType()))
                .toList();
    }

    default List<String> refundStatuses(String outTradeNo) {
        return jdbc().queryForList(
                        "select f.status from pay_refund f join pay_order o on o.id = f.pay_order_id "
                                + "where o.out_trade_no = ? order by f.id",
                        String.class,
                        outTradeNo);
    }

    /** No booking of the opening waits for payment, and no refund for WeChat Pay's word. */
    default boolean settled(long session) {
        return jdbc().queryForObject(
                                        "select count(*) from reservation where session_id = ? and status = 'PENDING_PAYMENT'",
                                        Integer.class,
                                        session)
                        == 0
                && jdbc().queryForObject(
                                        "select count(*) from pay_refund f join reservation r on r.id = f.reservation_id "
                                                + "where r.session_id = ? and f.status = 'REFUNDING'",
                                        Integer.class,
                                        session)
                        == 0;
    }

    /**
     * I6 with refunds in part (SPEC §19): per order, what was paid = refunded + kept — the refunds recorded add up to
     * the order's refunded sum, never more than it paid; and WeChat Pay holds, order by order, exactly what the
     * engine kept.
     */
    default void assertMoneyMatchesTheProvider(long session) {
        assertNoMoneyLost(session);
        List<Map<String, Object>> orders = jdbc().queryForList(
                        "select o.out_trade_no, o.status, o.amount_cents, o.refunded_cents, o.mchid, "
                                + "(select coalesce(sum(f.amount_cents), 0) from pay_refund f where f.pay_order_id = o.id) "
                                + "as refunds from pay_order o join reservation r on r.id = o.reservation_id "
                                + "where r.session_id = ?",
                        session);
        for (Map<String, Object> order : orders) {
            String outTradeNo = (String) order.get("out_trade_no");
            int amount = ((Number) order.get("amount_cents")).intValue();
            int refunded = ((Number) order.get("refunded_cents")).intValue();
            assertThat(((Number) order.get("refunds")).intValue())
                    .as("refunds of %s add up to its refunded sum", outTradeNo)
                    .isEqualTo(refunded);
            assertThat(refunded).as("never more than %s paid", outTradeNo).isBetween(0, amount);
            if (order.get("mchid") == null) {
                continue; // simulated: no provider holds it
            }
            int kept = order.get("status").equals("SUCCESS") ? amount - refunded : 0;
            OrderSnapshot atWechatPay = sim().order(outTradeNo).orElse(null);
            long paidThere = atWechatPay != null && List.of("SUCCESS", "REFUND").contains(atWechatPay.tradeState())
                    ? atWechatPay.total()
                    : 0;
            long refundedThere = sim().refunds(outTradeNo).stream()
                    .mapToLong(RefundSnapshot::refund)
                    .sum();
            assertThat(paidThere - refundedThere)
                    .as("what WeChat Pay holds of %s is what the engine kept", outTradeNo)
                    .isEqualTo(kept);
        }
    }
}
