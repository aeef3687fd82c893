package com.courtrush.report;

import static com.courtrush.support.WebSlice.STAFF;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.request;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.core.Outcome;
import com.courtrush.report.api.ReportDesk;
import com.courtrush.support.WebSlice;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

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
        answersOk(STAFF, HttpMethod.GET, "/admin/reports?from=2026-11-01&to=2026-11-07", null);
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

    /** {@code method path [body]} with the token (none if null): 200 and the success envelope. */
    private void answersOk(String token, HttpMethod method, String path, String body) throws Exception {
        MockHttpServletRequestBuilder call = request(method, path);
        if (token != null) {
            call.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            call.contentType(MediaType.APPLICATION_JSON).content(body);
        }
        mvc.perform(call)
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.code").value(Outcome.SUCCESS.code()));
    }
}
