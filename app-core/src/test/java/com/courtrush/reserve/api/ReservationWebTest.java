package com.courtrush.reserve.api;

import static com.courtrush.support.WebSlice.STAFF;
import static org.hamcrest.Matchers.containsString;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
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
 * Staff's reservations through the desk: filters checked, a cancel needs a reason; the reconciler and dead letters.
 */
@WebMvcTest(controllers = {AdminReservationController.class})
@WebSlice
class ReservationWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    ReservationDesk desk;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/reservations?sessionId=4&status=CONFIRMED|",
                "POST|/admin/reconcile|",
                "POST|/admin/dead-letters/0123456789abcdef/compensate|",
                "POST|/admin/dead-letters/0123456789abcdef/replay|"
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
}
