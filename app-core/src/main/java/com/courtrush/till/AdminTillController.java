package com.courtrush.till;

import com.courtrush.account.api.Caller;
import com.courtrush.till.api.ReceiptView;
import com.courtrush.till.api.ShiftReport;
import com.courtrush.till.api.ShiftView;
import com.courtrush.till.desk.TillDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The desk's till on the staff API (issue 52): receipts, and shifts with their reports and close. */
@Tag(name = "Admin: till")
@RestController
@RequestMapping("/admin")
class AdminTillController {

    private final TillDesk till;
    private final Clock clock;

    AdminTillController(TillDesk till, Clock clock) {
        this.till = till;
        this.clock = clock;
    }

    @Operation(summary = "A receipt of money taken or given back at the desk, by its number")
    @GetMapping("/receipts/{receiptNo}")
    ApiResponse<ReceiptView> receipt(
            @PathVariable @Pattern(regexp = "R[PR][A-Za-z0-9]{1,78}") String receiptNo,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(till.receipt(receiptNo, caller));
    }

    @Operation(summary = "A booking's receipts, in order")
    @GetMapping("/receipts")
    ApiResponse<List<ReceiptView>> receiptsOf(
            @RequestParam @Positive long reservationId, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(till.receiptsOf(reservationId, caller));
    }

    @Operation(
            summary = "Open the caller's shift at a console (the shift left open there is closed by it, its cash not "
                    + "counted); audited")
    @PostMapping("/shifts")
    ApiResponse<ShiftReport> open(@Valid @RequestBody Opening opening, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(till.openShift(caller, opening.console()));
    }

    @Operation(summary = "The shifts opened on a day (default today): every one for a manager, one's own for staff")
    @GetMapping("/shifts")
    ApiResponse<List<ShiftView>> shifts(
            @RequestParam(required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate date,
            @RequestParam(required = false) @Positive Long venueId,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(till.shifts(date == null ? LocalDate.now(clock) : date, venueId, caller));
    }

    @Operation(
            summary = "A shift's report: per channel what was taken and given back by the receipts and by the orders, "
                    + "every receipt, and the cash counted at its close")
    @GetMapping("/shifts/{id}")
    ApiResponse<ShiftReport> shift(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(till.shift(id, caller));
    }

    @Operation(summary = "Close a shift with the cash counted in the drawer (cents) and a note; audited")
    @PostMapping("/shifts/{id}/close")
    ApiResponse<ShiftReport> close(
            @PathVariable @Positive long id,
            @Valid @RequestBody Closing closing,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(till.closeShift(id, closing.countedCash(), closing.note(), caller));
    }

    record Opening(@NotBlank @Size(max = 100) String console) {}

    record Closing(
            @Min(0) Integer countedCash, @Size(max = 200) String note) {}
}
