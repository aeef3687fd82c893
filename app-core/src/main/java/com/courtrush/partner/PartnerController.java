package com.courtrush.partner;

import com.courtrush.account.api.Caller;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Partners on a booking (SPEC §17). */
@Tag(name = "Partners", description = "Name who plays with you; be named, and accept or decline")
@RestController
@Validated
class PartnerController {

    private final Partners partners;

    PartnerController(Partners partners) {
        this.partners = partners;
    }

    @Operation(summary = "Name a partner on my booking by student id (they are asked; I see 'invited' until then)")
    @PostMapping("/reservations/{reservationId}/partners")
    ApiResponse<List<Partners.Partner>> name(
            @PathVariable @Positive long reservationId,
            @RequestBody Named body,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(partners.name(caller.requireUserId(), reservationId, body.studentId()));
    }

    @Operation(summary = "Take a partner's name back from my booking")
    @DeleteMapping("/reservations/{reservationId}/partners/{partnerId}")
    ApiResponse<List<Partners.Partner>> withdraw(
            @PathVariable @Positive long reservationId,
            @PathVariable @Positive long partnerId,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(partners.withdraw(caller.requireUserId(), reservationId, partnerId));
    }

    @Operation(summary = "Bookings I was named on, waiting for my answer")
    @GetMapping("/reservations/invitations")
    ApiResponse<List<Partners.Invitation>> invitations(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(partners.invitations(caller.requireUserId()));
    }

    @Operation(summary = "Accept being a partner (refused past the bookings a student may play in a day)")
    @PostMapping("/reservations/invitations/{partnerId}/accept")
    ApiResponse<Partners.Partner> accept(
            @PathVariable @Positive long partnerId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(partners.answer(caller.requireUserId(), partnerId, true));
    }

    @Operation(summary = "Decline being a partner")
    @PostMapping("/reservations/invitations/{partnerId}/decline")
    ApiResponse<Partners.Partner> decline(
            @PathVariable @Positive long partnerId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(partners.answer(caller.requireUserId(), partnerId, false));
    }

    record Named(String studentId) {}
}
