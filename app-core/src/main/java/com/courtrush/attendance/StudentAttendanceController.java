package com.courtrush.attendance;

import com.courtrush.account.api.Caller;
import com.courtrush.attendance.api.StrikeStanding;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** A student's check-in codes and standing (strikes, block). */
@Tag(name = "Reserve", description = "Grab a slot at the flash opening and follow the result")
@RestController
class StudentAttendanceController {

    private final CheckIns checkIns;
    private final Strikes strikes;

    StudentAttendanceController(CheckIns checkIns, Strikes strikes) {
        this.checkIns = checkIns;
        this.strikes = strikes;
    }

    @Operation(
            summary =
                    "The check-in codes of my booking: a QR code (SVG) and a short code to read out, and when the desk takes them")
    @GetMapping("/reservations/{reservationId}/check-in")
    ApiResponse<CheckIns.StudentCheckIn> checkIn(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(checkIns.codesFor(reservationId, caller));
    }

    @Operation(
            summary = "Whether my booking is checked in yet, and its state: what the open check-in sheet asks every few"
                    + " seconds (no codes drawn)")
    @GetMapping("/reservations/{reservationId}/check-in/state")
    ApiResponse<CheckIns.CheckInState> checkInState(
            @PathVariable @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(checkIns.stateFor(reservationId, caller));
    }

    @Operation(summary = "My no-show strikes and whether they block me from booking (until when)")
    @GetMapping("/reservations/standing")
    ApiResponse<StrikeStanding> standing(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(strikes.standing(caller.requireUserId()));
    }
}
