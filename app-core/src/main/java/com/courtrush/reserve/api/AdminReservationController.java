package com.courtrush.reserve.api;

import com.courtrush.account.Caller;
import com.courtrush.core.EngineMessages;
import com.courtrush.reserve.data.ReservationStatus;
import com.courtrush.reserve.lifecycle.ReservationQueries;
import com.courtrush.reserve.lifecycle.ReservationView;
import com.courtrush.reserve.recover.DeadLetterLog;
import com.courtrush.reserve.recover.Reconciler;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: reservations")
@RestController
@RequestMapping("/admin")
class AdminReservationController {

    private final ReservationDesk desk;

    AdminReservationController(ReservationDesk desk) {
        this.desk = desk;
    }

    @Operation(summary = "Reservations, newest first, filtered by opening, slot, user and status")
    @GetMapping("/reservations")
    ApiResponse<ReservationQueries.PageOf<ReservationQueries.Row>> list(
            @RequestParam(required = false) @Positive Long sessionId,
            @RequestParam(required = false) @Positive Long slotId,
            @RequestParam(required = false) @Positive Long userId,
            @RequestParam(required = false) ReservationStatus status,
            @RequestParam(defaultValue = "1") @Min(1) int page,
            @RequestParam(defaultValue = "100") @Min(1) @Max(ReservationQueries.MAX_PAGE_SIZE) int size) {
        return ApiResponse.ok(desk.find(new ReservationQueries.Filter(sessionId, slotId, userId, status), page, size));
    }

    @Operation(summary = "Cancel an unpaid reservation, with a reason (audited); a paid one must be refunded")
    @PostMapping("/reservations/{id}/cancel")
    ApiResponse<ReservationView> cancel(
            @PathVariable @Positive long id,
            @Valid @RequestBody StaffCancel request,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        return ApiResponse.ok(
                EngineMessages.format(RequestLocales.of(http), "ok.cancelled"),
                ReservationView.of(desk.cancelByStaff(id, request.reason(), caller)));
    }

    @Operation(summary = "Run the reconciler now: compensate grants in flight for longer than its horizon")
    @PostMapping("/reconcile")
    ApiResponse<Reconciler.Report> reconcile() {
        return ApiResponse.ok(desk.reconcile());
    }

    @Operation(summary = "Compensate a dead letter now (idempotent)")
    @PostMapping("/dead-letters/{traceId}/compensate")
    ApiResponse<DeadLetterLog.Settlement> compensate(
            @PathVariable @Size(max = 64) String traceId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(desk.compensate(traceId, caller.actor()));
    }

    @Operation(summary = "Put a dead letter back on reserve.queue, if it is neither recorded nor compensated")
    @PostMapping("/dead-letters/{traceId}/replay")
    ApiResponse<DeadLetterLog.Settlement> replay(@PathVariable @Size(max = 64) String traceId) {
        return ApiResponse.ok(desk.replay(traceId));
    }

    record StaffCancel(@NotBlank @Size(max = 200) String reason) {}
}
