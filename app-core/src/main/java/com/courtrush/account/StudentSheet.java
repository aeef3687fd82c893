package com.courtrush.account;

import com.courtrush.core.CourtRushException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.dhatim.fastexcel.reader.Cell;
import org.dhatim.fastexcel.reader.ReadableWorkbook;
import org.dhatim.fastexcel.reader.Row;

/**
 * A student list saved by Excel as a workbook (.xlsx): its first sheet turned into the CSV text the import reads, a
 * row of the sheet a line of the text (so a bad row is named by the row staff see), each cell as Excel shows it
 * unformatted (a student id typed as a number comes as its digits).
 */
final class StudentSheet {

    private StudentSheet() {}

    /** Whether the bytes are a workbook (a zip, as .xlsx files are) rather than text. */
    static boolean isWorkbook(byte[] file) {
        return ReadableWorkbook.isOOXMLZipHeader(file);
    }

    /** The first sheet as CSV text; a file that is no readable workbook is refused (400). */
    static String asCsv(byte[] xlsx) {
        StringBuilder text = new StringBuilder();
        try (ReadableWorkbook book = new ReadableWorkbook(new ByteArrayInputStream(xlsx));
                CSVPrinter printer = new CSVPrinter(text, CSVFormat.DEFAULT)) {
            int next = 1;
            for (Row row : book.getFirstSheet().read()) {
                for (; next < row.getRowNum(); next++) {
                    printer.println(); // a row the sheet lacks: an empty line, so the rows keep their numbers
                }
                printer.printRecord(values(row));
                next++;
            }
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            throw CourtRushException.badRequest("import.xlsxUnreadable");
        }
        return text.toString();
    }

    /** A row's cells up to its last that holds something (a formatted empty cell after it is no column). */
    private static List<String> values(Row row) {
        List<String> values = new ArrayList<>();
        for (int c = 0; c < row.getCellCount(); c++) {
            Cell cell = row.getCell(c);
            values.add(cell == null ? "" : cell.getText().strip());
        }
        while (!values.isEmpty() && values.get(values.size() - 1).isEmpty()) {
            values.remove(values.size() - 1);
        }
        return values;
    }
}
