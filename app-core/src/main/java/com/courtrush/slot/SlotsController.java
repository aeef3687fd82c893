package com.courtrush.slot;

import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Slots", description = "Openings of a date and their slots, with live permits")
@RestController
class SlotsController {

    private final SlotListing listing;
    private final Clock clock;

    SlotsController(SlotListing listing, Clock clock) {
        this.listing = listing;
        this.clock = clock;
    }

    @Operation(
            summary = "Openings of a date (default today) with their slots and permits left; of one venue and one"
                    + " sport when asked (GET /venues lists them), else of every venue")
    @GetMapping("/slots")
    ApiResponse<List<SlotListing.OpeningSlots>> slots(
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @RequestParam(required = false) @Positive Long venueId,
            @RequestParam(required = false) @Pattern(regexp = "[A-Z][A-Z0-9_]{1,31}") String sport) {
        return ApiResponse.ok(listing.onDate(date == null ? LocalDate.now(clock) : date, venueId, sport));
    }
}
