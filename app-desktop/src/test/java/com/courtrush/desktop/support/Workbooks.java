package com.courtrush.desktop.support;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;

/** A workbook the console saved, opened back with fastexcel-reader as a spreadsheet would open it. */
public final class Workbooks {

    private Workbooks() {}

    /** The first sheet's name. */
    public static String sheetName(byte[] xlsx) {
        try (ReadableWorkbook book = new ReadableWorkbook(new ByteArrayInputStream(xlsx))) {
            return book.getFirstSheet().getName();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first sheet's rows, each as its cells (an absent one null); a row the sheet lacks is an empty list. */
    public static List<List<Cell>> rows(byte[] xlsx) {
        try (ReadableWorkbook book = new ReadableWorkbook(new ByteArrayInputStream(xlsx))) {
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

    /** The first sheet's rows as text: each cell's text, an absent cell as "". */
    public static List<List<String>> text(byte[] xlsx) {
        return rows(xlsx).stream()
                .map(row -> row.stream()
                        .map(cell -> cell == null ? "" : cell.getText())
                        .toList())
                .toList();
    }
}
