package com.courtrush.pay;

import com.courtrush.account.Caller;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: reservations")
@RestController
class AdminPayController {

    private final RefundService refunds;

    AdminPayController(RefundService refunds) {
        this.refunds = refunds;
    }

    @Operation(summary = "Refund a paid reservation, with a reason (audited); may override the refund cut-off")
    @PostMapping("/admin/reservations/{id}/refund")
    ApiResponse<RefundService.Refunded> refund(@PathVariable @Positive long id,
            @Valid @RequestBody StaffRefund request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(refunds.refund(id, caller, request.reason(),
                Boolean.TRUE.equals(request.overrideCutoff())));
    }

    record StaffRefund(@NotBlank @Size(max = 200) String reason, Boolean overrideCutoff) {
    }
}
