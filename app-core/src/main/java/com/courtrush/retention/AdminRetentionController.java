package com.courtrush.retention;

import com.courtrush.account.api.Caller;
import com.courtrush.job.api.StaffJob;
import com.courtrush.retention.api.CompactionRun;
import com.courtrush.retention.api.RetentionRun;
import com.courtrush.retention.desk.HistoryDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(
        name = "Admin: history kept",
        description = "The sweep of the history past its retention settings (NOTICE_DAYS, AUDIT_DAYS, ...)")
@RestController
@RequestMapping("/admin/retention")
class AdminRetentionController {

    /** Where a job is followed (the jobs' own controller). */
    static final String JOBS = "/admin/jobs/";

    private final HistoryDesk history;

    AdminRetentionController(HistoryDesk history) {
        this.history = history;
    }

    @Operation(summary = "This node's last sweep of the history past its retention (null before the first)")
    @GetMapping
    ApiResponse<RetentionRun> last() {
        return ApiResponse.ok(history.last());
    }

    @Operation(
            summary = "Sweep now (managers): 202 at once with the job (Location: /admin/jobs/{id}, where it is "
                    + "followed) — or the sweep job already running; its progress counts the kinds of history swept, "
                    + "its result is the run: what was removed by kind, the audit's archive file, whether more is left "
                    + "— or why nothing was tried (RUSH, ELSEWHERE)")
    @PostMapping("/run")
    ResponseEntity<ApiResponse<StaffJob<RetentionRun>>> sweep(@AuthenticationPrincipal Caller caller) {
        StaffJob<RetentionRun> job = history.sweepNow(caller);
        return ResponseEntity.accepted().location(URI.create(JOBS + job.id())).body(ApiResponse.ok(job));
    }

    @Operation(
            summary = "Compact the embedded database's file now (managers): 202 at once with the job (Location: "
                    + "/admin/jobs/{id}); the node answers 503 \"maintenance\" for the seconds it takes; its result is"
                    + " the file's bytes before and after and how long it was closed — or why it was not made "
                    + "(NOT_EMBEDDED, RUSH, BUSY, FAILED)")
    @PostMapping("/compact")
    ResponseEntity<ApiResponse<StaffJob<CompactionRun>>> compact(@AuthenticationPrincipal Caller caller) {
        StaffJob<CompactionRun> job = history.compactNow(caller);
        return ResponseEntity.accepted().location(URI.create(JOBS + job.id())).body(ApiResponse.ok(job));
    }
}
