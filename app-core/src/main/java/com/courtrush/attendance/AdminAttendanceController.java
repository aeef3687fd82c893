package com.courtrush.attendance;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.api.RunningSlot;
import com.courtrush.attendance.api.StrikeStanding;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.share.api.ShareStanding;
import com.courtrush.till.api.DeskChannel;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: check-in and no-shows", description = "The desk's check-in, and the strikes no-shows earn")
@RestController
@RequestMapping("/admin")
class AdminAttendanceController {

    private final AttendanceDesk attendance;
    private final Clock clock;

    AdminAttendanceController(AttendanceDesk attendance, Clock clock) {
        this.attendance = attendance;
        this.clock = clock;
    }

    @Operation(
            summary = "A day's bookings at the desk (default today) by time and court, the active ones and the "
                    + "no-shows; q: a student id, an order number, part of a name or a short code; of the caller's "
                    + "venues, or venueId's")
    @GetMapping("/check-in")
    ApiResponse<List<DeskBookingView>> day(
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @RequestParam(required = false) @Size(max = 64) String q,
            @RequestParam(required = false) @Positive Long venueId,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.day(date == null ? LocalDate.now(clock) : date, q, venueId, caller));
    }

    @Operation(
            summary = "The desk's board of a day (default today): its courts and hours, each slot with its bookings "
                    + "(unpaid, paid, checked in, no-show, walk-in, partners) and places left, and whether it runs now")
    @GetMapping("/board")
    ApiResponse<DeskBoard> board(
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @RequestParam(required = false) @Positive Long venueId,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.board(date == null ? LocalDate.now(clock) : date, venueId, caller));
    }

    @Operation(summary = "Check in what was scanned (the QR code's text) or typed (the short code)")
    @PostMapping("/check-in/scan")
    ApiResponse<DeskBookingView> scan(@Valid @RequestBody Scanned scanned, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.scan(scanned.code(), caller));
    }

    @Operation(summary = "Check a booking in (found by a search), from 30 min before its start to its end")
    @PostMapping("/check-in/{reservationId}")
    ApiResponse<DeskBookingView> checkIn(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.checkIn(reservationId, caller));
    }

    @Operation(summary = "Take a check-in back, within a minute of it")
    @DeleteMapping("/check-in/{reservationId}")
    ApiResponse<DeskBookingView> undo(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.undo(reservationId, caller));
    }

    @Operation(summary = "The slots running now, with their free places and price: what a walk-in can be booked into")
    @GetMapping("/walk-in")
    ApiResponse<List<RunningSlot>> running(
            @RequestParam(required = false) @Positive Long venueId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.running(venueId, caller));
    }

    @Operation(
            summary = "Book a free place of a running slot for a student at the desk (their block and limits apply), "
                    + "take the payment there and check the booking in. channel: CASH (default) or CARD; "
                    + "expectedCents (required): the amount the desk showed and confirmed — refused (409) with what "
                    + "it costs now, before anything is booked, if that is not it")
    @PostMapping("/walk-in")
    ApiResponse<DeskBookingView> walkIn(@Valid @RequestBody WalkIn request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.walkIn(
                request.slotId(), request.studentId(), request.channel(), request.expectedCents(), caller));
    }

    @Operation(summary = "A student's no-show strikes and block")
    @GetMapping("/strikes")
    ApiResponse<StrikeStanding> standing(@RequestParam @NotBlank @Size(max = 32) String studentId) {
        return ApiResponse.ok(attendance.standing(studentId));
    }

    @Operation(
            summary = "A student's fair share this week: the rules in force and the bookings that count against them")
    @GetMapping("/share")
    ApiResponse<ShareStanding> share(@RequestParam @NotBlank @Size(max = 32) String studentId) {
        return ApiResponse.ok(attendance.share(studentId));
    }

    @Operation(summary = "Forgive a strike, with a reason (managers; audited); the student's block is recomputed")
    @PostMapping("/strikes/{strikeId}/forgive")
    ApiResponse<StrikeStanding> forgive(
            @PathVariable @Positive long strikeId,
            @Valid @RequestBody Forgiveness request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(attendance.forgive(strikeId, request.reason(), caller));
    }

    record Scanned(@NotBlank @Size(max = 128) String code) {}

    record WalkIn(
            @NotNull @Positive Long slotId,
            @NotBlank @Size(max = 32) String studentId,
            DeskChannel channel,
            @NotNull @Min(0) Integer expectedCents) {}

    record Forgiveness(@NotBlank @Size(max = 255) String reason) {}
}
