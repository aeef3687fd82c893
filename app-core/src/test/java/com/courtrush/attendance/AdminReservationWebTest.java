package com.courtrush.attendance;

import static com.courtrush.support.WebSlice.STAFF;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.audit.api.AuditEntry;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.ReservationData;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.slot.api.SlotView;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Everything under /admin/reservations: finding bookings and one whole, cancelling and refunding (a
 * reason each), the payment taken at the desk.
 */
@WebMvcTest(controllers = {AdminReservationController.class})
@WebSlice
class AdminReservationWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    ReservationDesk desk;

    @MockitoBean
    PaymentDesk paymentDesk;

    @MockitoBean
    AttendanceDesk attendanceDesk;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/reservations?sessionId=4&status=CONFIRMED|",
                "POST|/admin/reservations/5/pay-at-desk?expectedCents=2000|"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }

    /** The console's filters, on the staff API too (issue 50): play dates, a student, a court, with paging. */
    @Test
    void staffFindBookingsByPlayDatesStudentAndCourt() throws Exception {
        WebCalls.answersOk(
                mvc,
                STAFF,
                HttpMethod.GET,
                "/admin/reservations?from=2026-11-01&to=2026-11-07&studentId=2024001&courtId=3&page=2&size=50",
                null);
        verify(desk)
                .find(
                        new ReservationFilter(
                                null,
                                null,
                                null,
                                null,
                                LocalDate.of(2026, 11, 1),
                                3L,
                                "2024001",
                                true,
                                null,
                                null,
                                LocalDate.of(2026, 11, 7),
                                null),
                        2,
                        50,
                        Caller.admin());
    }

    /** What a student shows or says, on the staff API too (issue 52): the desk's one search, within play dates. */
    @Test
    void staffFindBookingsByWhatAStudentSays() throws Exception {
        WebCalls.answersOk(mvc, STAFF, HttpMethod.GET, "/admin/reservations?q=马刚&from=2026-11-26", null);
        verify(attendanceDesk)
                .search(
                        "马刚",
                        null,
                        LocalDate.of(2026, 11, 26),
                        LocalDate.of(2026, 11, 26),
                        null,
                        1,
                        100,
                        Caller.admin());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"?size=5000", "?size=0", "?page=0", "?status=LOST", "?sessionId=x", "?from=11/01", "?courtId=-1"
            })
    void badReservationFiltersAre400(String query) throws Exception {
        mvc.perform(get("/admin/reservations" + query).header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest());
    }

    /** Money is taken at the desk only for the amount staff were shown and confirmed (issue 74). */
    @Test
    void payAtDeskNeedsTheAmountTheDeskConfirmed() throws Exception {
        mvc.perform(post("/admin/reservations/5/pay-at-desk").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("expectedCents")));
        verifyNoInteractions(attendanceDesk);
    }

    @Test
    void staffCancelNeedsAReason() throws Exception {
        mvc.perform(post("/admin/reservations/5/cancel")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"  \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("reason")));
    }

    @Test
    void staffReadAReservationsDetails() throws Exception {
        ReservationData reservation = new ReservationData(
                5L, "t-5", 7L, 9L, 3L, ReservationStatus.CONFIRMED, null, null, 7L, null, null, null, null);
        SlotView slot = new SlotView(
                9,
                3,
                1,
                LocalDate.of(2026, 11, 25),
                LocalTime.of(18, 0),
                LocalTime.of(19, 0),
                4,
                1,
                2000,
                true,
                null,
                null);
        PayOrderView order = new PayOrderView(
                11L,
                "CR1",
                5L,
                "WECHAT",
                2000,
                PayOrderStatus.SUCCESS,
                null,
                null,
                null,
                null,
                null,
                null,
                0,
                null,
                null);
        AuditEntry paid = new AuditEntry(21, "staff:s1", "STAFF", "MARK_PAID", "PAY_ORDER", "CR1", "paid", null);
        given(paymentDesk.details(eq(5L), any(), any()))
                .willReturn(new ReservationDetailsView(
                        reservation, slot, "A", "s7", "Ann", List.of(order), List.of(), List.of(paid)));
        mvc.perform(get("/admin/reservations/5").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.courtName").value("A"))
                .andExpect(jsonPath("$.data.reservation.id").value(5))
                .andExpect(jsonPath("$.data.reservation.traceId").value("t-5"))
                .andExpect(jsonPath("$.data.reservation.status").value("CONFIRMED"))
                .andExpect(jsonPath("$.data.reservation.holderId").value(7))
                .andExpect(jsonPath("$.data.slot.slotDate").value("2026-11-25"))
                .andExpect(jsonPath("$.data.slot.startTime").value("18:00:00"))
                .andExpect(jsonPath("$.data.slot.active").value(true))
                .andExpect(jsonPath("$.data.payOrders[0].outTradeNo").value("CR1"))
                .andExpect(jsonPath("$.data.payOrders[0].amountCents").value(2000))
                .andExpect(jsonPath("$.data.payOrders[0].status").value("SUCCESS"))
                .andExpect(jsonPath("$.data.history[0].action").value("MARK_PAID"))
                .andExpect(jsonPath("$.data.history[0].detail").value("paid"));
        verify(paymentDesk).details(5L, Locale.ENGLISH, Caller.admin());

        mvc.perform(get("/admin/reservations/5")
                        .header("Authorization", "Bearer " + STAFF)
                        .header("Accept-Language", "zh-CN"))
                .andExpect(status().isOk());
        verify(paymentDesk).details(5L, Locale.SIMPLIFIED_CHINESE, Caller.admin());
    }

    @Test
    void staffRefundNeedsAReason() throws Exception {
        mvc.perform(post("/admin/reservations/5/refund")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"  \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("reason")));
    }

    /** A whole refund says what happened, as a part does (issue 74), not "OK". */
    @Test
    void staffRefundTheWholeSaysWhatHappened() throws Exception {
        given(paymentDesk.refund(eq(5L), any(), eq("court flooded"), eq(false)))
                .willReturn(refunded(ReservationStatus.CANCELLED, 2000, RefundStatus.SUCCESS));
        mvc.perform(post("/admin/reservations/5/refund")
                        .header("Authorization", "Bearer " + STAFF)
                        .header("Accept-Language", "zh-CN")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"court flooded\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.message").value("已退款，名额已释放。"));
    }

    private static Refunded refunded(ReservationStatus status, int cents, RefundStatus refund) {
        return new Refunded(5, status, null, "CR1", cents, false, false, "CR1R1", refund, cents);
    }

    @Test
    void staffRefundAPartOnTheSamePathThroughTheDesk() throws Exception {
        given(paymentDesk.refundPart(eq(5L), eq(500), eq("lights out"), any()))
                .willReturn(refunded(ReservationStatus.CONFIRMED, 500, RefundStatus.SUCCESS))
                .willReturn(refunded(ReservationStatus.CONFIRMED, 500, RefundStatus.REFUNDING));
        mvc.perform(post("/admin/reservations/5/refund")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"lights out\",\"amountCents\":500}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.message").value("Part refunded; the booking stays confirmed."));
        // WeChat Pay still paying it back: asked, not "refunded" (issue 74)
        mvc.perform(post("/admin/reservations/5/refund")
                        .header("Authorization", "Bearer " + STAFF)
                        .header("Accept-Language", "zh-CN")
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"lights out\",\"amountCents\":500}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.message").value("已向微信支付申请部分退款，预约仍然有效；款项到账后会通知学生。"));
        verify(paymentDesk, times(2)).refundPart(eq(5L), eq(500), eq("lights out"), any());
        mvc.perform(post("/admin/reservations/5/refund")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"x\",\"amountCents\":0}"))
                .andExpect(status().isBadRequest());
    }
}
