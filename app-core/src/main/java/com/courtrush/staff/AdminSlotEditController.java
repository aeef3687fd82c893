package com.courtrush.staff;

import com.courtrush.account.api.Caller;
import com.courtrush.slot.api.GeneratedDay;
import com.courtrush.slot.api.SlotTemplate;
import com.courtrush.slot.api.SlotView;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.staff.api.WithdrawalImpact;
import com.courtrush.staff.desk.StaffDesk;
import com.courtrush.web.ApiResponse;
import com.fasterxml.jackson.annotation.JsonFormat;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** What the console does to slots, over HTTP for headless nodes: edit, withdraw, put back, a run of days. */
@Tag(name = "Admin: slots")
@RestController
@RequestMapping("/admin/slots")
class AdminSlotEditController {

    private final SlotDesk slots;
    private final StaffDesk staff;

    AdminSlotEditController(SlotDesk slots, StaffDesk staff) {
        this.slots = slots;
        this.staff = staff;
    }

    @Operation(summary = "Change a slot's capacity (not below what is booked) and price; a live opening is re-synced")
    @PutMapping("/{id}")
    ApiResponse<SlotView> edit(
            @PathVariable @Positive long id,
            @Valid @RequestBody SlotChange request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(slots.update(id, request.capacity(), request.priceCents(), caller));
    }

    @Operation(summary = "What withdrawing a slot would do: unpaid reservations cancelled, paid ones refunded")
    @GetMapping("/{id}/withdrawal")
    ApiResponse<WithdrawalImpact> impact(@PathVariable @Positive long id) {
        return ApiResponse.ok(staff.impact(id));
    }

    @Operation(
            summary = "Take a slot off sale even when booked: its unpaid reservations are cancelled and paid "
                    + "ones refunded, with the reason (audited)")
    @PostMapping("/{id}/withdraw")
    ApiResponse<WithdrawalImpact> withdraw(
            @PathVariable @Positive long id,
            @Valid @RequestBody Reason request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(staff.withdraw(id, request.reason(), caller));
    }

    @Operation(summary = "Put a withdrawn slot back on sale (refused when it would overlap an active slot)")
    @PostMapping("/{id}/enable")
    ApiResponse<SlotView> enable(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(slots.setActive(id, true, caller));
    }

    @Operation(
            summary = "Generate a run of days from one template: each day's opening (created when missing) and "
                    + "slots; a day that overlaps is reported and the others are still made")
    @PostMapping("/generate-days")
    ApiResponse<List<GeneratedDay>> generateDays(
            @Valid @RequestBody Days request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(slots.generateDays(
                request.firstDate(),
                request.days(),
                request.flashTime(),
                Boolean.TRUE.equals(request.flashDayBefore()),
                request.perUserLimit(),
                new SlotTemplate(
                        request.courtIds(),
                        request.startTime(),
                        request.endTime(),
                        request.durationMinutes(),
                        request.capacity(),
                        request.priceCents()),
                caller));
    }

    record SlotChange(
            @NotNull @Min(1) @Max(1000) Integer capacity,
            @Min(0) @Max(10_000_000) Integer priceCents) {}

    record Reason(@NotBlank @Size(max = 200) String reason) {}

    record Days(
            @NotNull LocalDate firstDate,
            @NotNull @Min(1) @Max(31) Integer days,
            @NotNull @JsonFormat(pattern = "HH:mm") LocalTime flashTime,
            Boolean flashDayBefore,
            @NotNull @Min(1) @Max(100) Integer perUserLimit,
            @NotNull @Size(min = 1, max = 100) List<Long> courtIds,
            @NotNull @JsonFormat(pattern = "HH:mm") LocalTime startTime,
            @NotNull @JsonFormat(pattern = "HH:mm") LocalTime endTime,
            @NotNull Integer durationMinutes,
            Integer capacity,
            Integer priceCents) {}
}
