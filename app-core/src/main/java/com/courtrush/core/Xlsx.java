package com.courtrush.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import org.dhatim.fastexcel.StyleSetter;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * The same rows as {@link Csv} as an Excel workbook (.xlsx) of one sheet, for offices that work in Excel: numbers as
 * numeric cells (money keeping its two decimals shown), dates and times as Excel's own (a day number with a date or
 * time format, so that they sort and filter as dates: a {@link LocalDate}, {@link LocalTime} or {@link LocalDateTime}
 * given, never text), text neutralised by the CSV's own rule ({@link Csv#cell}), the header row (and the header after
 * an empty line, where a second table starts) in bold and frozen at the top, columns as wide as their text.
 */
public final class Xlsx {

    /** What a workbook is served as. */
    public static final String MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

    private static final int MIN_WIDTH = 6;
    private static final int MAX_WIDTH = 60;
    private static final int SHEET_NAME_MOST = 31;
    private static final double SECONDS_A_DAY = 24 * 60 * 60;

    /** How a date, a time and a moment are shown: as the CSV writes them ({@link Csv#cell}). */
    static final String DATE_FORMAT = "yyyy-mm-dd";

    static final String TIME_FORMAT = "hh:mm";
    static final String TIME_SECONDS_FORMAT = "hh:mm:ss";
    static final String MOMENT_FORMAT = "yyyy-mm-dd hh:mm:ss";

    private Xlsx() {}

    /** The workbook: one sheet named {@code sheetName}; a null row is an empty line between tables. */
    public static byte[] write(String sheetName, List<List<?>> rows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Workbook book = new Workbook(out, "CourtRush", "1.0")) {
            Worksheet sheet = book.newWorksheet(sheetName(sheetName));
            List<Integer> widths = new ArrayList<>();
            boolean header = true;
            for (int r = 0; r < rows.size(); r++) {
                List<?> row = rows.get(r);
                if (row == null) {
                    header = true;
                    continue;
                }
                for (int c = 0; c < row.size(); c++) {
                    Object cell = Csv.cell(row.get(c));
                    String format = put(sheet, r, c, row.get(c), cell);
                    if (format != null || header) {
                        StyleSetter style = sheet.style(r, c);
                        if (format != null) {
                            style.format(format);
                        }
                        if (header) {
                            style.bold();
                        }
                        style.set();
                    }
                    widen(widths, c, cell);
                }
                header = false;
            }
            for (int c = 0; c < widths.size(); c++) {
                sheet.width(c, widths.get(c));
            }
            if (!rows.isEmpty() && rows.get(0) != null) {
                sheet.freezePane(0, 1);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write a workbook into memory", e);
        }
        return out.toByteArray();
    }

    /**
     * Writes one cell: a date, a time or a moment as Excel's day number, a number as a number, anything else as its
     * neutralised text ({@code cell}); the number format it is shown in, or null for none.
     */
    private static String put(Worksheet sheet, int r, int c, Object value, Object cell) {
        if (value instanceof LocalDate date) {
            sheet.value(r, c, date);
            return DATE_FORMAT;
        }
        if (value instanceof LocalDateTime moment) {
            sheet.value(r, c, moment);
            return MOMENT_FORMAT;
        }
        if (value instanceof LocalTime time) {
            sheet.value(r, c, time.toSecondOfDay() / SECONDS_A_DAY);
            return time.getSecond() == 0 ? TIME_FORMAT : TIME_SECONDS_FORMAT;
        }
        if (cell instanceof Number number) {
            sheet.value(r, c, number);
            return number instanceof BigDecimal decimal && decimal.scale() > 0
                    ? "0." + "0".repeat(decimal.scale())
                    : null;
        }
        if (cell != null) {
            sheet.value(r, c, cell.toString());
        }
        return null;
    }

    /** A name Excel takes for a sheet: at most 31 characters, none of {@code []:*?/\}, not blank. */
    static String sheetName(String name) {
        String clean =
                name == null ? "" : name.replaceAll("[\\[\\]:*?/\\\\]", " ").strip();
        if (clean.isEmpty()) {
            return "Sheet1";
        }
        return clean.length() > SHEET_NAME_MOST ? clean.substring(0, SHEET_NAME_MOST) : clean;
    }

    private static void widen(List<Integer> widths, int column, Object cell) {
        while (widths.size() <= column) {
            widths.add(MIN_WIDTH);
        }
        int width = Math.min(MAX_WIDTH, shown(cell) + 2);
        if (width > widths.get(column)) {
            widths.set(column, width);
        }
    }

    /** How many narrow characters a cell takes on screen: a Chinese character counts two. */
    private static int shown(Object cell) {
        if (cell == null) {
            return 0;
        }
        return cell.toString().codePoints().map(cp -> cp >= 0x1100 ? 2 : 1).sum();
    }
}
