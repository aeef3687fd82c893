package com.courtrush.account;

import com.courtrush.web.ApiResponse;
import com.courtrush.web.CourtRushException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: students")
@RestController
@RequestMapping("/admin/students")
class AdminStudentController {

    private final StudentDirectory directory;

    AdminStudentController(StudentDirectory directory) {
        this.directory = directory;
    }

    @Operation(summary = "Import students (JSON); all or nothing")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ApiResponse<StudentDirectory.ImportResult> importJson(@Valid @RequestBody ImportRequest request) {
        List<StudentDirectory.NewStudent> rows = request.students().stream()
                .map(s -> s == null ? null : new StudentDirectory.NewStudent(s.studentId(), s.password(), s.name()))
                .toList();
        return ApiResponse.ok(directory.importStudents(rows));
    }

    @Operation(summary = "Import students (CSV with a header row: studentId,password,name); all or nothing")
    @PostMapping(consumes = {"text/csv", MediaType.TEXT_PLAIN_VALUE})
    ApiResponse<StudentDirectory.ImportResult> importCsv(@RequestBody String csv) {
        return ApiResponse.ok(directory.importStudents(parseCsv(csv)));
    }

    static List<StudentDirectory.NewStudent> parseCsv(String csv) {
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
                    throw CourtRushException.badRequest("The CSV header must name the columns studentId,password,name.");
                }
            }
            List<StudentDirectory.NewStudent> rows = new ArrayList<>();
            for (CSVRecord record : parser) {
                rows.add(new StudentDirectory.NewStudent(value(record, "studentId"), value(record, "password"),
                        value(record, "name")));
            }
            return rows;
        } catch (IOException | IllegalArgumentException | IllegalStateException e) {
            throw CourtRushException.badRequest("The CSV cannot be read: " + e.getMessage());
        }
    }

    private static String value(CSVRecord record, String column) {
        return record.isMapped(column) && record.isSet(column) ? record.get(column) : null;
    }

    record ImportRequest(@NotNull List<StudentRow> students) {
    }

    record StudentRow(String studentId, String password, String name) {
    }
}
