package com.courtrush.reserve;

import com.courtrush.account.Caller;
import com.courtrush.infra.CourtRushProperties;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
    private final long confirmWaitNanos;

    ReserveController(ReserveService reserve, ReserveResults results, ReservationMapper reservations,
            ReservationCancellation cancellation, ObjectMapper mapper, Validator validator,
            CourtRushProperties properties) {
        this.exchange = new ReserveExchange(mapper, validator);
        this.confirmWaitNanos = properties.reserve().confirmWait().toNanos();
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
    // null when the answer is already written (every refusal, and a grant whose confirm came quickly)
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
        // the winner's answer follows the broker's confirm, which usually comes within milliseconds: the
        // request thread waits that long for it rather than send the answer through the request queue a
        // second time; a slower confirm is answered from an async dispatch, holding no thread
        ReserveService.Accepted granted;
        try {
            granted = accepted.get(confirmWaitNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException slow) {
            return later(accepted, locale);
        } catch (ExecutionException failed) {
            exchange.write(answer(null, failed.getCause(), locale), response);
            return null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return later(accepted, locale);
        }
        exchange.write(answer(granted, null, locale), response);
        return null;
    }

    private static DeferredResult<ResponseEntity<ApiResponse<Object>>> later(
            CompletableFuture<ReserveService.Accepted> accepted, Locale locale) {
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
