package com.courtrush.reserve.pass;

import com.courtrush.account.api.Caller;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Students: booking pass", description = "For an opening that asks for one: a challenge, then a pass")
@RestController
class PassController {

    private final BookingPasses passes;

    PassController(BookingPasses passes) {
        this.passes = passes;
    }

    @Operation(
            summary = "A new challenge (an image code) for the opening, from its warm-up on; the earlier one is void")
    @PostMapping("/reserve/challenge")
    ApiResponse<BookingPasses.Challenge> challenge(
            @Valid @RequestBody ForOpening request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(passes.challenge(caller.requireUserId(), request.sessionId()));
    }

    @Operation(summary = "Answer the challenge: right, a booking pass for the opening; wrong, the attempts left")
    @PostMapping("/reserve/pass")
    ApiResponse<BookingPasses.Pass> answer(@Valid @RequestBody Answer request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(passes.answer(caller.requireUserId(), request.sessionId(), request.answer()));
    }

    record ForOpening(@NotNull @Positive Long sessionId) {}

    record Answer(
            @NotNull @Positive Long sessionId,
            @NotNull @Size(max = 16) String answer) {}
}
