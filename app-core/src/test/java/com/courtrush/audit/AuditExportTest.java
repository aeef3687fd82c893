package com.courtrush.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.audit.api.AuditFilter;
import com.courtrush.core.SheetFormat;
import com.courtrush.infra.config.SqlDialect;
import com.courtrush.support.Workbooks;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The audit trail's export as an Excel workbook: the CSV's rows, its header, a formula-looking detail kept text. */
class AuditExportTest {

    @Test
    void theWorkbookHoldsTheCsvsRowsWithTheDetailNeutralised() {
        AuditTrail trail = spy(new AuditTrail(mock(AuditLogMapper.class), mock(SqlDialect.class)));
        AuditFilter filter = new AuditFilter(null, null, null, null, LocalDate.of(2026, 11, 25), null);
        doReturn(List.of(
                        entry("@SUM(A1:A9)", "RESERVATION", "42"),
                        entry("=HYPERLINK(\"http://x\",\"y\")", "USER", "+8613800000000")))
                .when(trail)
                .newest(eq(filter), eq(AuditTrail.EXPORT_MOST), any());

        List<List<String>> csv = Workbooks.csv(trail.export(filter, SheetFormat.CSV, Locale.ENGLISH));
        byte[] xlsx = trail.export(filter, SheetFormat.XLSX, Locale.ENGLISH);

        assertThat(Workbooks.text(xlsx)).isEqualTo(csv).hasSize(3);
        assertThat(csv.get(0)).containsExactly("Time", "Who", "Action", "Record type", "Record", "Detail");
        assertThat(csv.get(1).get(5)).isEqualTo("'@SUM(A1:A9)");
        assertThat(csv.get(2)).endsWith("'+8613800000000", "'=HYPERLINK(\"http://x\",\"y\")");
        assertThat(Workbooks.sheetName(xlsx)).isEqualTo("Audit trail");
        assertThat(Workbooks.sheetName(trail.export(filter, SheetFormat.XLSX, Locale.SIMPLIFIED_CHINESE)))
                .isEqualTo("审计日志");
        LocalDate day = LocalDate.of(2026, 11, 25);
        assertThat(new AuditFilter(null, null, null, null, day, day).fileName(SheetFormat.XLSX))
                .isEqualTo("courtrush-audit-2026-11-25.xlsx");
    }

    private static AuditEntry entry(String detail, String type, String id) {
        return new AuditEntry(7, "staff:2024001", "MARK_PAID", type, id, detail, LocalDateTime.of(2026, 11, 25, 9, 0));
    }
}
