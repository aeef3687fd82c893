package com.courtrush.audit;

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
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.audit.api.AuditFilter;
import com.courtrush.audit.api.AuditPage;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.core.SheetFormat;
import com.courtrush.core.Xlsx;
import com.courtrush.support.WebSlice;
import com.courtrush.support.Workbooks;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The audit trail for staff, filtered and exported as CSV or an Excel workbook, through the desk.
 */
@WebMvcTest(controllers = {AdminAuditController.class})
@WebSlice
class AuditWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    AuditDesk auditDesk;

    @Test
    void staffFindAuditEntries() throws Exception {
        given(auditDesk.find(any(), eq(1), eq(100), any())).willReturn(new AuditPage(List.of(), 0, false));
        mvc.perform(get("/admin/audit?actor=desk").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"))
                .andExpect(jsonPath("$.data.total").value(0));
        verify(auditDesk).find(any(), eq(1), eq(100), eq(Locale.ENGLISH));

        mvc.perform(get("/admin/audit")
                        .header("Authorization", "Bearer " + STAFF)
                        .header("Accept-Language", "zh-CN"))
                .andExpect(status().isOk());
        verify(auditDesk).find(any(), eq(1), eq(100), eq(Locale.SIMPLIFIED_CHINESE));
    }

    @Test
    void theTrailIsExportedAsACsvAttachment() throws Exception {
        given(auditDesk.export(any(), eq(SheetFormat.CSV), any())).willReturn("when,who\r\n".getBytes());
        mvc.perform(get("/admin/audit/export.csv").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith("text/csv"))
                .andExpect(header().string("Content-Disposition", containsString("attachment")));
        verify(auditDesk).export(any(), eq(SheetFormat.CSV), eq(Locale.ENGLISH));
    }

    @Test
    void theTrailIsAlsoAnExcelWorkbookOfTheSameFilter() throws Exception {
        LocalDate day = LocalDate.of(2026, 11, 25);
        AuditFilter filter = new AuditFilter(null, null, "admin", null, day, day);
        given(auditDesk.export(filter, SheetFormat.XLSX, Locale.ENGLISH))
                .willReturn(Xlsx.write("Audit trail", List.of(List.of("Time", "Who"), List.of("2026-11-25", "admin"))));
        byte[] body = mvc.perform(get("/admin/audit/export.xlsx?actor=admin&from=2026-11-25&to=2026-11-25")
                        .header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(content().contentType(Xlsx.MEDIA_TYPE))
                .andExpect(header().string(
                                "Content-Disposition", "attachment; filename=\"courtrush-audit-2026-11-25.xlsx\""))
                .andReturn()
                .getResponse()
                .getContentAsByteArray();
        assertThat(Workbooks.text(body)).containsExactly(List.of("Time", "Who"), List.of("2026-11-25", "admin"));
    }
}
