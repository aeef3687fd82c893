package com.courtrush.account;

import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StudentCsvFile;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.SheetFormat;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Student lists as CSV with a header row {@code studentId,password,name} (any case, optional BOM) — or, as a
 * Chinese office writes it, {@code 学号,密码,姓名}; the two may be mixed. An optional fourth column, {@code category}
 * ({@code 身份}), says what each books as (STUDENT or FACULTY, 学生 or 教职工; SPEC §21). An Excel workbook (.xlsx) with the same
 * header is read as its CSV would be ({@link StudentSheet}).
 */
public final class StudentCsv {

    /** Each column and the headers that name it. */
    private static final Map<String, List<String>> COLUMNS = columns();

    private static Map<String, List<String>> columns() {
        Map<String, List<String>> columns = new LinkedHashMap<>();
        columns.put("studentId", List.of("studentId", "学号"));
        columns.put("password", List.of("password", "密码"));
        columns.put("name", List.of("name", "姓名"));
        columns.put("category", List.of("category", "身份"));
        return columns;
    }

    /** The columns a file must have: a category is optional (a student's when absent). */
    private static final List<String> REQUIRED = List.of("studentId", "password", "name");

    private static final Charset GB18030 = Charset.forName("GB18030");

    private StudentCsv() {}

    /**
     * A file to fill in and import back: the header in {@code locale}'s words ({@code 学号,密码,姓名} in Chinese,
     * {@code studentId,password,name} otherwise) and one example student, as CSV for spreadsheets (UTF-8 with BOM) or
     * as an Excel workbook (the student id a text cell, so that leading zeros stay).
     */
    public static byte[] template(Locale locale, SheetFormat format) {
        int words = Locale.CHINESE.getLanguage().equals(locale.getLanguage()) ? 1 : 0;
        List<String> header =
                COLUMNS.values().stream().map(names -> names.get(words)).toList();
        List<String> example = List.of(
                EngineMessages.format(locale, "import.template.studentId"),
                EngineMessages.format(locale, "import.template.password"),
                EngineMessages.format(locale, "import.template.name"),
                EngineMessages.format(locale, "import.template.category"));
        return format.write(EngineMessages.format(locale, "xlsx.sheet.students"), List.of(header, example));
    }

    /**
     * A CSV file read: its text decoded as {@link #decode} does, then parsed as {@link #parseWithLines} does. An Excel
     * workbook (.xlsx) is read too: its first sheet, with the same header, as if saved as CSV. A file {@code claimed}
     * to be a workbook (named .xlsx, sent as one) that is not one is refused as what it is — damaged or no Excel file —
     * never read as text and told about encodings. {@code claimed} may be null: the bytes decide.
     */
    public static StudentCsvFile read(byte[] file, SheetFormat claimed) {
        if (StudentSheet.isWorkbook(file)) {
            return new StudentCsvFile(SheetFormat.XLSX, null, parseWithLines(StudentSheet.asCsv(file)));
        }
        if (claimed == SheetFormat.XLSX) {
            throw CourtRushException.badRequest("import.xlsxUnreadable");
        }
        Decoded decoded = decode(file);
        return new StudentCsvFile(SheetFormat.CSV, decoded.charset(), parseWithLines(decoded.text()));
    }

    /**
     * A CSV file's text: UTF-8 (with or without a byte order mark), or else GB18030 — of which GBK, what Excel
     * saves on Chinese Windows, is a part. Decoded strictly either way: a file that is neither is refused (400)
     * naming the first line that cannot be read and what to do, never imported with mangled names.
     */
    public static Decoded decode(byte[] file) {
        int bom = file.length >= 3 && (file[0] & 0xff) == 0xEF && (file[1] & 0xff) == 0xBB && (file[2] & 0xff) == 0xBF
                ? 3
                : 0;
        ByteBuffer bytes = ByteBuffer.wrap(file, bom, file.length - bom);
        try {
            return new Decoded(strictly(StandardCharsets.UTF_8).decode(bytes).toString(), StandardCharsets.UTF_8);
        } catch (CharacterCodingException notUtf8) {
            int at = bytes.position();
            try {
                return new Decoded(
                        strictly(GB18030).decode(ByteBuffer.wrap(file)).toString(), GB18030);
            } catch (CharacterCodingException notGbk) {
                throw CourtRushException.badRequest("import.csvEncoding", lineOf(file, at));
            }
        }
    }

    private static CharsetDecoder strictly(Charset charset) {
        return charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /** The line (from 1) of a byte offset. */
    private static long lineOf(byte[] file, int offset) {
        long line = 1;
        for (int i = 0; i < Math.min(offset, file.length); i++) {
            if (file[i] == '\n') {
                line++;
            }
        }
        return line;
    }

    /** A file's text and the character set it was read in. */
    public record Decoded(String text, Charset charset) {}

    /** Parses CSV text; a bad file is a 400 with what is wrong. */
    public static List<NewStudent> parse(String csv) {
        return parseWithLines(csv).stream().map(StudentCsvLine::student).toList();
    }

    /**
     * The students of a CSV, each with the line of the file it starts on (the header is line 1), so
     * that what is wrong can be named by the line staff see in their editor. A header with a column
     * beyond studentId, password and name, or a line with more values than the header, is refused:
     * such a file is not what staff meant to import.
     */
    public static List<StudentCsvLine> parseWithLines(String csv) {
        CSVFormat format = CSVFormat.DEFAULT
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .setIgnoreHeaderCase(true)
                .setTrim(true)
                .setIgnoreEmptyLines(true)
                .get();
        String text = csv.replace("\uFEFF", "");
        try (CSVParser parser = CSVParser.parse(new StringReader(text), format)) {
            Map<String, String> headerOf = new HashMap<>(); // column -> the header naming it in this file
            List<String> extra = new ArrayList<>();
            for (String header : parser.getHeaderNames()) {
                String column = columnNamedBy(header);
                if (column == null || headerOf.putIfAbsent(column, header) != null) {
                    extra.add(header); // unknown, or a column named twice (学号 and studentId)
                }
            }
            if (!headerOf.keySet().containsAll(REQUIRED)) {
                throw CourtRushException.badRequest("import.csvHeader");
            }
            if (!extra.isEmpty()) {
                throw CourtRushException.badRequest("import.csvExtraColumns", String.join(", ", extra));
            }
            List<StudentCsvLine> rows = new ArrayList<>();
            int scanned = 0;
            long line = 1;
            for (CSVRecord record : parser) {
                // the line a record starts on: the line breaks before its first character, plus one
                for (long start = record.getCharacterPosition();
                        scanned < start && scanned < text.length();
                        scanned++) {
                    if (breaksLine(text, scanned)) {
                        line++;
                    }
                }
                // a record after blank lines starts where they do: its own line is past them
                for (;
                        scanned < text.length() && (text.charAt(scanned) == '\n' || text.charAt(scanned) == '\r');
                        scanned++) {
                    if (breaksLine(text, scanned)) {
                        line++;
                    }
                }
                if (record.size() > headerOf.size()) {
                    throw CourtRushException.badRequest("import.csvRowColumns", line, record.size());
                }
                rows.add(new StudentCsvLine(
                        line,
                        new NewStudent(
                                value(record, headerOf.get("studentId")),
                                value(record, headerOf.get("password")),
                                value(record, headerOf.get("name")),
                                Role.STUDENT,
                                headerOf.containsKey("category") ? value(record, headerOf.get("category")) : null)));
            }
            return rows;
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            throw unreadable(e);
        }
    }

    /**
     * The parser's complaint in the caller's language: its line when it names one (commons-csv writes "(line 3)",
     * "(startline 3)" or "at line: 3" into an English message), and what to do; never the English message itself.
     */
    static CourtRushException unreadable(Exception e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            Matcher line = PARSER_LINE.matcher(String.valueOf(cause.getMessage()));
            if (line.find()) {
                return CourtRushException.badRequest(
                        "import.csvUnreadableAt", Long.parseLong(line.group(1).replace(",", "")));
            }
        }
        return CourtRushException.badRequest("import.csvUnreadable");
    }

    /** "(line 3)", "(startline 3)", "at line: 1,234, position: 5" */
    private static final Pattern PARSER_LINE = Pattern.compile("(?:\\((?:start)?line |at line: )([\\d,]+)");

    /** A line ends at \n, \r\n, or a \r alone (old Mac files). */
    private static boolean breaksLine(String text, int at) {
        char c = text.charAt(at);
        return c == '\n' || c == '\r' && (at + 1 >= text.length() || text.charAt(at + 1) != '\n');
    }

    /** The column a header names (any case), or null. */
    private static String columnNamedBy(String header) {
        for (Map.Entry<String, List<String>> column : COLUMNS.entrySet()) {
            if (column.getValue().stream().anyMatch(header::equalsIgnoreCase)) {
                return column.getKey();
            }
        }
        return null;
    }

    private static String value(CSVRecord record, String column) {
        return record.isMapped(column) && record.isSet(column) ? record.get(column) : null;
    }
}
