package com.courtrush.reserve.desk;

import com.courtrush.account.api.Caller;
import com.courtrush.reserve.api.DeadLetterSettlement;
import com.courtrush.reserve.api.ReconcilerReport;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Size;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: recovery", description = "The reconciler and the dead letters")
@RestController
@RequestMapping("/admin")
class AdminRecoveryController {

    private final ReservationDesk reservations;

    AdminRecoveryController(ReservationDesk reservations) {
        this.reservations = reservations;
    }

    @Operation(summary = "Run the reconciler now: compensate grants in flight for longer than its horizon")
    @PostMapping("/reconcile")
    ApiResponse<ReconcilerReport> reconcile(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(reservations.reconcile(caller));
    }

    @Operation(summary = "Compensate a dead letter now (idempotent)")
    @PostMapping("/dead-letters/{traceId}/compensate")
    ApiResponse<DeadLetterSettlement> compensate(
            @PathVariable @Size(max = 64) String traceId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(reservations.compensate(traceId, caller));
    }

    @Operation(summary = "Put a dead letter back on reserve.queue, if it is neither recorded nor compensated")
    @PostMapping("/dead-letters/{traceId}/replay")
    ApiResponse<DeadLetterSettlement> replay(
            @PathVariable @Size(max = 64) String traceId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(reservations.replay(traceId, caller));
    }
}
