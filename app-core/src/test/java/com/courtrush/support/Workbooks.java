package com.courtrush.support;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.CellType;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.ReadingOptions;
import org.dhatim.fastexcel.reader.Row;

/** A workbook an export wrote, opened back with fastexcel-reader as a spreadsheet would open it. */
public final class Workbooks {

    /** Cells read with their number format, as Excel shows them. */
    private static final ReadingOptions WITH_FORMATS = new ReadingOptions(true, false);

    /** Excel's date and time formats the exports use, and how each shows a date (as the CSV writes it). */
    private static final Map<String, DateTimeFormatter> DATE_FORMATS = Map.of(
            "yyyy-mm-dd", DateTimeFormatter.ofPattern("yyyy-MM-dd"),
            "hh:mm", DateTimeFormatter.ofPattern("HH:mm"),
            "hh:mm:ss", DateTimeFormatter.ofPattern("HH:mm:ss"),
            "yyyy-mm-dd hh:mm:ss", DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));

    private Workbooks() {}

    /**
     * Whether a cell is one Excel sorts and filters as a date or a time: a day number shown in a date or time format
     * (what Excel's own dates are), not text that reads like one.
     */
    public static boolean isDate(Cell cell) {
        return cell != null
                && cell.getType() == CellType.NUMBER
                && DATE_FORMATS.containsKey(String.valueOf(cell.getDataFormatString()));
    }

    /** A cell's text as Excel shows it: a date or time in its format, anything else as written. */
    public static String shown(Cell cell) {
        if (cell == null) {
            return "";
        }
        return isDate(cell) ? DATE_FORMATS.get(cell.getDataFormatString()).format(cell.asDate()) : cell.getText();
    }

    /** The first sheet's name. */
    public static String sheetName(byte[] xlsx) {
        try (ReadableWorkbook book = new ReadableWorkbook(new ByteArrayInputStream(xlsx), WITH_FORMATS)) {
            return book.getFirstSheet().getName();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first sheet's rows, each as its cells; a row the sheet lacks (an empty line) is an empty list. */
    public static List<List<Cell>> rows(byte[] xlsx) {
        try (ReadableWorkbook book = new ReadableWorkbook(new ByteArrayInputStream(xlsx), WITH_FORMATS)) {
            List<List<Cell>> rows = new ArrayList<>();
            for (Row row : book.getFirstSheet().read()) {
                while (rows.size() < row.getRowNum() - 1) {
                    rows.add(List.of());
                }
                List<Cell> cells = new ArrayList<>();
                for (int c = 0; c < row.getCellCount(); c++) {
                    cells.add(row.getCell(c));
                }
                rows.add(cells);
            }
            return rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A CSV export's rows as text, as a spreadsheet reads them (the BOM dropped); an empty line an empty list. */
    public static List<List<String>> csv(byte[] csv) {
        String text = new String(csv, StandardCharsets.UTF_8).replaceFirst("^\uFEFF", "");
        try (CSVParser parser = CSVParser.parse(text, CSVFormat.EXCEL)) {
            return parser.getRecords().stream()
                    .map(record -> record.size() == 1 && record.get(0).isEmpty() ? List.<String>of() : record.toList())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first sheet's rows as text: each cell's text as Excel shows it ({@link #shown}), an absent cell as "". */
    public static List<List<String>> text(byte[] xlsx) {
        return rows(xlsx).stream()
                .map(row -> row.stream().map(Workbooks::shown).toList())
                .toList();
    }
}
