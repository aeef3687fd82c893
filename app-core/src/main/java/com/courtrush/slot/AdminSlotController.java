package com.courtrush.slot;

import com.courtrush.account.Caller;
import com.courtrush.slot.api.SlotDesk;
import com.courtrush.web.ApiResponse;
import com.fasterxml.jackson.annotation.JsonFormat;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: slots")
@RestController
class AdminSlotController {

    private final SlotDesk generator;

    AdminSlotController(SlotDesk generator) {
        this.generator = generator;
    }

    @Operation(summary = "Generate an opening's slots from a template (courts x hours x duration)")
    @PostMapping("/admin/sessions/{id}/slots/generate")
    ApiResponse<Map<String, List<Long>>> generate(
            @PathVariable @Positive long id,
            @Valid @RequestBody GenerateSlots request,
            @AuthenticationPrincipal Caller caller) {
        List<Long> ids = generator.generate(
                id,
                new SlotGenerator.SlotTemplate(
                        request.courtIds(),
                        request.startTime(),
                        request.endTime(),
                        request.durationMinutes(),
                        request.capacity() == null ? 1 : request.capacity(),
                        request.priceCents()),
                caller.actor());
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
