package com.courtrush.slot;

import com.courtrush.account.api.Caller;
import com.courtrush.core.CourtRushException;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.api.WarmupReport;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.slot.api.SlotTemplate;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.web.ApiResponse;
import com.fasterxml.jackson.annotation.JsonFormat;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: openings", description = "Openings and the slots made for them")
@RestController
@RequestMapping("/admin/sessions")
/** Everything under /admin/sessions: an opening, and the slots generated for it. */
class AdminSessionController {

    private final OpeningDesk openings;
    private final SlotDesk slots;

    AdminSessionController(OpeningDesk openings, SlotDesk slots) {
        this.openings = openings;
        this.slots = slots;
    }

    @Operation(
            summary = "Create an opening; inside its warm-up lead it is warmed up at once. bookingPass (off by "
                    + "default): students get a pass by solving a challenge, from the warm-up on. fairDraw (off by default): "
                    + "requests in the first drawWindowMs (default 1000, 100-60000) after the gate opens enter a draw, one "
                    + "entry per student, drawn at random when the window closes; first come after it. "
                    + "venueId (default 1, the first venue): the venue whose courts' slots it sells")
    @PostMapping
    ApiResponse<Map<String, Long>> create(
            @Valid @RequestBody CreateSession request, @AuthenticationPrincipal Caller caller) {
        OpeningView session = openings.create(
                new NewOpening(
                        request.sessionDate(),
                        request.flashTime(),
                        request.perUserLimit(),
                        request.warmupLeadMinutes(),
                        request.bookingPass(),
                        drawWindow(request),
                        request.venueId()),
                caller);
        return ApiResponse.ok(Map.of("id", session.id()));
    }

    @Operation(summary = "Openings of a date: a desk worker's venues' only (SPEC §21)")
    @GetMapping
    ApiResponse<List<OpeningView>> list(
            @RequestParam @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(openings.listByDate(date, caller));
    }

    @Operation(summary = "One opening")
    @GetMapping("/{id}")
    ApiResponse<OpeningView> get(@PathVariable @Positive long id) {
        return ApiResponse.ok(openings.get(id));
    }

    @Operation(summary = "Warm up now (idempotent; rebuilds Redis from the database)")
    @PostMapping("/{id}/warmup")
    ApiResponse<WarmupReport> warmup(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(openings.warmUp(id, caller));
    }

    @Operation(summary = "Re-sync the opening's stock and dedup sets from the database")
    @PostMapping("/{id}/resync")
    ApiResponse<WarmupReport> resync(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(openings.resync(id, caller));
    }

    @Operation(summary = "Open the gate now")
    @PostMapping("/{id}/open")
    ApiResponse<OpeningView> open(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(openings.openNow(id, caller));
    }

    @Operation(summary = "Close the gate")
    @PostMapping("/{id}/close")
    ApiResponse<OpeningView> close(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(openings.close(id, caller));
    }

    /** The draw's window: none unless fairDraw; a window without fairDraw is a mistake, said so. */
    private static Integer drawWindow(CreateSession request) {
        if (!Boolean.TRUE.equals(request.fairDraw())) {
            if (request.drawWindowMs() != null && request.drawWindowMs() != 0) {
                throw CourtRushException.badRequest("opening.drawWindowWithoutDraw");
            }
            return 0;
        }
        return request.drawWindowMs() == null ? NewOpening.DEFAULT_DRAW_WINDOW_MS : request.drawWindowMs();
    }

    record CreateSession(
            @NotNull LocalDate sessionDate,

            @NotNull @JsonFormat(pattern = "yyyy-MM-dd'T'HH:mm[:ss]")
            LocalDateTime flashTime,

            Integer perUserLimit,
            Integer warmupLeadMinutes,
            Boolean bookingPass,
            Boolean fairDraw,
            Integer drawWindowMs,
            Long venueId) {}

    @Operation(summary = "Generate an opening's slots from a template (courts x hours x duration)")
    @PostMapping("/{id}/slots/generate")
    ApiResponse<Map<String, List<Long>>> generate(
            @PathVariable @Positive long id,
            @Valid @RequestBody GenerateSlots request,
            @AuthenticationPrincipal Caller caller) {
        List<Long> ids = slots.generate(
                id,
                new SlotTemplate(
                        request.courtIds(),
                        request.startTime(),
                        request.endTime(),
                        request.durationMinutes(),
                        request.capacity() == null ? 1 : request.capacity(),
                        request.priceCents()),
                caller);
        return ApiResponse.ok(Map.of("slotIds", ids));
    }

    record GenerateSlots(
            @NotEmpty List<@NotNull @Positive Long> courtIds,
            @NotNull @JsonFormat(pattern = "H:mm") LocalTime startTime,
            @NotNull @JsonFormat(pattern = "H:mm") LocalTime endTime,
            @NotNull @Positive Integer durationMinutes,
            Integer capacity,
            Integer priceCents) {}
}
