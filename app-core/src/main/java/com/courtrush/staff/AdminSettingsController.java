package com.courtrush.staff;

import com.courtrush.account.api.Caller;
import com.courtrush.staff.api.StaffSettingsView;
import com.courtrush.staff.desk.StaffDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: settings", description = "The settings of the console's Settings screen; changed by managers")
@RestController
@RequestMapping("/admin/settings")
class AdminSettingsController {

    private final StaffDesk staff;

    AdminSettingsController(StaffDesk staff) {
        this.staff = staff;
    }

    @Operation(
            summary = "The settings: live ones (every node, at once) and this node's start-up ones (at its "
                    + "next start); passwords only as set or not; never the signing secret or the admin token")
    @GetMapping
    ApiResponse<StaffSettingsView> read() {
        return ApiResponse.ok(staff.settings());
    }

    @Operation(
            summary = "Change some settings (managers): all checked first, nothing saved if one is wrong; "
                    + "the answer says whether this node must restart")
    @PutMapping
    ApiResponse<StaffSettingsView> update(@Valid @RequestBody Changes request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(staff.update(request.values(), false, caller));
    }

    record Changes(@NotNull @Size(min = 1, max = 64) Map<String, @Size(max = 1024) String> values) {}
}
