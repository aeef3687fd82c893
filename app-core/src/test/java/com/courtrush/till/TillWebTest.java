package com.courtrush.till;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.Mockito.verify;

import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import com.courtrush.till.desk.TillDesk;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The desk's till on the staff API (issue 52): receipts and shifts, through the desk. */
@WebMvcTest(controllers = {AdminTillController.class})
@WebSlice
class TillWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    TillDesk till;

    @Test
    void withoutADateTheShiftsAreTodays() throws Exception {
        WebCalls.answersOk(mvc, STAFF, HttpMethod.GET, "/admin/shifts", null);
        verify(till)
                .shifts(
                        org.mockito.ArgumentMatchers.eq(LocalDate.parse("2026-11-22")),
                        org.mockito.ArgumentMatchers.isNull(),
                        org.mockito.ArgumentMatchers.any());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/receipts/RPCR2611221000000100001234|",
                "GET|/admin/receipts?reservationId=5|",
                "POST|/admin/shifts|{\"console\":\"front-desk\"}",
                "GET|/admin/shifts?date=2026-11-22|",
                "GET|/admin/shifts/3|",
                "POST|/admin/shifts/3/close|{\"countedCash\":51250,\"note\":\"hand-over\"}"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }
}
