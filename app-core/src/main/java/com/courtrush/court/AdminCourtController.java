package com.courtrush.court;

import com.courtrush.account.api.Caller;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.util.List;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: courts")
@RestController
@RequestMapping("/admin/courts")
class AdminCourtController {

    private final CourtDesk courts;

    AdminCourtController(CourtDesk courts) {
        this.courts = courts;
    }

    @Operation(summary = "Create a court")
    @PostMapping
    ApiResponse<Map<String, Long>> create(
            @Valid @RequestBody CreateCourt request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(Map.of(
                "id",
                courts.create(
                                request.courtName(),
                                request.venueId() == null ? CourtView.FIRST_VENUE : request.venueId(),
                                request.sport() == null ? CourtView.FIRST_SPORT : request.sport(),
                                caller)
                        .id()));
    }

    @Operation(summary = "List courts: a desk worker's venues' only (SPEC §21)")
    @GetMapping
    ApiResponse<List<CourtView>> list(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(courts.list(caller));
    }

    @Operation(summary = "Rename a court, move it to another venue or sport, and/or enable or disable it")
    @PutMapping("/{id}")
    ApiResponse<CourtView> update(
            @PathVariable @Positive long id,
            @Valid @RequestBody UpdateCourt request,
            @AuthenticationPrincipal Caller caller) {
        CourtView court = null;
        if (request.courtName() != null) {
            court = courts.rename(id, request.courtName(), caller);
        }
        if (request.venueId() != null || request.sport() != null) {
            court = courts.move(id, request.venueId(), request.sport(), caller);
        }
        if (request.active() != null) {
            court = courts.setActive(id, request.active(), caller);
        }
        return ApiResponse.ok(court == null ? courts.get(id) : court);
    }

    /** A court to make: in the first venue and badminton unless said. */
    record CreateCourt(@NotNull String courtName, Long venueId, String sport) {}

    record UpdateCourt(String courtName, Boolean active, Long venueId, String sport) {}
}
