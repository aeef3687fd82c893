package com.courtrush.account;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.account.api.ImportResult;
import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.account.api.StudentPage;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.core.SheetFormat;
import com.courtrush.core.Xlsx;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.io.IOException;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

@Tag(name = "Admin: students")
@RestController
@RequestMapping("/admin/students")
class AdminStudentController {

    private final StudentDesk students;

    AdminStudentController(StudentDesk students) {
        this.students = students;
    }

    @Operation(summary = "Import students (JSON); all or nothing")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ApiResponse<ImportResult> importJson(
            @Valid @RequestBody ImportRequest request, @AuthenticationPrincipal Caller caller) {
        List<NewStudent> rows = request.students().stream()
                .map(s -> s == null
                        ? null
                        : new NewStudent(s.studentId(), s.password(), s.name(), Role.STUDENT, s.category()))
                .toList();
        return ApiResponse.ok(students.importStudents(StudentCsvLine.numbered(rows), null, caller));
    }

    @Operation(
            summary =
                    "Import students (CSV with a header row: studentId,password,name or 学号,密码,姓名; UTF-8 or GBK/GB18030, "
                            + "as Excel saves it); all or nothing")
    @PostMapping(consumes = {"text/csv", MediaType.TEXT_PLAIN_VALUE})
    ApiResponse<ImportResult> importCsv(
            @RequestBody byte[] csv,
            @RequestParam(required = false) @Size(max = 255) String fileName,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(students.importStudents(lines(csv, SheetFormat.CSV), fileName, caller));
    }

    @Operation(
            summary =
                    "Import students from a CSV file or an Excel workbook (.xlsx) sent as the multipart part \"file\" "
                            + "(as the CSV and .xlsx imports read them); the audit trail names the file")
    @PostMapping(consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ApiResponse<ImportResult> importFile(
            @RequestPart("file") MultipartFile file, @AuthenticationPrincipal Caller caller) throws IOException {
        SheetFormat claimed = Xlsx.MEDIA_TYPE.equals(file.getContentType())
                ? SheetFormat.XLSX
                : SheetFormat.ofFileName(String.valueOf(file.getOriginalFilename()))
                        .orElse(null);
        return ApiResponse.ok(
                students.importStudents(lines(file.getBytes(), claimed), file.getOriginalFilename(), caller));
    }

    @Operation(
            summary = "Import students from an Excel workbook (.xlsx): its first sheet, with the CSV's header row "
                    + "(studentId,password,name or 学号,密码,姓名); all or nothing")
    @PostMapping(consumes = Xlsx.MEDIA_TYPE)
    ApiResponse<ImportResult> importXlsx(
            @RequestBody byte[] workbook,
            @RequestParam(required = false) @Size(max = 255) String fileName,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(students.importStudents(lines(workbook, SheetFormat.XLSX), fileName, caller));
    }

    /**
     * The students of a CSV file or an Excel workbook as the console's import reads them, each with its line in the
     * file, which an error names; {@code claimed} what the request says the file is (null: it does not say).
     */
    private static List<StudentCsvLine> lines(byte[] file, SheetFormat claimed) {
        return StudentDesk.readFile(file, claimed).lines();
    }

    @Operation(summary = "Students (and staff accounts), by student id; q searches id and name")
    @GetMapping
    ApiResponse<StudentPage> list(
            @RequestParam(required = false) @Size(max = 64) String q,
            @RequestParam(defaultValue = "1") @Positive int page,
            @RequestParam(defaultValue = "100") @Positive @Max(1000) int size) {
        return ApiResponse.ok(students.list(q, page, size));
    }

    @Operation(
            summary =
                    "Accounts the campus directory made and no longer lets in (graduates, staff who left its groups), "
                            + "the latest first: their tokens ended, their paid bookings stand, they book no more")
    @GetMapping("/left-directory")
    ApiResponse<List<DirectoryLeaver>> leftTheDirectory() {
        return ApiResponse.ok(students.leftTheDirectory());
    }

    @Operation(summary = "Set a student's password; every token of theirs stops working, on every node")
    @PostMapping("/{id}/password")
    ApiResponse<Void> resetPassword(
            @PathVariable @Positive long id,
            @Valid @RequestBody NewPassword request,
            @AuthenticationPrincipal Caller caller) {
        students.resetPassword(id, request.password(), caller);
        return ApiResponse.ok(null);
    }

    @Operation(summary = "Enable or disable an account; disabling ends its sessions on every node")
    @PostMapping("/{id}/active")
    ApiResponse<Student> setActive(
            @PathVariable @Positive long id,
            @Valid @RequestBody Activity request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(students.setActive(id, request.active(), caller));
    }

    @Operation(summary = "Set what a student books as (STUDENT or FACULTY): their prices and venues, tokens kept")
    @PostMapping("/{id}/category")
    ApiResponse<Student> setCategory(
            @PathVariable @Positive long id,
            @RequestBody CategoryChange request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(students.setCategory(id, request.category(), caller));
    }

    /** Checked on the desk, after the caller: a staff member is refused as such whatever they sent. */
    record CategoryChange(Category category) {}

    record NewPassword(@NotNull @Size(max = 128) String password) {}

    record Activity(@NotNull Boolean active) {}

    record ImportRequest(@NotNull List<StudentRow> students) {}

    /** @param category what the student books as: STUDENT (or absent) or FACULTY (SPEC §21) */
    record StudentRow(String studentId, String password, String name, String category) {}
}
