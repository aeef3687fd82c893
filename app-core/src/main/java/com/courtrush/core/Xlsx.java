package com.courtrush.core;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.dhatim.fastexcel.Workbook;
import org.dhatim.fastexcel.Worksheet;

/**
 * The same rows as {@link Csv} as an Excel workbook (.xlsx) of one sheet, for offices that work in Excel: numbers as
 * numeric cells (money keeping its two decimals shown), text neutralised by the CSV's own rule ({@link Csv#cell}), the header row (and the header after an
 * empty line, where a second table starts) in bold and frozen at the top, columns as wide as their text.
 */
public final class Xlsx {

    /** What a workbook is served as. */
    public static final String MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

    private static final int MIN_WIDTH = 6;
    private static final int MAX_WIDTH = 60;
    private static final int SHEET_NAME_MOST = 31;

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
                    if (cell instanceof Number number) {
                        sheet.value(r, c, number);
                        if (number instanceof BigDecimal decimal && decimal.scale() > 0) {
                            sheet.style(r, c)
                                    .format("0." + "0".repeat(decimal.scale()))
                                    .set();
                        }
                    } else if (cell != null) {
                        sheet.value(r, c, cell.toString());
                    }
                    if (header) {
                        sheet.style(r, c).bold().set();
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
