package com.courtrush.report;

import static com.courtrush.support.WebSlice.STAFF;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.verify;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.core.SheetFormat;
import com.courtrush.core.Xlsx;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.report.desk.ReportDesk;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import com.courtrush.support.Workbooks;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Sales reports for staff, and their exports (CSV and Excel workbooks), through the desk.
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
        verify(reportDesk)
                .report(LocalDate.parse("2026-11-01"), LocalDate.parse("2026-11-07"), ReportFilter.ALL, Caller.admin());
    }

    @Test
    void aReportOfOneVenuesSportAsksTheDeskForThat() throws Exception {
        WebCalls.answersOk(
                mvc, STAFF, HttpMethod.GET, "/admin/reports?from=2026-11-01&venueId=2&sport=TABLE_TENNIS", null);
        verify(reportDesk)
                .report(
                        LocalDate.parse("2026-11-01"),
                        LocalDate.parse("2026-11-01"),
                        new ReportFilter(null, 2L, "TABLE_TENNIS"),
                        Caller.admin());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"/admin/reports/report.csv", "/admin/reports/reservations.csv", "/admin/reports/pay-orders.csv"})
    void eachExportIsACsvAttachment(String path) throws Exception {
        given(reportDesk.export(any(), eq(SheetFormat.CSV), any(), any(), any(), any(), any()))
                .willReturn("a,b\r\n".getBytes());
        mvc.perform(get(path + "?from=2026-11-01").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith("text/csv"))
                .andExpect(header().string("Content-Disposition", containsString("attachment")))
                .andExpect(content().string("a,b\r\n"));
    }

    @ParameterizedTest
    @CsvSource({
        "/admin/reports/report.xlsx, REPORT, courtrush-report-2026-11-01_2026-11-07.xlsx",
        "/admin/reports/reservations.xlsx, RESERVATIONS, courtrush-reservations-2026-11-01_2026-11-07.xlsx",
        "/admin/reports/pay-orders.xlsx, PAY_ORDERS, courtrush-pay-orders-2026-11-01_2026-11-07.xlsx"
    })
    void eachExportIsAlsoAnExcelWorkbook(String path, ExportKind kind, String fileName) throws Exception {
        LocalDate from = LocalDate.parse("2026-11-01");
        LocalDate to = LocalDate.parse("2026-11-07");
        given(reportDesk.export(
                        kind, SheetFormat.XLSX, from, to, ReportFilter.ALL, Caller.admin(), Locale.SIMPLIFIED_CHINESE))
                .willReturn(Xlsx.write("报表", List.of(List.of("打球日期", "售出"), List.of("2026-11-01", 5))));
        byte[] body = mvc.perform(get(path + "?from=2026-11-01&to=2026-11-07")
                        .header("Authorization", "Bearer " + STAFF)
                        .header("Accept-Language", "zh-CN"))
                .andExpect(status().isOk())
                .andExpect(content().contentType(Xlsx.MEDIA_TYPE))
                .andExpect(header().string("Content-Disposition", "attachment; filename=\"" + fileName + "\""))
                .andReturn()
                .getResponse()
                .getContentAsByteArray();
        assertThat(Workbooks.text(body)).containsExactly(List.of("打球日期", "售出"), List.of("2026-11-01", "5"));
    }
}
