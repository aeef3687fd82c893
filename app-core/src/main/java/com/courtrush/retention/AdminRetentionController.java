package com.courtrush.retention;

import com.courtrush.account.api.Caller;
import com.courtrush.retention.api.RetentionRun;
import com.courtrush.retention.desk.HistoryDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
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
            summary = "Sweep now (managers): what was removed by kind, the audit's archive file, whether more is left"
                    + " — or why nothing was tried (RUSH, ELSEWHERE, FAILED)")
    @PostMapping("/run")
    ApiResponse<RetentionRun> sweep(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(history.sweepNow(caller));
    }
}
