package com.courtrush.pay;

import static com.courtrush.support.WebSlice.STAFF;
import static com.courtrush.support.WebSlice.STUDENT;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Paying and refunding: ids in paths plain decimals, only staff report a payment, a staff refund needs a reason; a reservation's details for staff.
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
}
