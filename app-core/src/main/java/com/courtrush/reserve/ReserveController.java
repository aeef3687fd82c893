package com.courtrush.reserve;

import com.courtrush.account.Caller;
import com.courtrush.web.ApiExceptionHandler;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.CourtRushException;
import com.courtrush.web.RequestLocales;
import com.courtrush.web.EngineMessages;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Reserve", description = "Grab a slot at the flash opening and follow the result")
@RestController
class ReserveController {

    private static final int MINE_LIMIT = 200;

    private final ReserveService reserve;
    private final ReserveResults results;
    private final ReservationMapper reservations;
    private final ReservationCancellation cancellation;
    private final ReserveExchange exchange;

    ReserveController(ReserveService reserve, ReserveResults results, ReservationMapper reservations,
            ReservationCancellation cancellation, ObjectMapper mapper, Validator validator) {
        this.exchange = new ReserveExchange(mapper, validator);
        this.reserve = reserve;
        this.results = results;
        this.reservations = reservations;
        this.cancellation = cancellation;
    }

    @Operation(summary = "Try to reserve a slot; 202 with a traceId to poll, or 409/429 with the reason",
            description = "202: data = {traceId, status}. 409/429/400: data explains the refusal, e.g. "
                    + "alternatives for OUT_OF_STOCK, secondsToOpen for UNGATED; 429 carries Retry-After.")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true,
            content = @Content(schema = @Schema(implementation = ReserveRequest.class)))
    @PostMapping(path = {"/reserve/", "/reserve"}, consumes = MediaType.APPLICATION_JSON_VALUE)
    void reserve(@AuthenticationPrincipal Caller caller, HttpServletRequest http, HttpServletResponse response)
            throws IOException {
        ReserveRequest request = exchange.read(http);
        ResponseEntity<ApiResponse<Object>> answer;
        // refusals are the common answer at the flash opening: returned, not thrown through Spring MVC
        try {
            ReserveService.Accepted accepted = reserve.reserve(caller.requireUserId(), request.sessionId(),
                    request.slotId(), http.getRemoteAddr());
            answer = ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "ok.granted"), accepted));
        } catch (CourtRushException refused) {
            answer = ApiExceptionHandler.refusal(refused, http);
        }
        exchange.write(answer, response);
    }

    @Operation(summary = "Result of a reservation attempt: PENDING, SUCCESS (with reservationId) or FAILED")
    @GetMapping("/reserve/result/{traceId}")
    ApiResponse<ReserveResults.Result> result(@PathVariable String traceId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(results.of(traceId, caller));
    }

    @Operation(summary = "Cancel my unpaid reservation; its place goes back on sale")
    @DeleteMapping("/reserve/{reservationId}")
    ApiResponse<ReservationView> cancel(@PathVariable @Positive long reservationId,
            @AuthenticationPrincipal Caller caller, HttpServletRequest http) {
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "ok.cancelled"),
                ReservationView.of(cancellation.cancelByOwner(reservationId, caller)));
    }

    @Operation(summary = "My reservations, newest first")
    @GetMapping("/reservations/mine")
    ApiResponse<List<MyReservation>> mine(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(reservations.findMine(caller.requireUserId(), MINE_LIMIT));
    }

    record ReserveRequest(@NotNull @Positive Long sessionId, @NotNull @Positive Long slotId) {
    }
}
