package com.courtrush.reserve.desk;

import static com.courtrush.support.WebSlice.STAFF;

import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Staff's reservations through the desk: filters checked, a cancel needs a reason; the reconciler and dead letters.
 */
@WebMvcTest(controllers = {AdminRecoveryController.class})
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
                "POST|/admin/reconcile|",
                "POST|/admin/dead-letters/0123456789abcdef/compensate|",
                "POST|/admin/dead-letters/0123456789abcdef/replay|"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }
}
