package com.courtrush.report;

import static com.courtrush.support.WebSlice.STAFF;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.report.api.ReportDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Sales reports for staff, and their CSV exports, through the desk.
 */
@WebMvcTest(controllers = {AdminReportController.class})
@WebSlice
class ReportWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    ReportDesk reportDesk;

    @Test
    void staffReadAPeriodsReport() throws Exception {
        WebCalls.answersOk(mvc, STAFF, HttpMethod.GET, "/admin/reports?from=2026-11-01&to=2026-11-07", null);
        verify(reportDesk).report(LocalDate.parse("2026-11-01"), LocalDate.parse("2026-11-07"), null);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"/admin/reports/report.csv", "/admin/reports/reservations.csv", "/admin/reports/pay-orders.csv"})
    void eachExportIsACsvAttachment(String path) throws Exception {
        given(reportDesk.export(any(), any(), any(), any(), any())).willReturn("a,b\r\n".getBytes());
        mvc.perform(get(path + "?from=2026-11-01").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith("text/csv"))
                .andExpect(header().string("Content-Disposition", containsString("attachment")))
                .andExpect(content().string("a,b\r\n"));
    }
}
