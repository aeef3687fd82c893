package com.courtrush.pay;

import com.courtrush.account.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.pay.api.PaymentDesk;
import com.courtrush.reserve.data.Reservation;
import com.courtrush.slot.TimeSlot;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: reservations")
@RestController
class AdminPayController {

    private final PaymentDesk payments;

    AdminPayController(PaymentDesk payments) {
        this.payments = payments;
    }

    @Operation(
            summary = "One reservation whole: its slot and student, every pay order, and its history (details "
                    + "in the request's language)")
    @GetMapping("/admin/reservations/{id}")
    ApiResponse<ReservationView> details(@PathVariable @Positive long id) {
        ReservationDetails.Details d = payments.details(id);
        return ApiResponse.ok(new ReservationView(
                d.reservation(),
                d.slot(),
                d.courtName(),
                d.studentId(),
                d.studentName(),
                d.payOrders(),
                d.auditTrail().stream()
                        .map(entry -> AuditTrail.Entry.of(entry, LocaleContextHolder.getLocale()))
                        .toList()));
    }

    /** A reservation as staff see it in the console. */
    record ReservationView(
            Reservation reservation,
            TimeSlot slot,
            String courtName,
            String studentId,
            String studentName,
            List<PayOrder> payOrders,
            List<AuditTrail.Entry> history) {}

    @Operation(summary = "Refund a paid reservation, with a reason (audited); may override the refund cut-off")
    @PostMapping("/admin/reservations/{id}/refund")
    ApiResponse<RefundService.Refunded> refund(
            @PathVariable @Positive long id,
            @Valid @RequestBody StaffRefund request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(
                payments.refund(id, caller, request.reason(), Boolean.TRUE.equals(request.overrideCutoff())));
    }

    record StaffRefund(@NotBlank @Size(max = 200) String reason, Boolean overrideCutoff) {}
}
