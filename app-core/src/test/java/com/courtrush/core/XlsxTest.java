package com.courtrush.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.Workbooks;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workbook beside the CSV: the same rows, the same neutralised text, numbers as numbers, a bold header. */
class XlsxTest {

    @TempDir
    Path folder;

    static final List<String> FORMULAS =
            List.of("=HYPERLINK(\"http://x\",\"y\")", "+1", "-2", "@SUM(A1:A2)", "\tTab", "\rReturn");

    @Test
    void formulaLookingTextComesBackNeutralisedExactlyAsTheCsvWritesIt() throws Exception {
        List<List<?>> rows = new java.util.ArrayList<>();
        rows.add(List.of("name", "note"));
        FORMULAS.forEach(text -> rows.add(List.of(text, "plain " + text)));

        List<List<String>> sheet = Workbooks.text(Xlsx.write("Students", rows));
        List<CSVRecord> csv = CSVFormat.EXCEL
                .parse(new StringReader(new String(Csv.write(rows), StandardCharsets.UTF_8).substring(1)))
                .getRecords();

        assertThat(sheet).hasSize(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            assertThat(sheet.get(r))
                    .as("row %d as the CSV has it", r)
                    .isEqualTo(csv.get(r).toList());
        }
        assertThat(sheet.get(1).get(0)).isEqualTo("'=HYPERLINK(\"http://x\",\"y\")");
        assertThat(sheet.get(2).get(0)).isEqualTo("'+1");
        assertThat(sheet.get(4).get(0)).isEqualTo("'@SUM(A1:A2)");
        assertThat(sheet.get(1).get(1))
                .as("only a leading sign runs")
                .isEqualTo("plain =HYPERLINK(\"http://x\",\"y\")");
    }

    @Test
    void numbersAreNumericCellsTextStaysTextAndAnEmptyLineSeparatesTables() throws Exception {
        List<List<?>> rows = Arrays.asList(
                List.of("day", "sold", "revenueYuan"),
                Arrays.asList("2026-11-25", 5, new BigDecimal("40.50")),
                Arrays.asList("合计", 5L, null),
                null,
                List.of("court", "percent"),
                List.of("2024001", 12.5));

        byte[] xlsx = Xlsx.write("报表", rows);
        List<List<Cell>> cells = Workbooks.rows(xlsx);

        assertThat(Workbooks.sheetName(xlsx)).isEqualTo("报表");
        assertThat(cells.get(1).get(1).getType()).isEqualTo(CellType.NUMBER);
        assertThat(cells.get(1).get(1).asNumber()).isEqualByComparingTo("5");
        assertThat(cells.get(1).get(2).asNumber()).isEqualByComparingTo("40.50");
        assertThat(cells.get(1).get(0).getType()).isEqualTo(CellType.STRING);
        assertThat(cells.get(2).get(0).getText()).isEqualTo("合计");
        assertThat(cells.get(3)).as("the empty line between the tables").isEmpty();
        assertThat(cells.get(4).get(0).getText()).isEqualTo("court");
        assertThat(cells.get(5).get(0).getType())
                .as("a student id of digits is text, as given")
                .isEqualTo(CellType.STRING);
        assertThat(cells.get(5).get(1).asNumber()).isEqualByComparingTo("12.5");

        String sheetXml = entry(xlsx, "xl/worksheets/sheet1.xml");
        assertThat(sheetXml).as("columns sized to their text").contains("<col ").contains("customWidth=\"true\"");
        assertThat(sheetXml).as("the header stays in view").contains("ySplit=\"1\"");
        assertThat(entry(xlsx, "xl/styles.xml"))
                .as("a bold font for the headers")
                .contains("<b");
        int headerStyle = styleOf(sheetXml, "A1");
        assertThat(headerStyle).isPositive().isEqualTo(styleOf(sheetXml, "A5")).isNotEqualTo(styleOf(sheetXml, "A2"));
    }

    @Test
    void aSheetNameIsMadeOneExcelTakes() {
        assertThat(Xlsx.sheetName("a/b:c*d?[e]")).isEqualTo("a b c d  e");
        assertThat(Xlsx.sheetName("x".repeat(40))).hasSize(31);
        assertThat(Xlsx.sheetName(" ")).isEqualTo("Sheet1");
    }

    @Test
    void theFormatIsTakenFromAFilesExtension() {
        assertThat(SheetFormat.ofFileName("Report.XLSX")).contains(SheetFormat.XLSX);
        assertThat(SheetFormat.ofFileName("report.csv")).contains(SheetFormat.CSV);
        assertThat(SheetFormat.ofFileName("report")).isEmpty();
        assertThat(SheetFormat.XLSX.fileName("courtrush-audit")).isEqualTo("courtrush-audit.xlsx");
        assertThat(new String(SheetFormat.CSV.write("x", List.of(List.of("a"))), StandardCharsets.UTF_8))
                .isEqualTo(Csv.BOM + "a\r\n");
    }

    private static int styleOf(String sheetXml, String ref) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("<c r=\"" + ref + "\"[^>]*?s=\"(\\d+)\"")
                .matcher(sheetXml);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private String entry(byte[] xlsx, String name) throws Exception {
        Path file = Files.write(folder.resolve("book.xlsx"), xlsx);
        try (ZipFile zip = new ZipFile(file.toFile())) {
            ZipEntry entry = zip.getEntry(name);
            assertThat(entry).as(name).isNotNull();
            return new String(zip.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Issue 76: dates and times were written as text, which Excel sorts and filters as text. A date, a time and a
     * moment are Excel's own (a day number with a date format), shown as the CSV writes them; in a header row too.
     */
    @Test
    void datesAndTimesAreExcelDatesShownAsTheCsvWritesThem() {
        java.time.LocalDate day = java.time.LocalDate.of(2026, 11, 25);
        java.time.LocalDateTime moment = day.atTime(16, 0, 5);
        List<List<?>> rows = Arrays.asList(
                List.of("title", day),
                null,
                List.of("day", "start", "at", "end"),
                List.of(day, java.time.LocalTime.of(16, 0), moment, java.time.LocalTime.of(17, 0, 30)));

        byte[] xlsx = Xlsx.write("x", rows);
        List<List<Cell>> cells = Workbooks.rows(xlsx);

        assertThat(cells.get(0).get(1)).as("a date in a bold title row").matches(Workbooks::isDate);
        assertThat(cells.get(3)).allSatisfy(cell -> assertThat(cell).matches(Workbooks::isDate));
        assertThat(cells.get(3).get(0).asDate()).isEqualTo(day.atStartOfDay());
        assertThat(cells.get(3).get(2).asDate()).isEqualTo(moment);
        assertThat(Workbooks.text(xlsx).get(3))
                .containsExactly("2026-11-25", "16:00", "2026-11-25 16:00:05", "17:00:30");
        assertThat(Workbooks.csv(Csv.write(rows)).get(3))
                .containsExactly("2026-11-25", "16:00", "2026-11-25 16:00:05", "17:00:30");
    }
}
