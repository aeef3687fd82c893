package com.courtrush.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.core.SheetFormat;
import com.courtrush.report.api.ExportKind;
import com.courtrush.report.api.ReportFilter;
import com.courtrush.setting.AppSettings;
import com.courtrush.support.Workbooks;
import com.courtrush.venue.api.DeskScope;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueView;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each of the finance office's exports as an Excel workbook, opened back: the CSV's own rows cell for cell (a student
 * named like a formula neutralised just as the CSV does it), its header in the asker's language, money as numbers.
 */
class ReportExportsTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 25);

    final SalesReports reports = mock(SalesReports.class);
    final AppSettings settings = mock(AppSettings.class);
    final ReportExports exports = new ReportExports(reports, settings);

    @ParameterizedTest
    @EnumSource(ExportKind.class)
    void theWorkbookHoldsTheCsvsRowsWithNumbersAsNumbers(ExportKind kind) {
        when(reports.read(DAY, DAY, ReportFilter.ALL, DeskScope.ALL)).thenReturn(lines());
        when(settings.priceCents(any())).thenAnswer(asked -> asked.getArgument(0));

        List<List<String>> csv = Workbooks.csv(
                exports.export(kind, SheetFormat.CSV, DAY, DAY, ReportFilter.ALL, DeskScope.ALL, Locale.CHINA));
        byte[] xlsx = exports.export(kind, SheetFormat.XLSX, DAY, DAY, ReportFilter.ALL, DeskScope.ALL, Locale.CHINA);

        assertThat(Workbooks.text(xlsx))
                .as("as the CSV shows it (a time never given, an empty last cell, is no cell)")
                .isEqualTo(csv.stream().map(ReportExportsTest::withoutEmptyEnd).toList());
        assertThat(Workbooks.sheetName(xlsx))
                .isEqualTo(
                        switch (kind) {
                            case REPORT -> "报表";
                            case RESERVATIONS -> "预约";
                            case PAY_ORDERS -> "支付订单";
                        });
        List<List<Cell>> cells = Workbooks.rows(xlsx);
        switch (kind) {
            case REPORT -> {
                assertThat(csv.get(0).get(0)).isEqualTo("打球日期");
                assertThat(cells.get(1).get(0))
                        .as("the play date, an Excel date")
                        .matches(Workbooks::isDate);
                assertThat(cells.get(1).get(0).asDate()).isEqualTo(DAY.atStartOfDay());
                assertThat(csv.get(1).get(0)).isEqualTo("2026-11-25");
                assertThat(cells.get(1).get(1).getType()).as("places offered").isEqualTo(CellType.NUMBER);
                assertThat(cells.get(cells.size() - 1).get(0).getText())
                        .as("a court named like a formula, in the utilisation")
                        .isEqualTo("'@Court");
                // SPEC §21: by venue and sport, and the money by who booked (the faculty member's booking, paid)
                assertThat(csv).contains(List.of("场馆", "运动项目", "开放名额", "持有", "使用率（%）", "爽约", "净收入（元）"));
                assertThat(csv).contains(List.of("东区体育馆", "羽毛球", "2", "1", "50.0", "0", "30.00"));
                assertThat(csv).contains(List.of("教职工", "1", "1", "30.00", "0.00", "30.00"));
                assertThat(csv).contains(List.of("学生", "1", "0", "0.00", "0.00", "0.00"));
            }
            case RESERVATIONS -> {
                // issue 76: 打球日期, 开始/结束 and 预约时间 were text, which Excel sorts and filters as text
                assertThat(csv.get(0).get(1)).isEqualTo("打球日期");
                assertThat(csv.get(0).get(12)).isEqualTo("预约时间");
                assertThat(List.of(1, 3, 4, 12))
                        .allSatisfy(c -> assertThat(cells.get(1).get(c))
                                .as("column %d, an Excel date or time", c)
                                .matches(Workbooks::isDate));
                assertThat(cells.get(1).get(1).asDate()).isEqualTo(DAY.atStartOfDay());
                assertThat(cells.get(1).get(3).asDate().toLocalTime()).isEqualTo(LocalTime.of(8, 0));
                assertThat(cells.get(1).get(12).asDate()).isEqualTo(LocalDateTime.of(2026, 11, 24, 7, 0, 0));
                assertThat(csv.get(1).subList(3, 5)).containsExactly("08:00", "09:00");
                assertThat(csv.get(1).get(12)).isEqualTo("2026-11-24 07:00:00");
                assertThat(csv.get(1).get(6)).isEqualTo("'=HYPERLINK(\"http://x\",\"y\")");
                assertThat(csv.get(2).get(6)).isEqualTo("'+1");
                assertThat(cells.get(1).get(0).getType())
                        .as("the reservation's number")
                        .isEqualTo(CellType.NUMBER);
                assertThat(cells.get(1).get(9).asNumber())
                        .as("the price in yuan it was granted at (faculty's), not the slot's")
                        .isEqualByComparingTo("30");
                assertThat(csv.get(1).get(13)).as("what it was booked as").isEqualTo("教职工");
                assertThat(cells.get(1).get(5).getType())
                        .as("a student id stays text")
                        .isEqualTo(CellType.STRING);
            }
            case PAY_ORDERS -> {
                assertThat(csv.get(0)).startsWith("订单号");
                assertThat(csv.get(1).get(3)).isEqualTo("'=HYPERLINK(\"http://x\",\"y\")");
                assertThat(cells.get(1).get(7).asNumber()).isEqualByComparingTo("30");
                assertThat(List.of(4, 6, 9, 10))
                        .allSatisfy(c -> assertThat(cells.get(1).get(c))
                                .as("column %d, an Excel date or time", c)
                                .matches(Workbooks::isDate));
                assertThat(cells.get(1).get(10).asDate()).isEqualTo(DAY.atTime(7, 0, 30));
            }
        }
    }

    private static SalesReports.Lines lines() {
        ReportMapper.SlotLine slot = new ReportMapper.SlotLine();
        slot.setId(1);
        slot.setCourtId(3);
        slot.setCourtName("@Court");
        slot.setVenueId(2);
        slot.setSport("BADMINTON");
        slot.setSlotDate(DAY);
        slot.setStartTime(LocalTime.of(8, 0));
        slot.setEndTime(LocalTime.of(9, 0));
        slot.setCapacity(2);
        slot.setActive(true);
        slot.setPriceCents(2000);
        ReportMapper.ReservationLine paid = reservation(11, "CONFIRMED", null, "=HYPERLINK(\"http://x\",\"y\")");
        paid.setPriceCents(3000);
        paid.setCategory("FACULTY");
        ReportMapper.ReservationLine cancelled = reservation(12, "CANCELLED", "USER", "+1");
        ReportMapper.PayLine order = new ReportMapper.PayLine();
        order.setId(5);
        order.setOutTradeNo("CR2611250000000011");
        order.setReservationId(11);
        order.setAmountCents(3000);
        order.setStatus("SUCCESS");
        order.setCreateTime(DAY.atTime(7, 0, 1));
        order.setPaidTime(DAY.atTime(7, 0, 30));
        return new SalesReports.Lines(
                List.of(slot),
                List.of(paid, cancelled),
                List.of(order),
                List.of(),
                Map.of(2L, new VenueView(2, "东区体育馆", "East gym", "", null, null, true, List.of())),
                Map.of("BADMINTON", new SportView("BADMINTON", "羽毛球", "Badminton", 60, 1, null, null)));
    }

    private static ReportMapper.ReservationLine reservation(long id, String status, String reason, String name) {
        ReportMapper.ReservationLine line = new ReportMapper.ReservationLine();
        line.setId(id);
        line.setSlotId(1);
        line.setStatus(status);
        line.setCancelReason(reason);
        line.setStudentId("20240" + id);
        line.setStudentName(name);
        line.setCreateTime(LocalDateTime.of(2026, 11, 24, 7, 0, 0));
        return line;
    }

    private static List<String> withoutEmptyEnd(List<String> row) {
        int end = row.size();
        while (end > 0 && row.get(end - 1).isEmpty()) {
            end--;
        }
        return row.subList(0, end);
    }
}
