package com.courtrush.pay;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.pay.api.PaymentDesk;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.reserve.data.ReservationStatus;
import com.courtrush.support.WebSlice;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Paying and refunding: ids in paths plain decimals, only staff report a payment, a staff refund needs a reason; a reservation's details for staff.
 */
@WebMvcTest(controllers = {PayController.class, AdminPayController.class})
@WebSlice
class PayWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    PaymentService payments;

    @MockitoBean
    RefundService refunds;

    @MockitoBean
    PaymentDesk paymentDesk;

    @Test
    void staffReportAPaymentAndAreToldHowItEnded() throws Exception {
        given(payments.onPaid(eq("CR1"), any()))
                .willReturn(new PaymentService.PaidView(
                        "CR1",
                        5L,
                        PayOrderStatus.SUCCESS,
                        ReservationStatus.CONFIRMED,
                        PaymentService.PaidOutcome.CONFIRMED,
                        1500));
        mvc.perform(post("/pay/wechat/mock-success/CR1").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.message").isNotEmpty())
                .andExpect(jsonPath("$.data.outcome").value("CONFIRMED"));
    }

    @Test
    void staffReadAReservationsDetails() throws Exception {
        Reservation reservation = new Reservation();
        reservation.setId(5L);
        reservation.setStatus(ReservationStatus.CONFIRMED);
        given(paymentDesk.details(5L))
                .willReturn(new ReservationDetails.Details(reservation, null, "A", "s7", "Ann", List.of(), List.of()));
        mvc.perform(get("/admin/reservations/5").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.courtName").value("A"))
                .andExpect(jsonPath("$.data.reservation.status").value("CONFIRMED"));
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
    void staffRefundNeedsAReason() throws Exception {
        mvc.perform(post("/admin/reservations/5/refund")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"reason\":\"  \"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(containsString("reason")));
    }
}
