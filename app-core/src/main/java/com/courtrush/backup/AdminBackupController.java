package com.courtrush.backup;

import com.courtrush.account.api.Caller;
import com.courtrush.backup.api.Backup;
import com.courtrush.backup.desk.BackupDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(
        name = "Admin: backups",
        description = "Backups of the embedded database (an external one is backed up by its own means)")
@RestController
@RequestMapping("/admin/backups")
class AdminBackupController {

    private final BackupDesk backups;

    AdminBackupController(BackupDesk backups) {
        this.backups = backups;
    }

    @Operation(
            summary = "The backups in the data directory, newest first, each SCHEDULED (a restore point the engine "
                    + "made) or ON_DEMAND; whether this engine backs up at all")
    @GetMapping
    ApiResponse<Backups> list() {
        return ApiResponse.ok(new Backups(backups.available(), backups.available() ? backups.list() : List.of()));
    }

    @Operation(
            summary = "Back the embedded database up now (online), on demand: kept apart from the scheduled restore "
                    + "points, which it never pushes out; the oldest on-demand ones beyond their retention are "
                    + "deleted. One a minute on this node: sooner is 429 TOO_MANY_REQUESTS with Retry-After")
    @PostMapping
    ApiResponse<Backup> backUp(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(backups.backUp(caller));
    }

    /** Whether this engine backs up its database, and the backups there are. */
    record Backups(boolean available, List<Backup> backups) {}
}
