package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.courtrush.infra.redis.RedisKeys;
import com.courtrush.paysim.RefundSnapshot;
import com.courtrush.support.PaySimulator;
import com.courtrush.support.TestApi;
import com.courtrush.support.TestApi.Reply;
import com.courtrush.support.TestApi.Student;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * WeChat Pay in trouble (issue 74), against the simulator: the merchant's settings tried with a wrong key, answers that
 * do not verify, WeChat Pay not answering while bookings time out. What students are answered, what staff are told
 * (once), and that the money ends where it belongs.
 */
public interface WechatPayTroubleScenarios extends LivePaymentScenarios {

    /**
     * "Try it" with a WeChat Pay public key that is not WeChat Pay's: refused, naming the public key; with the public
     * key id of another key: refused, naming both ids; with the kit as it is: a signed answer verified, the trial's
     * order closed at WeChat Pay. Turning live payments on with the wrong key is refused.
     */
    @Test
    default void theTryRefusesAWrongWechatPayPublicKeyAndNamesIt() {
        String keyId = sim().kit().publicKeyId();

        JsonNode wrongKey = TestApi.expect(200, api().post("/admin/wechat-pay/try", ADMIN, withPublicKey(otherKey())))
                .data();
        assertThat(wrongKey.path("ok").asBoolean())
                .as("a key that is not WeChat Pay's")
                .isFalse();
        assertThat(wrongKey.path("summary").asText())
                .contains("WeChat Pay public key given for " + keyId)
                .contains("pub_key.pem");

        Map<String, Object> otherId = PaySimulator.merchant(api().port(), false);
        settings(otherId).put("publicKeyId", "PUB_KEY_ID_0114000000WRONG");
        JsonNode wrongId = TestApi.expect(200, api().post("/admin/wechat-pay/try", ADMIN, otherId))
                .data();
        assertThat(wrongId.path("ok").asBoolean()).isFalse();
        assertThat(wrongId.path("summary").asText())
                .contains("public key " + keyId + ", not PUB_KEY_ID_0114000000WRONG")
                .contains("public key id is wrong");

        Map<String, Object> turnedOn = withPublicKey(otherKey());
        settings(turnedOn).put("enabled", true);
        Reply refused = api().put("/admin/wechat-pay", ADMIN, turnedOn);
        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.body().path("message").asText()).contains("pub_key.pem");
        assertThat(TestApi.expect(200, api().get("/admin/wechat-pay", ADMIN))
                        .data()
                        .path("mode")
                        .asText())
                .isEqualTo("SIMULATED");

        JsonNode right = TestApi.expect(
                        200, api().post("/admin/wechat-pay/try", ADMIN, PaySimulator.merchant(api().port(), false)))
                .data();
        assertThat(right.path("ok").asBoolean()).isTrue();
        assertThat(right.path("summary").asText()).contains(keyId);
        String trialOrder = right.path("detail").asText();
        assertThat(trialOrder).startsWith("TRY");
        assertThat(sim().order(trialOrder).orElseThrow().tradeState())
                .as("nobody can pay the trial's order")
                .isEqualTo("CLOSED");
    }

    /**
     * WeChat Pay's public key on file is not WeChat Pay's (saved before the try could tell, or WeChat Pay changed it):
     * every answer fails its signature. Students are told paying online is not available and that the gym knows — not
     * that WeChat Pay did not answer — and staff are told once, however many students try. With the key put right,
     * they pay.
     */
    @Test
    default void aPaymentUnderAWrongWechatPayKeyIsNotAvailableAndStaffAreToldOnce() throws Exception {
        Opening opening = openSlots(2, 1);
        List<Student> students = api().students(2);
        List<Long> reservations = List.of(
                api().book(students.get(0), opening.session(), opening.slots().get(0)),
                api().book(students.get(1), opening.session(), opening.slots().get(1)));
        long told = alertsOf("WECHAT_PAY_UNVERIFIED");
        live(() -> {
            WechatPayKeys keys = bean(WechatPayKeys.class);
            keys.keep(null, null, otherKey(), null);
            try {
                for (int i = 0; i < 2; i++) {
                    Reply refused = api().post(
                                    "/pay/wechat/" + reservations.get(i),
                                    students.get(i).token(),
                                    Map.of("scene", "H5"));
                    assertThat(refused.status()).isEqualTo(503);
                    assertThat(refused.body().path("message").asText())
                            .as("not \"WeChat Pay did not answer\": it answered, and the gym's key is wrong")
                            .isEqualTo("Paying online is not available at the moment; the gym has been told.");
                }
                assertThat(alertsOf("WECHAT_PAY_UNVERIFIED")).as("told once").isEqualTo(told + 1);
            } finally {
                keys.keep(null, null, sim().kit().publicKeyPem(), null);
            }
            Reply paying = TestApi.expect(
                    200,
                    api().post(
                                    "/pay/wechat/" + reservations.get(0),
                                    students.get(0).token(),
                                    Map.of("scene", "H5")));
            assertThat(paying.data().path("h5Url").asText()).startsWith(sim().baseUrl());
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /**
     * WeChat Pay down while an unpaid booking times out (its patience spent): the booking ends for the student and its
     * place goes back on sale, but its order is CLOSING, not CLOSED — nobody has closed it at WeChat Pay — and staff
     * are told WeChat Pay does not answer, once however often it is asked. Asked again while down it stays CLOSING;
     * once WeChat Pay answers, it is closed there and CLOSED.
     */
    @Test
    default void aBookingTimedOutWhileWechatPayIsDownEndsAndItsOrderIsClosingUntilClosedThere() throws Exception {
        Opening opening = openSlots(1, 1);
        long slot = opening.slots().get(0);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), slot);
        long told = alertsOf("WECHAT_PAY_UNREACHABLE");
        live(() -> {
            String outTradeNo = overdue(ann, reservation);
            sim().failNextApiCalls(Integer.MAX_VALUE); // WeChat Pay down
            try {
                assertThat(timeOut(List.of(reservation))).isEqualTo(1);
                assertThat(status(reservation)).isEqualTo("CANCELLED");
                assertThat(redisson()
                                .getBucket(RedisKeys.semaphore(opening.session(), slot))
                                .get())
                        .as("its place back on sale")
                        .isEqualTo("1");
                assertThat(orderStatus(outTradeNo))
                        .as("not CLOSED: WeChat Pay never said so")
                        .isEqualTo("CLOSING");
                assertThat(bean(ClosingOrders.class).followUp()).isZero();
                assertThat(orderStatus(outTradeNo)).isEqualTo("CLOSING");
                assertThat(sim().order(outTradeNo).orElseThrow().tradeState()).isEqualTo("NOTPAY");
                assertThat(alertsOf("WECHAT_PAY_UNREACHABLE"))
                        .as("staff told of the outage: once, however many calls failed")
                        .isPositive()
                        .isBetween(told, told + 1);
            } finally {
                sim().failNextApiCalls(0);
            }
            assertThat(bean(ClosingOrders.class).followUp()).isPositive();
            assertThat(orderStatus(outTradeNo)).isEqualTo("CLOSED");
            assertThat(sim().order(outTradeNo).orElseThrow().tradeState()).isEqualTo("CLOSED");
        });
        assertMoneyMatchesTheProvider(opening.session());
        invariants().assertHold(opening.session());
    }

    /**
     * The student pays at WeChat Pay while it cannot be reached from the engine, after the booking timed out (its
     * order CLOSING), and the notification is lost: once WeChat Pay answers, the close finds the payment, which is
     * refunded whole, and staff are told.
     */
    @Test
    default void aPaymentFoundWhenWechatPayAnswersAgainIsRefundedAndStaffAreTold() throws Exception {
        Opening opening = openSlots(1, 1);
        Student ann = api().students(1).get(0);
        long reservation = api().book(ann, opening.session(), opening.slots().get(0));
        live(() -> {
            String outTradeNo = overdue(ann, reservation);
            sim().failNextApiCalls(Integer.MAX_VALUE);
            try {
                assertThat(timeOut(List.of(reservation))).isEqualTo(1);
                assertThat(orderStatus(outTradeNo)).isEqualTo("CLOSING");
                sim().dropNextNotifications(1);
                sim().pay(outTradeNo); // paid in WeChat all the same; its word never reaches the engine
            } finally {
                sim().failNextApiCalls(0);
            }

            assertThat(bean(ClosingOrders.class).followUp()).isPositive();

            await().atMost(Times.SETTLE).until(() -> refundStatuses(outTradeNo).equals(List.of("SUCCESS")));
            assertThat(orderStatus(outTradeNo)).isEqualTo("REFUNDED");
            assertThat(sim().refunds(outTradeNo))
                    .extracting(RefundSnapshot::refund)
                    .containsExactly(2000L);
            assertThat(audits("AUTO_REFUND", outTradeNo)).isEqualTo(1);
            assertThat(staffAlert("PAID_AFTER_END:" + outTradeNo).path("kind").asText())
                    .as("staff told")
                    .isEqualTo("PAID_AFTER_END");
            assertThat(status(reservation)).isEqualTo("CANCELLED");
        });
        assertMoneyMatchesTheProvider(opening.session());
    }

    /** An unpaid booking with a live order, past its payment time and WeChat Pay's patience; the order's number. */
    default String overdue(Student student, long reservation) {
        String outTradeNo = payOrder(student, reservation);
        backdate(List.of(reservation));
        jdbc().update(
                        "update pay_order set expire_time = ? where out_trade_no = ?",
                        Times.now().minus(AskBeforeTimeout.PATIENCE).minusMinutes(1),
                        outTradeNo);
        return outTradeNo;
    }

    default String orderStatus(String outTradeNo) {
        return jdbc().queryForObject("select status from pay_order where out_trade_no = ?", String.class, outTradeNo);
    }

    /** How many staff alerts of this kind {@code GET /admin/staff-alerts} lists. */
    default long alertsOf(String kind) {
        long count = 0;
        for (JsonNode alert : TestApi.expect(200, api().get("/admin/staff-alerts?size=200", ADMIN))
                .data()) {
            if (kind.equals(alert.path("kind").asText())) {
                count++;
            }
        }
        return count;
    }

    /** The simulator's merchant, as {@code PUT /admin/wechat-pay} takes it, with this WeChat Pay public key. */
    default Map<String, Object> withPublicKey(String pem) {
        Map<String, Object> setup = PaySimulator.merchant(api().port(), false);
        setup.put("platformPublicKeyPem", pem);
        return setup;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> settings(Map<String, Object> setup) {
        Map<String, Object> settings = new LinkedHashMap<>((Map<String, Object>) setup.get("settings"));
        setup.put("settings", settings);
        return settings;
    }

    /** A public key of nobody's, as WeChat Pay's pub_key.pem is written. */
    static String otherKey() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            String body = Base64.getMimeEncoder(64, "\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII))
                    .encodeToString(generator.generateKeyPair().getPublic().getEncoded());
            return "-----BEGIN PUBLIC KEY-----\n" + body + "\n-----END PUBLIC KEY-----\n";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("RSA is always there", e);
        }
    }
}
