package com.courtrush.closure;

import com.courtrush.account.api.Caller;
import com.courtrush.closure.api.BlockView;
import com.courtrush.closure.api.NewBlock;
import com.courtrush.closure.desk.BlockDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Positive;
import java.time.LocalDate;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: blocks", description = "Class and team blocks: a court held every week for a term (SPEC §21)")
@RestController
@RequestMapping("/admin/blocks")
class AdminBlockController {

    private final BlockDesk blocks;

    AdminBlockController(BlockDesk blocks) {
        this.blocks = blocks;
    }

    @Operation(summary = "The blocks not yet over, and those of the last 30 days")
    @GetMapping
    ApiResponse<List<BlockView>> recent() {
        return ApiResponse.ok(blocks.recent());
    }

    @Operation(
            summary = "Hold a court every week (weekday 1 = Monday … 7) from one hour to another for a term (managers):"
                    + " its slots are made held, never on sale; those already made leave sale, their bookings"
                    + " cancelled or refunded with the label and their students told; 409 CONFLICT with the block in"
                    + " data when a booking changed meanwhile and is left to staff")
    @PostMapping
    ApiResponse<BlockView> hold(@RequestBody NewBlock block, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(blocks.hold(caller, block));
    }

    @Operation(summary = "Skip one date of a block (managers): that week's slot is put on sale")
    @PostMapping("/{id}/skips/{day}")
    ApiResponse<BlockView> skip(
            @PathVariable @Positive long id, @PathVariable LocalDate day, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(blocks.skip(caller, id, day));
    }

    @Operation(summary = "End a block now (managers): its slots not yet begun are put on sale")
    @DeleteMapping("/{id}")
    ApiResponse<BlockView> end(@PathVariable @Positive long id, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(blocks.end(caller, id));
    }
}
