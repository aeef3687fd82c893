package com.courtrush.account;

import com.courtrush.web.CourtRushException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/** Student lists as CSV with a header row {@code studentId,password,name} (any case, optional BOM). */
public final class StudentCsv {

    private StudentCsv() {
    }

    /** Parses CSV text; a bad file is a 400 with what is wrong. */
    public static List<StudentDirectory.NewStudent> parse(String csv) {
        CSVFormat format = CSVFormat.DEFAULT.builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .setIgnoreHeaderCase(true)
                .setTrim(true)
                .setIgnoreEmptyLines(true)
                .get();
        try (CSVParser parser = CSVParser.parse(new StringReader(csv.strip().replace("\uFEFF", "")), format)) {
            for (String column : List.of("studentId", "password", "name")) {
                if (!parser.getHeaderMap().keySet().stream().anyMatch(h -> h.equalsIgnoreCase(column))) {
                    throw CourtRushException.badRequest("import.csvHeader");
                }
            }
            List<StudentDirectory.NewStudent> rows = new ArrayList<>();
            for (CSVRecord record : parser) {
                rows.add(new StudentDirectory.NewStudent(value(record, "studentId"), value(record, "password"),
                        value(record, "name")));
            }
            return rows;
        } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            throw CourtRushException.badRequest("import.csvUnreadable", e.getMessage());
        }
    }

    private static String value(CSVRecord record, String column) {
        return record.isMapped(column) && record.isSet(column) ? record.get(column) : null;
    }
}
