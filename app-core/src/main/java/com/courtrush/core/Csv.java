package com.courtrush.core;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * CSV as spreadsheets open it: UTF-8 with a byte-order mark (Excel then reads Chinese correctly),
 * CRLF lines; numbers written as numbers; a text cell that a spreadsheet would take for a formula
 * (starting with =, +, -, @, a tab or a carriage return) is neutralised with a leading apostrophe; dates and times
 * as Excel reads them back as its own (2026-11-25, 16:00, 2026-11-25 16:00:05). The reports and the audit trail are
 * exported so (SPEC §14).
 */
public final class Csv {

    public static final String BOM = "\uFEFF";

    private static final DateTimeFormatter MOMENT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");
    private static final DateTimeFormatter TIME_SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss");

    private Csv() {}

    /** The file: {@code header}, then each row of {@code rows}; a null row is an empty line between tables. */
    public static byte[] write(List<List<?>> rows) {
        StringWriter text = new StringWriter();
        text.write(BOM);
        try (CSVPrinter printer = new CSVPrinter(text, CSVFormat.EXCEL)) {
            for (List<?> row : rows) {
                if (row == null) {
                    printer.println();
                } else {
                    for (Object cell : row) {
                        printer.print(cell(cell));
                    }
                    printer.println();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write CSV into memory", e);
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * A cell as written: a number or null as it is; a date, a time or a moment in the form spreadsheets read as one;
     * text neutralised if a spreadsheet would run it.
     */
    public static Object cell(Object value) {
        if (value == null || value instanceof Number) {
            return value;
        }
        if (value instanceof LocalDate date) {
            return date.toString();
        }
        if (value instanceof LocalDateTime moment) {
            return MOMENT.format(moment);
        }
        if (value instanceof LocalTime time) {
            return (time.getSecond() == 0 ? TIME : TIME_SECONDS).format(time);
        }
        String text = value.toString();
        if (!text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0) {
            return "'" + text;
        }
        return text;
    }
}
