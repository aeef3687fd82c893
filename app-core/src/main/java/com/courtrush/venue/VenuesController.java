package com.courtrush.venue;

import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Venues", description = "What students may pick: the venues open and their sports (SPEC §21)")
@RestController
class VenuesController {

    private final VenueDesk venues;

    VenuesController(VenueDesk venues) {
        this.venues = venues;
    }

    @Operation(summary = "The venues students may pick, with their sports; no sign-in needed")
    @GetMapping("/venues")
    ApiResponse<List<VenueView>> open() {
        return ApiResponse.ok(venues.open());
    }
}
