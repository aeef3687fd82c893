package com.courtrush.desktop.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.audit.api.AuditFilter;
import com.courtrush.audit.api.AuditPage;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.core.Csv;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.support.Workbooks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

class AuditViewModelTest {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 25);

    final AuditDesk desk = mock(AuditDesk.class);
    final RecordingNotices notices = new RecordingNotices();

    @TempDir
    Path folder;

    @Test
    void theLastWeekIsShownNewestFirstThenFilteredByWhoAndWhat() {
        AuditViewModel model = model(I18n.ENGLISH);
        when(desk.staffActors()).thenReturn(List.of("admin", "staff:2024001"));
        when(desk.actions()).thenReturn(List.of("MARK_PAID", "REFUND"));
        when(desk.find(any(), any())).thenReturn(new AuditPage(List.of(markPaid(null)), 1, false));

        model.load();
        assertThat(model.actors()).containsExactly(AuditViewModel.ALL, "admin", "staff:2024001");
        assertThat(model.actions()).containsExactly(AuditViewModel.ALL, "MARK_PAID", "REFUND");
        assertThat(model.rows()).hasSize(1);
        assertThat(model.summaryProperty().get()).isEqualTo("Showing 1 of 1 entries, newest first.");
        assertThat(filterAsked()).isEqualTo(new AuditFilter(null, null, null, null, TODAY.minusDays(6), TODAY));

        model.actorProperty().set("staff:2024001");
        model.actionProperty().set("MARK_PAID");
        model.fromProperty().set(TODAY);
        model.find();
        assertThat(filterAsked()).isEqualTo(new AuditFilter(null, null, "staff:2024001", "MARK_PAID", TODAY, TODAY));
        assertThat(model.labels().who("staff:2024001")).isEqualTo("2024001 (staff)");
        assertThat(model.labels().who("admin")).isEqualTo("Admin token");
        assertThat(model.labels().what("MARK_PAID")).isEqualTo("Marked paid");
        assertThat(model.fileName()).isEqualTo("courtrush-audit-2026-11-25.xlsx");
    }

    /** A manager's choice of the Who filter reads as one, as the manager's entries do (the role their account has). */
    @Test
    void aManagerInTheWhoFilterReadsAsAManagerInBothLanguages() {
        when(desk.staffActors()).thenReturn(List.of("staff:2024001", "staff:m001"));
        when(desk.staffRoles()).thenReturn(Map.of("staff:m001", "MANAGER", "staff:2024001", "STAFF"));
        when(desk.find(any(), any())).thenReturn(new AuditPage(List.of(), 0, false));

        AuditViewModel chinese = model(I18n.CHINESE);
        chinese.load();
        assertThat(chinese.labels().who("staff:m001")).isEqualTo("m001（管理员）");
        assertThat(chinese.labels().who("staff:2024001")).isEqualTo("2024001（工作人员）");
        AuditViewModel english = model(I18n.ENGLISH);
        english.load();
        assertThat(english.labels().who("staff:m001")).isEqualTo("m001 (manager)");
        assertThat(english.labels().who("staff:gone")).as("no account now").isEqualTo("gone (staff)");
    }

    @Test
    void theExportIsTheFiltersEntriesInTheConsolesLanguageForASpreadsheet() throws Exception {
        AuditViewModel model = model(I18n.CHINESE);
        AuditEntry formula = markPaid("=HYPERLINK(\"http://x\")");
        when(desk.all(any(), any())).thenReturn(List.of(markPaid(null), formula));
        Path file = folder.resolve("audit.csv");

        model.export(file);
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(text).startsWith(Csv.BOM);
        List<String> lines = text.substring(1).lines().toList();
        assertThat(lines.get(0)).isEqualTo("时间,操作人,操作,对象,详情");
        assertThat(lines.get(1))
                .startsWith("2026-11-25 18:02:07,2024001（工作人员）,")
                .contains("预约 42");
        assertThat(lines.get(2)).as("a formula is text").contains("'=HYPERLINK");
        assertThat(notices.infos).anyMatch(info -> info.contains(file.toString()));
    }

    @Test
    void savedAsAWorkbookTheExportHoldsTheSameRowsWithTheFormulaNeutralisedAsInTheCsv() throws Exception {
        AuditViewModel model = model(I18n.CHINESE);
        when(desk.all(any(), any())).thenReturn(List.of(markPaid(null), markPaid("=HYPERLINK(\"http://x\")")));
        Path xlsx = folder.resolve("audit.xlsx");
        Path csv = folder.resolve("audit.csv");

        model.export(xlsx);
        model.export(csv);

        List<List<String>> rows = Workbooks.text(Files.readAllBytes(xlsx));
        List<String> csvLines = Files.readString(csv, StandardCharsets.UTF_8)
                .substring(1)
                .lines()
                .toList();
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).containsExactly("时间", "操作人", "操作", "对象", "详情");
        assertThat(String.join(",", rows.get(0))).isEqualTo(csvLines.get(0));
        assertThat(rows.get(2).get(4)).isEqualTo("'=HYPERLINK(\"http://x\")");
        // issue 76: 时间 was text, which Excel sorts and filters as text
        assertThat(Workbooks.rows(Files.readAllBytes(xlsx)).get(1).get(0))
                .as("the time, an Excel date")
                .matches(Workbooks::isDate);
        assertThat(rows.get(1).get(0))
                .isEqualTo(csvLines.get(1).substring(0, csvLines.get(1).indexOf(',')));
        assertThat(csvLines.get(2)).endsWith(",\"'=HYPERLINK(\"\"http://x\"\")\"");
        assertThat(Workbooks.sheetName(Files.readAllBytes(xlsx))).isEqualTo("审计日志");
    }

    private AuditViewModel model(java.util.Locale locale) {
        return new AuditViewModel(desk, new DirectUiTasks(notices), notices, I18n.of(locale), TODAY);
    }

    private AuditFilter filterAsked() {
        ArgumentCaptor<AuditFilter> asked = ArgumentCaptor.forClass(AuditFilter.class);
        verify(desk, org.mockito.Mockito.atLeastOnce()).find(asked.capture(), eq(I18n.ENGLISH));
        return asked.getValue();
    }

    private static AuditEntry markPaid(String detail) {
        return new AuditEntry(
                7,
                "staff:2024001",
                "STAFF",
                "MARK_PAID",
                "RESERVATION",
                "42",
                detail,
                LocalDateTime.of(2026, 11, 25, 18, 2, 7));
    }
}
