package com.courtrush.closure;

import com.courtrush.account.api.Caller;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import com.courtrush.closure.desk.ClosureDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: closures", description = "A court, a venue or a sport closed for a period (SPEC §21)")
@RestController
@RequestMapping("/admin/closures")
class AdminClosureController {

    private final ClosureDesk closures;

    AdminClosureController(ClosureDesk closures) {
        this.closures = closures;
    }

    @Operation(summary = "The closures not yet over, and those of the last 30 days")
    @GetMapping
    ApiResponse<List<ClosureView>> recent() {
        return ApiResponse.ok(closures.recent());
    }

    @Operation(
            summary = "Close a court (courtId), a venue (venueId, with sport: that sport's courts there) or a sport"
                    + " everywhere (sport) from one time until another (managers): its slots leave sale, its bookings"
                    + " are cancelled or refunded with the reason and their students told; 409 CONFLICT with the"
                    + " closure in data when a booking changed meanwhile and is left to staff")
    @PostMapping
    ApiResponse<ClosureView> close(@RequestBody NewClosure closure, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(closures.close(caller, closure));
    }

    @Operation(summary = "Lift a closure now (managers): slots may be made in its time again")
    @DeleteMapping("/{id}")
    ApiResponse<ClosureView> lift(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(closures.lift(caller, id));
    }
}
