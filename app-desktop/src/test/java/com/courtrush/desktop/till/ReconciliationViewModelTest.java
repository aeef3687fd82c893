package com.courtrush.desktop.till;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.pay.api.ReconciliationView;
import com.courtrush.pay.desk.WechatPayDesk;
import com.courtrush.support.Workbooks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A WeChat Pay bill reconciliation saved for the finance office: as an Excel workbook first, or as CSV. */
class ReconciliationViewModelTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 26);
    static final Caller MANAGER = Caller.atDesk(7, "m01", Role.MANAGER);

    final WechatPayDesk wechatPay = mock(WechatPayDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final ReconciliationViewModel model = new ReconciliationViewModel(
            wechatPay, MANAGER, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), DAY);

    @TempDir
    Path folder;

    @Test
    void theRunShownIsSavedAsAWorkbookOrAsCsvByTheNameChosen() throws Exception {
        ReconciliationView run = new ReconciliationView(
                3,
                DAY,
                DAY.plusDays(1).atTime(10, 0),
                "system:reconciler",
                "DONE",
                1,
                1,
                0,
                0,
                null,
                List.of(
                        new ReconciliationView.Item("PAYMENT", "4200001", "CR1", 2000, 2000, "MATCHED"),
                        new ReconciliationView.Item("PAYMENT", "=1+1", "CR2", null, 3050, "ONLY_THERE")));
        when(wechatPay.reconciliation(3, MANAGER)).thenReturn(run);
        model.pick(run);
        assertThat(model.exportName()).isEqualTo("reconciliation-2026-11-26.xlsx");

        model.export(folder.resolve("reconciliation-2026-11-26.xlsx"));
        model.export(folder.resolve("reconciliation-2026-11-26.csv"));

        byte[] xlsx = Files.readAllBytes(folder.resolve("reconciliation-2026-11-26.xlsx"));
        List<List<Cell>> rows = Workbooks.rows(xlsx);
        assertThat(Workbooks.sheetName(xlsx)).isEqualTo("Reconciliation");
        assertThat(rows.get(0).get(0).getText()).isEqualTo("Reconciliation with WeChat Pay's bill");
        assertThat(rows.get(0).get(1)).as("the bill's day, an Excel date").matches(Workbooks::isDate);
        assertThat(rows.get(3).get(3).getType()).isEqualTo(CellType.NUMBER);
        assertThat(rows.get(3).get(3).asNumber()).isEqualByComparingTo("20.00");
        assertThat(Workbooks.text(xlsx).get(4))
                .containsExactly("Payment", "'=1+1", "CR2", "", "30.50", "Only at WeChat Pay");
        assertThat(Files.readString(folder.resolve("reconciliation-2026-11-26.csv"), StandardCharsets.UTF_8))
                .startsWith("\uFEFF")
                .contains("Payment,'=1+1,CR2,,30.50,Only at WeChat Pay");
    }
}
