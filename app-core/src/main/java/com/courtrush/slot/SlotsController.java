package com.courtrush.slot;

import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
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

    @Operation(summary = "Openings of a date (default today) with their slots and permits left")
    @GetMapping("/slots")
    ApiResponse<List<SlotListing.OpeningSlots>> slots(
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date) {
        return ApiResponse.ok(listing.onDate(date == null ? LocalDate.now(clock) : date));
    }
}
