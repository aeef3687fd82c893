package com.courtrush.reserve.decide;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.Futures;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.web.ApiExceptionHandler;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Validator;
import java.io.IOException;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Reserve", description = "Grab a slot at the flash opening and follow the result")
@RestController
class ReserveController {

    private static final Logger log = LoggerFactory.getLogger(ReserveController.class);
    /** The header a booking pass travels in (the body stays {sessionId, slotId}). */
    static final String BOOKING_PASS = "X-Booking-Pass";
    /** Where a student reserves. */
    static final Set<String> PATHS = Set.of("/reserve/", "/reserve");

    private final ReserveService reserve;
    private final ReserveResults results;
    private final VenueAdmission admission;
    private final ReserveExchange exchange;
    private final ApiExceptionHandler failures;
    private final long confirmWaitNanos;

    ReserveController(
            ReserveService reserve,
            ReserveResults results,
            VenueAdmission admission,
            ObjectMapper mapper,
            Validator validator,
            ApiExceptionHandler failures,
            CourtRushProperties properties) {
        this.failures = failures;
        this.exchange = new ReserveExchange(mapper, validator);
        this.confirmWaitNanos = properties.reserve().confirmWait().toNanos();
        this.reserve = reserve;
        this.results = results;
        this.admission = admission;
    }

    @Operation(
            summary = "Try to reserve a slot; 202 with a traceId to poll, or 409/429 with the reason",
            description = "202: data = {traceId, status}. 409/429/400: data explains the refusal, e.g. "
                    + "alternatives for OUT_OF_STOCK, secondsToOpen for UNGATED; 429 carries Retry-After. An opening "
                    + "that asks for a booking pass (POST /reserve/pass) wants it in the X-Booking-Pass header "
                    + "(409 PASS_REQUIRED without it). An opening with a fair draw: in its window after the gate "
                    + "opens, the request enters the draw (202, data.drawClosesInMs; one entry per student, a second "
                    + "is DUP_REQ with the first's traceId) and fallbackSlotIds (up to 2 other slots of the opening, "
                    + "in order) are tried if the first is not drawn; the trace ends SUCCESS or FAILED (not drawn, "
                    + "with alternatives) after the draw.")
    @io.swagger.v3.oas.annotations.parameters.RequestBody(
            required = true,
            content = @Content(schema = @Schema(implementation = ReserveRequest.class)))
    @PostMapping(
            path = {"/reserve/", "/reserve"},
            consumes = MediaType.APPLICATION_JSON_VALUE) // PATHS
    void reserve(@AuthenticationPrincipal Caller caller, HttpServletRequest http, HttpServletResponse response)
            throws IOException {
        ReserveRequest request = exchange.read(http);
        Locale locale = RequestLocales.of(http);
        CompletableFuture<ReserveService.Accepted> accepted;
        // refusals are the common answer at the flash opening: returned, not thrown through Spring MVC
        try {
            admission.require(request.sessionId(), caller.category());
            accepted = reserve.reserve(
                    caller.requireUserId(),
                    request.sessionId(),
                    request.slotId(),
                    request.fallbackSlotIds(),
                    http.getRemoteAddr(),
                    http.getHeader(BOOKING_PASS));
        } catch (CourtRushException refused) {
            exchange.write(ApiExceptionHandler.refusal(refused, locale), response);
            return;
        }
        // the winner's answer follows the broker's confirm: the request thread may wait for it
        // (courtrush.reserve.confirm-wait, 0 by default); otherwise the thread that brings it answers,
        // on the request's async context, and this one goes back to the crowd
        ReserveService.Accepted granted;
        try {
            granted = accepted.get(confirmWaitNanos, TimeUnit.NANOSECONDS);
        } catch (TimeoutException slow) {
            answerWhenSettled(accepted, locale, http, response);
            return;
        } catch (ExecutionException failed) {
            exchange.write(answer(null, failed.getCause(), locale), response);
            return;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            answerWhenSettled(accepted, locale, http, response);
            return;
        }
        exchange.write(answer(granted, null, locale), response);
    }

    /**
     * {@code POST /reserve/} as {@link ReserveLane} serves it, ahead of Spring Security's chain and Spring
     * MVC, for a request the chain's own objects have let through: this controller's method, its failures
     * answered as the exception handler answers them under Spring MVC.
     */
    void reserveInLane(Caller caller, HttpServletRequest http, HttpServletResponse response) throws IOException {
        try {
            reserve(caller, http, response);
        } catch (RuntimeException failed) {
            exchange.write(failures.answer(failed, http), response);
        }
    }

    /**
     * Writes the answer from the thread that settles the grant and completes the request there: the
     * client has it at once, not after a second dispatch through the request queue and the filters.
     */
    private void answerWhenSettled(
            CompletableFuture<ReserveService.Accepted> accepted,
            Locale locale,
            HttpServletRequest http,
            HttpServletResponse response) {
        AsyncContext async = http.startAsync(http, response);
        async.setTimeout(0); // the grant settles within the confirm timeout, answered either way
        accepted.whenComplete((granted, error) -> {
            try {
                exchange.write(settled(granted, error, locale, http), response);
                response.flushBuffer();
            } catch (IOException gone) {
                // the student's trace is settled either way and readable from /reserve/result
                log.debug(
                        "The answer for grant {} could not be sent to {}: {}",
                        traceOf(granted, error),
                        http.getRemoteAddr(),
                        gone.toString());
            } catch (RuntimeException e) {
                log.error("Answering grant {} failed", traceOf(granted, error), e);
            } finally {
                async.complete();
            }
        });
    }

    private static String traceOf(ReserveService.Accepted granted, Throwable error) {
        return granted != null ? granted.traceId() : "(not granted: " + Futures.cause(error) + ")";
    }

    private ResponseEntity<ApiResponse<Object>> settled(
            ReserveService.Accepted granted, Throwable error, Locale locale, HttpServletRequest http) {
        try {
            return answer(granted, error, locale);
        } catch (RuntimeException unexpected) {
            return failures.failure(unexpected, http);
        }
    }

    /** 202 with the trace, or the refusal; any other failure is thrown for the usual error answer. */
    private static ResponseEntity<ApiResponse<Object>> answer(
            ReserveService.Accepted granted, Throwable error, Locale locale) {
        if (error == null) {
            String message = granted.drawClosesInMs() == null
                    ? EngineMessages.format(locale, "ok.granted")
                    : EngineMessages.format(locale, "ok.entered", (granted.drawClosesInMs() + 999) / 1000);
            return ResponseEntity.status(HttpStatus.ACCEPTED).body(ApiResponse.ok(message, granted));
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
}
