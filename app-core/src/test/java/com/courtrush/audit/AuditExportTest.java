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

/**
 * The audit trail's export (the API's) as an Excel workbook and CSV: the same rows, its header, a formula-looking
 * detail kept text, and who, what and which record in words in the request's language — the console's words.
 */
class AuditExportTest {

    @Test
    void theWorkbookHoldsTheCsvsRowsWithTheDetailNeutralised() {
        AuditTrail trail = spy(new AuditTrail(
                mock(AuditLogMapper.class), mock(SqlDialect.class), java.time.Clock.systemDefaultZone()));
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
        // issue 76: the time was text, which Excel sorts and filters as text
        assertThat(Workbooks.rows(xlsx).get(1).get(0))
                .as("the time, an Excel date")
                .matches(Workbooks::isDate);
        assertThat(csv.get(2)).endsWith("'+8613800000000", "'=HYPERLINK(\"http://x\",\"y\")");
        assertThat(Workbooks.sheetName(xlsx)).isEqualTo("Audit trail");
        assertThat(Workbooks.sheetName(trail.export(filter, SheetFormat.XLSX, Locale.SIMPLIFIED_CHINESE)))
                .isEqualTo("审计日志");
        LocalDate day = LocalDate.of(2026, 11, 25);
        assertThat(new AuditFilter(null, null, null, null, day, day).fileName(SheetFormat.XLSX))
                .isEqualTo("courtrush-audit-2026-11-25.xlsx");
    }

    @Test
    void theApisExportSaysWhoWhatAndWhichRecordInWordsInTheRequestsLanguage() {
        AuditTrail trail = spy(new AuditTrail(
                mock(AuditLogMapper.class), mock(SqlDialect.class), java.time.Clock.systemDefaultZone()));
        AuditFilter filter = new AuditFilter(null, null, null, null, null, null);
        LocalDateTime at = LocalDateTime.of(2026, 11, 28, 11, 37, 28);
        doReturn(List.of(
                        new AuditEntry(3, "staff:m001", "MANAGER", "REFUND", "RESERVATION", "3601", "-", at),
                        new AuditEntry(2, "staff:s002", "STAFF", "MARK_PAID", "PAY_ORDER", "CR2611281137", "-", at),
                        new AuditEntry(1, "system:backup", null, "BACKUP", "DATABASE", "-", "-", at),
                        new AuditEntry(0, "staff:old01", null, "SET_WECHAT_PAY", "SETTING", "WECHAT_PAY", "-", at)))
                .when(trail)
                .newest(eq(filter), eq(AuditTrail.EXPORT_MOST), any());

        for (SheetFormat format : SheetFormat.values()) {
            List<List<String>> zh = read(trail.export(filter, format, Locale.SIMPLIFIED_CHINESE), format);
            assertThat(zh.get(1)).as(format.name()).startsWith("2026-11-28 11:37:28", "m001（管理员）", "退款", "预约", "3601");
            assertThat(zh.get(2)).as(format.name()).startsWith("2026-11-28 11:37:28", "s002（工作人员）", "标记已支付", "支付订单");
            assertThat(zh.get(3)).as(format.name()).startsWith("2026-11-28 11:37:28", "定时备份", "备份数据库", "数据库", "");
            // an entry recorded before roles were: the staff member as staff, as it always read
            assertThat(zh.get(4))
                    .as(format.name())
                    .startsWith("2026-11-28 11:37:28", "old01（工作人员）", "设置微信支付", "设置项", "微信支付");

            List<List<String>> en = read(trail.export(filter, format, Locale.ENGLISH), format);
            assertThat(en.get(1))
                    .as(format.name())
                    .startsWith("2026-11-28 11:37:28", "m001 (manager)", "Refunded", "Reservation", "3601");
            assertThat(en.get(2))
                    .as(format.name())
                    .startsWith("2026-11-28 11:37:28", "s002 (staff)", "Marked paid", "Pay order");
            assertThat(en.get(3))
                    .as(format.name())
                    .startsWith("2026-11-28 11:37:28", "Scheduled backup", "Database backed up", "Database", "");
            assertThat(en.get(4))
                    .as(format.name())
                    .startsWith("2026-11-28 11:37:28", "old01 (staff)", "WeChat Pay set", "Setting", "WeChat Pay");

            for (List<List<String>> sheet : List.of(zh, en)) {
                for (List<String> row : sheet.subList(1, sheet.size())) {
                    assertThat(String.join(",", row))
                            .as(format.name())
                            .doesNotContain("staff:", "system:", "MANAGER", "REFUND", "RESERVATION", "PAY_ORDER")
                            .doesNotContain("MARK_PAID", "BACKUP", "DATABASE", "SETTING", "WECHAT_PAY");
                }
            }
        }
    }

    private static List<List<String>> read(byte[] file, SheetFormat format) {
        return format == SheetFormat.XLSX ? Workbooks.text(file) : Workbooks.csv(file);
    }

    private static AuditEntry entry(String detail, String type, String id) {
        return new AuditEntry(
                7, "staff:2024001", "STAFF", "MARK_PAID", type, id, detail, LocalDateTime.of(2026, 11, 25, 9, 0));
    }
}
