package com.courtrush.reserve.lifecycle;

import com.courtrush.account.api.Caller;
import com.courtrush.core.EngineMessages;
import com.courtrush.reserve.api.ReservationView;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** A student's own reservations once recorded: the list behind "my bookings", and cancelling one. */
@Tag(name = "Reserve", description = "Grab a slot at the flash opening and follow the result")
@RestController
class StudentReservationController {

    private final MyReservations mine;
    private final ReservationCancellation cancellation;

    StudentReservationController(MyReservations mine, ReservationCancellation cancellation) {
        this.mine = mine;
        this.cancellation = cancellation;
    }

    @Operation(summary = "Cancel my unpaid reservation; its place goes back on sale")
    @DeleteMapping("/reserve/{reservationId}")
    ApiResponse<ReservationView> cancel(
            @PathVariable @Positive long reservationId,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http) {
        return ApiResponse.ok(
                EngineMessages.format(RequestLocales.of(http), "ok.cancelled"),
                cancellation.cancelByOwner(reservationId, caller).view());
    }

    @Operation(
            summary = "My upcoming reservations and those of the last 30 days — the upcoming ones soonest first (the "
                    + "next game on top), then those played, latest first — with why each ended and the deadlines "
                    + "that apply now (older ones: /reservations/mine/history)")
    @GetMapping("/reservations/mine")
    ApiResponse<List<MyReservation>> mine(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(mine.of(caller.requireUserId()));
    }

    @Operation(
            summary = "My reservations played before the last 30 days, with the games I accepted being a partner on "
                    + "(asPartner, bookerName), latest play date first, a page at a time: the next page after the "
                    + "last one shown (before: its reservationId); fewer than size: the end")
    @GetMapping("/reservations/mine/history")
    ApiResponse<List<MyReservation>> history(
            @RequestParam(required = false) @Positive Long before,
            @RequestParam(defaultValue = "20") @Min(1) @Max(MyReservations.MOST_PER_PAGE) int size,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(mine.history(caller.requireUserId(), before, size));
    }
}
