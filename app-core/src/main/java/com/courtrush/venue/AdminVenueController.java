package com.courtrush.venue;

import com.courtrush.account.api.Caller;
import com.courtrush.venue.api.DeskScope;
import com.courtrush.venue.api.SportForm;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueForm;
import com.courtrush.venue.api.VenuePrices;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
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

@Tag(name = "Admin: venues and sports", description = "The sports centre's halls, rooms and outdoor courts (SPEC §21)")
@RestController
@RequestMapping("/admin/venues")
class AdminVenueController {

    private final VenueDesk venues;

    AdminVenueController(VenueDesk venues) {
        this.venues = venues;
    }

    @Operation(summary = "Every venue, open or not, with its active courts' sports")
    @GetMapping
    ApiResponse<List<VenueView>> list() {
        return ApiResponse.ok(venues.list());
    }

    @Operation(summary = "Make a venue (managers): both names needed; hours 08:00–22:00 unless given")
    @PostMapping
    ApiResponse<VenueView> create(@RequestBody VenueForm form, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(venues.create(caller, form));
    }

    @Operation(summary = "Change a venue (managers): a null field stays; active false takes it off the students' page")
    @PutMapping("/{id}")
    ApiResponse<VenueView> update(
            @PathVariable @Positive long id, @RequestBody VenueForm form, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(venues.update(caller, id, form));
    }

    @Operation(summary = "Every sport: slot length, places per court, fair share")
    @GetMapping("/sports")
    ApiResponse<List<SportView>> sports() {
        return ApiResponse.ok(venues.sports());
    }

    @Operation(summary = "Make or change a sport (managers); the code in the path wins over the body's")
    @PutMapping("/sports/{code}")
    ApiResponse<SportView> saveSport(
            @PathVariable String code, @RequestBody SportForm form, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(venues.saveSport(caller, code, form));
    }

    @Operation(summary = "Who may book a venue, and its price bands by sport, category, days and hours")
    @GetMapping("/{id}/prices")
    ApiResponse<VenuePrices> prices(@PathVariable @Positive long id) {
        return ApiResponse.ok(venues.prices(id));
    }

    @Operation(
            summary = "Set who may book a venue and replace its price bands (managers); bookings made keep their price")
    @PutMapping("/{id}/prices")
    ApiResponse<VenuePrices> setPrices(
            @PathVariable @Positive long id, @RequestBody VenuePrices prices, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(venues.setPrices(caller, id, prices));
    }

    @Operation(summary = "Which venues' desks each staff member works, by account id (one of none: every venue)")
    @GetMapping("/staff")
    ApiResponse<Map<Long, List<Long>>> staffVenues() {
        return ApiResponse.ok(venues.staffVenues());
    }

    @Operation(
            summary = "Set the venues whose desk a staff member works (managers); none: every venue. Their board, "
                    + "check-in, walk-ins, till and receipts are those venues' only")
    @PutMapping("/staff/{userId}")
    ApiResponse<List<Long>> assignStaff(
            @PathVariable @Positive long userId,
            @RequestBody StaffVenues request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(venues.assignStaff(caller, userId, request.venueIds()));
    }

    @Operation(
            summary = "The venues whose desk I work (venueIds; null: every venue): what a desk client offers to pick")
    @GetMapping("/desk")
    ApiResponse<DeskScope> myDesk(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(venues.deskScope(caller));
    }

    /** @param venueIds the venues whose desk the staff member works; empty or null: every venue */
    record StaffVenues(List<Long> venueIds) {}
}
