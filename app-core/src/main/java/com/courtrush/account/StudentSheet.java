package com.courtrush.account;

import com.courtrush.core.BoundedZip;
import com.courtrush.core.CourtRushException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
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

    /**
     * How far a student list's workbook may unpack: {@code MAX_IMPORT} students take a few megabytes of sheet and
     * strings; a workbook past this holds something else (one cell of 300 MB is a bomb, not a name).
     */
    static final BoundedZip.Limits LIMITS = new BoundedZip.Limits(32L * 1024 * 1024, 200);

    /** The sheet's last row a list may use: its header, {@code MAX_IMPORT} students and as many empty rows. */
    static final int LAST_ROW = 1 + 2 * StudentDirectory.MAX_IMPORT;

    /**
     * The first sheet as CSV text; a file that is no readable workbook is refused (400), and so is one that unpacks
     * past {@link #LIMITS} or runs past {@link #LAST_ROW}, before it is parsed or while its rows are read one by one.
     */
    static String asCsv(byte[] xlsx) {
        byte[] bounded;
        try {
            bounded = BoundedZip.repacked(xlsx, LIMITS);
        } catch (BoundedZip.TooLarge e) {
            throw tooLarge();
        } catch (IOException | IllegalArgumentException e) {
            throw CourtRushException.badRequest("import.xlsxUnreadable");
        }
        StringBuilder text = new StringBuilder();
        try (ReadableWorkbook book = new ReadableWorkbook(new ByteArrayInputStream(bounded));
                Stream<Row> rows = book.getFirstSheet().openStream();
                CSVPrinter printer = new CSVPrinter(text, CSVFormat.DEFAULT)) {
            int next = 1;
            for (Row row : (Iterable<Row>) rows::iterator) {
                if (row.getRowNum() > LAST_ROW) {
                    throw tooLarge();
                }
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

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    /** A formula as Excel shows it in its bar (=A2&B2), cut short past {@link #FORMULA_SHOWN} characters. */
    private static String shown(String formula) {
        String bar = formula.startsWith("=") ? formula : "=" + formula;
        return bar.length() <= FORMULA_SHOWN ? bar : bar.substring(0, FORMULA_SHOWN) + "…";
    }

    private static final int FORMULA_SHOWN = 40;

    private static CourtRushException tooLarge() {
        return CourtRushException.badRequest(
                "import.xlsxTooLarge", LIMITS.megabytes(), StudentDirectory.MAX_IMPORT, LAST_ROW);
    }

    /**
     * A row's cells up to its last that holds something (a formatted empty cell after it is no column). A formula is
     * read as the value Excel saved with it, what Excel shows; one whose value the file does not keep (a workbook no
     * spreadsheet computed) is refused naming its cell: read as empty, it would be blamed as a missing name or id.
     */
    private static List<String> values(Row row) {
        List<String> values = new ArrayList<>();
        for (int c = 0; c < row.getCellCount(); c++) {
            Cell cell = row.getCell(c);
            if (cell != null && cell.getFormula() != null && isBlank(cell.getRawValue())) {
                throw CourtRushException.badRequest(
                        "import.xlsxFormula", cell.getAddress().toString(), shown(cell.getFormula()));
            }
            values.add(cell == null ? "" : cell.getText().strip());
        }
        while (!values.isEmpty() && values.get(values.size() - 1).isEmpty()) {
            values.remove(values.size() - 1);
        }
        return values;
    }
}
