package com.courtrush.reserve.waitlist;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.Futures;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.reserve.decide.VenueAdmission;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** A student's waits and offers (SPEC §16). */
@Tag(name = "Waitlist", description = "Wait for a sold-out slot's place to come back, and take it when offered")
@RestController
class WaitlistController {

    private final Waitlists waitlists;
    private final VenueAdmission admission;
    private final OfferAcceptance acceptance;
    private final long confirmWaitMs;

    WaitlistController(
            Waitlists waitlists, OfferAcceptance acceptance, VenueAdmission admission, CourtRushProperties properties) {
        this.waitlists = waitlists;
        this.admission = admission;
        this.acceptance = acceptance;
        this.confirmWaitMs = properties.reserve().confirmTimeout().toMillis();
    }

    @Operation(summary = "Join a sold-out slot's waitlist; data.position is the place in line (1 = next)")
    @PostMapping("/reserve/waitlist")
    ApiResponse<Waitlists.Joined> join(
            @Valid @RequestBody Join request, @AuthenticationPrincipal Caller caller, HttpServletRequest http) {
        admission.require(request.sessionId(), caller.category());
        Waitlists.Joined joined = waitlists.join(caller.requireUserId(), request.sessionId(), request.slotId());
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "ok.waiting", joined.position()), joined);
    }

    @Operation(summary = "Leave a slot's waitlist (or decline its offer)")
    @DeleteMapping("/reserve/waitlist/{slotId}")
    ApiResponse<Map<String, Boolean>> leave(
            @PathVariable @Positive long slotId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(Map.of("left", waitlists.leave(caller.requireUserId(), slotId)));
    }

    @Operation(summary = "My waits: the place in line, or the offer and the seconds left to take it")
    @GetMapping("/reservations/waits")
    ApiResponse<List<MyWait>> mine(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(waitlists.of(caller.requireUserId()));
    }

    @Operation(
            summary = "Take the place offered to me: 202 with a traceId to follow, as a reservation; it is then "
                    + "PENDING_PAYMENT with the usual pay window")
    @PostMapping("/reserve/offers/{slotId}/accept")
    ResponseEntity<ApiResponse<Object>> accept(
            @PathVariable @Positive long slotId,
            @Valid @RequestBody Accept request,
            @AuthenticationPrincipal Caller caller,
            HttpServletRequest http)
            throws InterruptedException {
        OfferAcceptance.Taken taken = acceptance.accept(caller.requireUserId(), request.sessionId(), slotId);
        try {
            taken.confirmed().get(confirmWaitMs, TimeUnit.MILLISECONDS);
        } catch (TimeoutException unknown) {
            // left to the consumer, the dead-letter queue or the reconciler, like any grant: followed by its trace
        } catch (ExecutionException failed) {
            if (Futures.cause(failed) instanceof CourtRushException refused) {
                throw refused;
            }
            throw new IllegalStateException("Taking the offer failed", failed.getCause());
        }
        Map<String, Object> data = Map.of("traceId", taken.traceId(), "status", "PENDING");
        return ResponseEntity.status(HttpStatus.ACCEPTED)
                .body(ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "ok.granted"), data));
    }

    @Operation(summary = "Decline the place offered to me: it goes to the next student waiting")
    @PostMapping("/reserve/offers/{slotId}/decline")
    ApiResponse<Map<String, Boolean>> decline(
            @PathVariable @Positive long slotId, @AuthenticationPrincipal Caller caller) {
        waitlists.decline(caller.requireUserId(), slotId);
        return ApiResponse.ok(Map.of("declined", true));
    }

    record Join(
            @NotNull @Positive Long sessionId,
            @NotNull @Positive Long slotId) {}

    record Accept(@NotNull @Positive Long sessionId) {}
}
