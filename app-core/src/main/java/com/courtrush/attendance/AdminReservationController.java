package com.courtrush.attendance;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.core.EngineMessages;
import com.courtrush.pay.api.Refunded;
import com.courtrush.pay.api.ReservationDetailsView;
import com.courtrush.pay.desk.PaymentDesk;
import com.courtrush.reserve.api.ReservationFilter;
import com.courtrush.reserve.api.ReservationPage;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.api.ReservationView;
import com.courtrush.reserve.desk.ReservationDesk;
import com.courtrush.reserve.lifecycle.ReservationQueries;
import com.courtrush.till.api.DeskChannel;
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
import java.time.LocalDate;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Everything under /admin/reservations, in one place: finding bookings and one whole, cancelling,
 * refunding, taking the payment at the desk. It lives here, in the feature that may use the
 * reservations', payments' and desk's doors alike.
 */
@Tag(name = "Admin: reservations")
@RestController
@RequestMapping("/admin/reservations")
class AdminReservationController {

    private final ReservationDesk reservations;
    private final PaymentDesk payments;
    private final AttendanceDesk attendance;

    AdminReservationController(ReservationDesk reservations, PaymentDesk payments, AttendanceDesk attendance) {
        this.reservations = reservations;
        this.payments = payments;
        this.attendance = attendance;
    }

    @Operation(
            summary = "Reservations, newest first, filtered by opening, slot, student, status, court and play dates "
                    + "(from, to: at most 92 days); q is what a student shows or says at the desk — a name or part of "
                    + "it, a student id, a whole or partial order number, a check-in code — looked for among the "
                    + "bookings of those dates (none: 3 days around today); the total is exact up to 1,000 (and past "
                    + "the page), else capped (totalCapped)")
    @GetMapping
    ApiResponse<ReservationPage> list(
            @RequestParam(required = false) @Positive Long sessionId,
            @RequestParam(required = false) @Positive Long slotId,
            @RequestParam(required = false) @Positive Long userId,
            @RequestParam(required = false) @Size(max = 32) String studentId,
            @RequestParam(required = false) ReservationStatus status,
            @RequestParam(required = false) @Positive Long courtId,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
            @RequestParam(required = false) @Size(max = ReservationQueries.MOST_TEXT) String q,
            @RequestParam(defaultValue = "1") @Min(1) int page,
            @RequestParam(defaultValue = "100") @Min(1) @Max(ReservationQueries.MAX_PAGE_SIZE) int size,
            @AuthenticationPrincipal Caller caller) {
        LocalDate until = to != null ? to : from;
        if (q != null && !q.isBlank()) {
            return ApiResponse.ok(attendance.search(q, status, from, until, courtId, page, size, caller));
        }
        return ApiResponse.ok(reservations.find(
                new ReservationFilter(
                        sessionId, slotId, userId, status, from, courtId, studentId, true, null, null, until, null),
                page,
                size,
                caller));
    }

    @Operation(summary = "Cancel an unpaid reservation, with a reason (audited); a paid one must be refunded")
    @PostMapping("/{id}/cancel")
    ApiResponse<ReservationView> cancel(
            @PathVariable @Positive long id,
            @Valid @RequestBody StaffCancel request,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        return ApiResponse.ok(
                EngineMessages.format(RequestLocales.of(http), "ok.cancelled"),
                reservations.cancelByStaff(id, request.reason(), caller));
    }

    @Operation(
            summary = "One reservation whole: its slot and student, every pay order, and its history (details "
                    + "in the request's language)")
    @GetMapping("/{id}")
    ApiResponse<ReservationDetailsView> details(
            @PathVariable @Positive long id, @AuthenticationPrincipal Caller caller, HttpServletRequest http) {
        return ApiResponse.ok(payments.details(id, RequestLocales.of(http), caller));
    }

    @Operation(
            summary = "Refund a paid reservation, with a reason (audited); may override the refund cut-off",
            description = "Whole by default: the booking is CANCELLED (REFUND) and its place given back. amountCents "
                    + "(less than is left) gives back a part instead: the booking stays CONFIRMED.")
    @PostMapping("/{id}/refund")
    ApiResponse<Refunded> refund(
            @PathVariable @Positive long id,
            @Valid @RequestBody StaffRefund request,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        Refunded refunded = request.amountCents() != null
                ? payments.refundPart(id, request.amountCents(), request.reason(), caller)
                : payments.refund(id, caller, request.reason(), Boolean.TRUE.equals(request.overrideCutoff()));
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), refunded.said()), refunded);
    }

    record StaffRefund(
            @NotBlank @Size(max = 200) String reason,
            Boolean overrideCutoff,
            @Positive Integer amountCents) {}

    @Operation(
            summary = "Take a booking's payment in person at the desk (a DESK order); checked in too if its "
                    + "check-in has opened. expectedCents (required): the amount the desk showed and confirmed — "
                    + "refused (409) with what it costs now if that is not it; channel: CASH (default) or CARD. A "
                    + "receipt is written with it")
    @PostMapping("/{reservationId}/pay-at-desk")
    ApiResponse<DeskBookingView> payAtDesk(
            @PathVariable @Positive long reservationId,
            @RequestParam @Min(0) int expectedCents,
            @RequestParam(required = false) DeskChannel channel,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.payAtDesk(reservationId, expectedCents, channel, caller));
    }

    record StaffCancel(@NotBlank @Size(max = 200) String reason) {}
}
