package com.courtrush.pay;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.pay.api.PaidOutcome;
import com.courtrush.pay.api.PaidView;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.support.WebSlice;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Paying and refunding: ids in paths plain decimals, only staff report a payment, a staff refund needs a reason; the
 * scene a student pays in picks how WeChat Pay opens; a staff's partial refund keeps the booking; WeChat Pay's
 * notifications answered in its own format (not the envelope) and open to anyone — only its signature counts.
 */
@WebMvcTest(controllers = {PayController.class})
@WebSlice
class PayWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    PaymentService payments;

    @MockitoBean
    RefundService refunds;

    @MockitoBean
    PaymentNotifications notifications;

    @MockitoBean
    PaymentDesk desk;

    @MockitoBean
    AskWechatPay wechatPay;

    private static final String NOTIFICATION = "{\"id\":\"n1\",\"event_type\":\"TRANSACTION.SUCCESS\"}";

    @Test
    void staffReportAPaymentAndAreToldHowItEnded() throws Exception {
        given(desk.markOrderPaid(eq("CR1"), any()))
                .willReturn(new PaidView(
                        "CR1", 5L, PayOrderStatus.SUCCESS, ReservationStatus.CONFIRMED, PaidOutcome.CONFIRMED, 1500));
        mvc.perform(post("/pay/wechat/mock-success/CR1").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.message").isNotEmpty())
                .andExpect(jsonPath("$.data.outcome").value("CONFIRMED"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x10", "010x", "+16", "1e3", "16.0"})
    void idsInPathsArePlainDecimals(String id) throws Exception {
        mvc.perform(get("/pay/reservation/" + id).header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.enumCode").value("PARAM_ERROR"));
    }

    @Test
    void onlyStaffReportPayments() throws Exception {
        mvc.perform(post("/pay/wechat/mock-success/CR1").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isForbidden());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/pay/wechat/abc", "/pay/refund/-1", "/pay/wechat/0"})
    void badReservationIdsOnPaymentsAre400(String path) throws Exception {
        mvc.perform(post(path).header("Authorization", "Bearer " + STUDENT)).andExpect(status().isBadRequest());
    }

    @Test
    void theStudentsScenePicksHowWechatPayOpens() throws Exception {
        given(payments.createOrder(eq(5L), any(), eq(PayScene.NATIVE), anyString(), any(), any()))
                .willReturn(new PaymentService.OrderView(
                        "CR1",
                        5L,
                        1500,
                        PayOrderStatus.PAYING,
                        LocalDateTime.of(2026, 11, 26, 13, 15),
                        900,
                        "weixin://wxpay/bizpayurl?pr=x",
                        null,
                        "<svg/>",
                        null,
                        false,
                        "WECHAT",
                        false));
        mvc.perform(post("/pay/wechat/5")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"scene\":\"NATIVE\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.qrSvg").value("<svg/>"))
                .andExpect(jsonPath("$.data.simulated").value(false));
    }

    @Test
    void anOrderWechatPaySaysIsPaidAlreadyIsAnsweredSettledWithNothingToOpen() throws Exception {
        given(payments.createOrder(eq(5L), any(), eq(PayScene.H5), anyString(), any(), any()))
                .willReturn(new PaymentService.OrderView(
                        "CR1",
                        5L,
                        1500,
                        PayOrderStatus.SUCCESS,
                        LocalDateTime.of(2026, 11, 26, 13, 15),
                        0,
                        null,
                        null,
                        null,
                        null,
                        true,
                        "WECHAT",
                        false));
        mvc.perform(post("/pay/wechat/5").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.status").value("SUCCESS"))
                .andExpect(jsonPath("$.data.h5Url").doesNotExist())
                .andExpect(jsonPath("$.message").value(containsString("WeChat Pay says this booking is paid")));
    }

    @Test
    void backFromPayingTheStudentsPageAsksWhatWechatPaySays() throws Exception {
        given(wechatPay.check(eq(5L), any()))
                .willReturn(new AskWechatPay.Checked(
                        5L,
                        ReservationStatus.CONFIRMED,
                        PayOrderStatus.SUCCESS,
                        AskWechatPay.Said.PAID,
                        LocalDateTime.of(2026, 11, 26, 13, 1, 2)));
        mvc.perform(post("/pay/reservation/5/check").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.wechatPay").value("PAID"))
                .andExpect(jsonPath("$.data.reservationStatus").value("CONFIRMED"))
                .andExpect(jsonPath("$.data.askedAt").value("2026-11-26T13:01:02"));
        mvc.perform(post("/pay/reservation/5/check")).andExpect(status().isUnauthorized());
        mvc.perform(post("/pay/reservation/0x5/check").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isBadRequest());
    }

    @Test
    void aPartialRefundKeepsTheBookingAndSaysSo() throws Exception {
        // staff's part refund goes through the desk, as the console's does
        given(desk.refundPart(eq(5L), eq(500), eq("lights out"), any()))
                .willReturn(new Refunded(
                        5L,
                        ReservationStatus.CONFIRMED,
                        PayOrderStatus.SUCCESS,
                        "CR1",
                        500,
                        false,
                        false,
                        "CR1R1",
                        RefundStatus.REFUNDING,
                        500));
        mvc.perform(post("/pay/refund/5")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"amountCents\":500,\"reason\":\"lights out\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.refundStatus").value("REFUNDING"))
                .andExpect(jsonPath("$.data.reservationStatus").value("CONFIRMED"));
        mvc.perform(post("/pay/refund/5")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"amountCents\":-5,\"reason\":\"x\"}"))
                .andExpect(status().isBadRequest());
    }

    @Test
    void aStudentsOwnRefundIsTheirsAndStaffsGoesThroughTheDesk() throws Exception {
        Refunded whole = new Refunded(
                5L,
                ReservationStatus.CANCELLED,
                PayOrderStatus.REFUNDED,
                "CR1",
                1500,
                false,
                false,
                "CR1R1",
                RefundStatus.SUCCESS,
                1500);
        given(refunds.refundOwn(eq(5L), any(), any())).willReturn(whole);
        given(desk.refund(eq(5L), any(), any(), eq(true))).willReturn(whole);
        mvc.perform(post("/pay/refund/5")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"plans changed\"}"))
                .andExpect(status().isOk());
        verify(refunds).refundOwn(eq(5L), any(), eq("plans changed"));
        mvc.perform(post("/pay/refund/5")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"please\",\"overrideCutoff\":true}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("Only staff may override")));
        mvc.perform(post("/pay/refund/5")
                        .header("Authorization", "Bearer " + STUDENT)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"amountCents\":500,\"reason\":\"please\"}"))
                .andExpect(status().isForbidden());
        mvc.perform(post("/pay/refund/5")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"court flooded\",\"overrideCutoff\":true}"))
                .andExpect(status().isOk());
        verify(desk).refund(eq(5L), any(), eq("court flooded"), eq(true));
        verifyNoMoreInteractions(refunds);
    }

    @Test
    void aSignedInStudentIsToldWhichWechatPayRuns() throws Exception {
        given(payments.mode()).willReturn(new PaymentService.PayMode(false, "Gym of the University", false));
        mvc.perform(get("/pay/mode").header("Authorization", "Bearer " + STUDENT))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.simulated").value(false))
                .andExpect(jsonPath("$.data.merchantName").value("Gym of the University"));
        mvc.perform(get("/pay/mode")).andExpect(status().isUnauthorized());
    }

    @Test
    void aHandledNotificationIs204WithNoBodyAndNeedsNoToken() throws Exception {
        given(notifications.take(eq(NOTIFICATION), any(), anyString())).willReturn(PaymentNotifications.Taken.HANDLED);
        mvc.perform(post("/pay/wechat/notify")
                        .contentType(MediaType.APPLICATION_JSON)
                        .header("Wechatpay-Serial", "PUB_KEY_ID_1")
                        .header("Wechatpay-Signature", "c2ln")
                        .header("Wechatpay-Timestamp", "1764120000")
                        .header("Wechatpay-Nonce", "n")
                        .content(NOTIFICATION))
                .andExpect(status().isNoContent())
                .andExpect(content().string(""));
        verify(notifications)
                .take(
                        eq(NOTIFICATION),
                        eq(new PaymentNotifications.Signed("PUB_KEY_ID_1", "c2ln", "1764120000", "n", null)),
                        anyString());
    }

    /**
     * One rule (issue 74): set aside on purpose (forged, another amount, an empty body) is done — 204, so WeChat Pay
     * stops sending it; only the engine's trouble of a moment is FAIL with an error status, so that it sends it again.
     */
    @Test
    void aNotificationSetAsideIs204AndOnlyOneTheEngineCouldNotRecordIsFailInWechatPaysFormat() throws Exception {
        given(notifications.take(any(), any(), anyString())).willReturn(PaymentNotifications.Taken.SET_ASIDE);
        mvc.perform(post("/pay/wechat/notify")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(NOTIFICATION))
                .andExpect(status().isNoContent())
                .andExpect(content().string(""));
        mvc.perform(post("/pay/wechat/notify").contentType(MediaType.APPLICATION_JSON))
                .andExpect(status().isNoContent());
        verify(notifications).take(eq(null), any(), anyString());

        given(notifications.take(any(), any(), anyString()))
                .willThrow(new org.springframework.dao.DataAccessResourceFailureException("database down"));
        mvc.perform(post("/pay/wechat/notify")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content(NOTIFICATION))
                .andExpect(status().isInternalServerError())
                .andExpect(jsonPath("$.code").value("FAIL"))
                .andExpect(jsonPath("$.message").value("not recorded now"))
                .andExpect(jsonPath("$.enumCode").doesNotExist());
    }
}
