package com.courtrush.support;

import com.courtrush.core.Xlsx;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveInputStream;

/**
 * Student lists as Excel workbooks (.xlsx) whose first sheet is written here, as Excel writes one: the small ones a
 * test needs, and bombs — a few hundred kilobytes that unpack to hundreds of megabytes (issue 73). The sheet's XML is
 * streamed into the zip, so a bomb is never whole in the test's heap either.
 */
public final class WorkbookBombs {

    private static final String SHEET = "xl/worksheets/sheet1.xml";
    private static final int MB = 1024 * 1024;

    /** What streams a sheet's rows into the zip. */
    @FunctionalInterface
    public interface Rows {
        void write(OutputStream sheet) throws IOException;
    }

    private WorkbookBombs() {}

    /** A workbook whose one data cell holds {@code megabytes} of letters. */
    public static byte[] oneHugeCell(int megabytes) throws IOException {
        return withSheet(out -> {
            out.write(ascii("<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>studentId</t></is></c></row>"
                    + "<row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>"));
            byte[] letters = "A".repeat(MB).getBytes(StandardCharsets.US_ASCII);
            for (int i = 0; i < megabytes; i++) {
                out.write(letters);
            }
            out.write(ascii("</t></is></c></row>"));
        });
    }

    /** A workbook of the same row again and again, {@code megabytes} of them (rows need not be numbered). */
    public static byte[] endlessRows(int megabytes) throws IOException {
        return withSheet(out -> {
            byte[] rows = "<row><c t=\"inlineStr\"><is><t>2024001</t></is></c></row>"
                    .repeat(16 * 1024)
                    .getBytes(StandardCharsets.US_ASCII);
            for (long written = 0; written < (long) megabytes * MB; written += rows.length) {
                out.write(rows);
            }
        });
    }

    /** A workbook whose first sheet holds {@code rows}, the sheet's XML as Excel writes it. */
    public static byte[] withSheet(String rows) throws IOException {
        return withSheet(out -> out.write(rows.getBytes(StandardCharsets.UTF_8)));
    }

    /** A workbook (written by the engine's own {@link Xlsx}) with its first sheet's rows streamed by {@code rows}. */
    public static byte[] withSheet(Rows rows) throws IOException {
        byte[] workbook = Xlsx.write("students", List.of(List.of("studentId", "password", "name")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        // the stream the workbook's reader uses: the JDK's refuses the descriptors fastexcel writes
        try (ZipArchiveInputStream in =
                        new ZipArchiveInputStream(new ByteArrayInputStream(workbook), "UTF-8", true, true);
                ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.setLevel(Deflater.BEST_COMPRESSION);
            for (ZipArchiveEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                zip.putNextEntry(new ZipEntry(entry.getName()));
                if (entry.getName().equals(SHEET)) {
                    zip.write(ascii("<?xml version=\"1.0\" encoding=\"UTF-8\"?><worksheet xmlns=\"http://schemas"
                            + ".openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"));
                    rows.write(zip);
                    zip.write(ascii("</sheetData></worksheet>"));
                } else {
                    in.transferTo(zip);
                }
                zip.closeEntry();
            }
        }
        return out.toByteArray();
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
