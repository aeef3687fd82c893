package com.courtrush.attendance;

import static com.courtrush.support.WebSlice.STAFF;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.BDDMockito.given;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.attendance.api.AttendanceDesk;
import com.courtrush.pay.ReservationDetails;
import com.courtrush.pay.api.PaymentDesk;
import com.courtrush.reserve.api.ReservationDesk;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.util.List;
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
            value = {"GET|/admin/reservations?sessionId=4&status=CONFIRMED|", "POST|/admin/reservations/5/pay-at-desk|"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }

    @ParameterizedTest
    @ValueSource(strings = {"?size=5000", "?size=0", "?page=0", "?status=LOST", "?sessionId=x"})
    void badReservationFiltersAre400(String query) throws Exception {
        mvc.perform(get("/admin/reservations" + query).header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest());
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
