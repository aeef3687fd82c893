package com.courtrush.account;

import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import java.util.List;
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
        return ApiResponse.ok(directory.importStudents(StudentCsv.parse(csv)));
    }

    record ImportRequest(@NotNull List<StudentRow> students) {
    }

    record StudentRow(String studentId, String password, String name) {
    }
}
