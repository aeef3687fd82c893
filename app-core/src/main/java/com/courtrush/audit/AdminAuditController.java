package com.courtrush.audit;

import com.courtrush.audit.api.AuditFilter;
import com.courtrush.audit.api.AuditPage;
import com.courtrush.audit.desk.AuditDesk;
import com.courtrush.core.SheetFormat;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.LocalDate;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: audit", description = "Who did what, when: staff, the console, the engine's own jobs")
@RestController
@RequestMapping("/admin/audit")
class AdminAuditController {

    private final AuditDesk audit;

    AdminAuditController(AuditDesk audit) {
        this.audit = audit;
    }

    @Operation(
            summary = "The audit trail, newest first, filtered by target (RESERVATION + id, USER + student id, "
                    + "SLOT, SESSION, PAY_ORDER, TRACE), actor (e.g. console:desk, staff:2024001, admin) and dates; details "
                    + "in the request's language")
    @GetMapping
    ApiResponse<AuditPage> find(
            @RequestParam(required = false) @Size(max = 32) String targetType,
            @RequestParam(required = false) @Size(max = 64) String targetId,
            @RequestParam(required = false) @Size(max = 96) String actor,
            @RequestParam(required = false) @Size(max = 32) String action,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(defaultValue = "1") @Positive int page,
            @RequestParam(defaultValue = "100") @Positive @Max(1000) int size,
            HttpServletRequest http) {
        return ApiResponse.ok(audit.find(
                new AuditFilter(targetType, targetId, actor, action, from, to), page, size, RequestLocales.of(http)));
    }

    @Operation(
            summary = "The same filter's entries as CSV for spreadsheets (UTF-8 with BOM), newest first, 10,000 at "
                    + "most; who, what, the record's kind, details and the header in words in the request's language")
    @GetMapping("/export.csv")
    ResponseEntity<byte[]> export(
            @RequestParam(required = false) @Size(max = 32) String targetType,
            @RequestParam(required = false) @Size(max = 64) String targetId,
            @RequestParam(required = false) @Size(max = 96) String actor,
            @RequestParam(required = false) @Size(max = 32) String action,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            HttpServletRequest http) {
        return file(new AuditFilter(targetType, targetId, actor, action, from, to), SheetFormat.CSV, http);
    }

    @Operation(
            summary =
                    "The same filter's entries as an Excel workbook (.xlsx), newest first, 10,000 at most; who, what, "
                            + "the record's kind, details, the header and the sheet's name in words in the request's language")
    @GetMapping("/export.xlsx")
    ResponseEntity<byte[]> exportXlsx(
            @RequestParam(required = false) @Size(max = 32) String targetType,
            @RequestParam(required = false) @Size(max = 64) String targetId,
            @RequestParam(required = false) @Size(max = 96) String actor,
            @RequestParam(required = false) @Size(max = 32) String action,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            HttpServletRequest http) {
        return file(new AuditFilter(targetType, targetId, actor, action, from, to), SheetFormat.XLSX, http);
    }

    private ResponseEntity<byte[]> file(AuditFilter filter, SheetFormat format, HttpServletRequest http) {
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType(format.mediaType()))
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment()
                                .filename(filter.fileName(format))
                                .build()
                                .toString())
                .body(audit.export(filter, format, RequestLocales.of(http)));
    }
}
