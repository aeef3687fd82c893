package com.courtrush.reserve;

import com.courtrush.account.Caller;
import com.courtrush.infra.Futures;
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
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

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
    // null when the answer is already written (every refusal); a grant's answer follows its confirm
    DeferredResult<ResponseEntity<ApiResponse<Object>>> reserve(@AuthenticationPrincipal Caller caller,
            HttpServletRequest http, HttpServletResponse response) throws IOException {
        ReserveRequest request = exchange.read(http);
        Locale locale = RequestLocales.of(http);
        CompletableFuture<ReserveService.Accepted> accepted;
        // refusals are the common answer at the flash opening: returned, not thrown through Spring MVC
        try {
            accepted = reserve.reserve(caller.requireUserId(), request.sessionId(), request.slotId(),
                    http.getRemoteAddr());
        } catch (CourtRushException refused) {
            exchange.write(ApiExceptionHandler.refusal(refused, locale), response);
            return null;
        }
        if (accepted.isDone()) {
            ReserveService.Accepted granted = null;
            Throwable error = null;
            try {
                granted = accepted.join();
            } catch (CompletionException e) {
                error = e;
            }
            exchange.write(answer(granted, error, locale), response);
            return null;
        }
        // a grant waits for the broker's confirm without holding a request thread
        DeferredResult<ResponseEntity<ApiResponse<Object>>> deferred = new DeferredResult<>();
        accepted.whenComplete((granted, error) -> {
            try {
                deferred.setResult(answer(granted, error, locale));
            } catch (RuntimeException failure) {
                deferred.setErrorResult(failure);
            }
        });
        return deferred;
    }

    /** 202 with the trace, or the refusal; any other failure is thrown for the usual error answer. */
    private static ResponseEntity<ApiResponse<Object>> answer(ReserveService.Accepted granted, Throwable error,
            Locale locale) {
        if (error == null) {
            return ResponseEntity.status(HttpStatus.ACCEPTED)
                    .body(ApiResponse.ok(EngineMessages.format(locale, "ok.granted"), granted));
        }
        Throwable cause = Futures.cause(error);
        if (cause instanceof CourtRushException refused) {
            return ApiExceptionHandler.refusal(refused, locale);
        }
        if (cause instanceof RuntimeException unexpected) {
            throw unexpected;
        }
        throw new IllegalStateException("Reserving failed", cause);
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
