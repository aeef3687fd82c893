package com.courtrush.account;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.NewStaff;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Admin: staff accounts", description = "Managers (and the admin token) only")
@RestController
@RequestMapping("/admin/staff")
class AdminStaffController {

    private final StaffAccountDesk staff;

    AdminStaffController(StaffAccountDesk staff) {
        this.staff = staff;
    }

    @Operation(summary = "Every staff account, managers first")
    @GetMapping
    ApiResponse<List<StaffMember>> list(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(staff.list(caller));
    }

    @Operation(summary = "Create a staff account (role STAFF or MANAGER); its id must be nobody's, student or staff")
    @PostMapping
    ApiResponse<StaffMember> create(
            @Valid @RequestBody NewStaffRequest request, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(staff.create(
                new NewStaff(request.staffId(), request.name(), request.password(), request.role()), caller));
    }

    @Operation(summary = "Set a staff member's password; every token of theirs stops working, on every node")
    @PostMapping("/{id}/password")
    ApiResponse<Void> resetPassword(
            @PathVariable @Positive long id,
            @Valid @RequestBody AdminStudentController.NewPassword request,
            @AuthenticationPrincipal Caller caller) {
        staff.resetPassword(id, request.password(), caller);
        return ApiResponse.ok(null);
    }

    @Operation(summary = "Enable or disable a staff account (never the last active manager)")
    @PostMapping("/{id}/active")
    ApiResponse<StaffMember> setActive(
            @PathVariable @Positive long id,
            @Valid @RequestBody AdminStudentController.Activity request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(staff.setActive(id, request.active(), caller));
    }

    @Operation(summary = "Make a staff account STAFF or MANAGER (never the last active manager STAFF)")
    @PostMapping("/{id}/role")
    ApiResponse<StaffMember> setRole(
            @PathVariable @Positive long id,
            @Valid @RequestBody NewRole request,
            @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(staff.setRole(id, request.role(), caller));
    }

    record NewStaffRequest(
            @NotNull @Size(max = 32) String staffId,
            @NotNull @Size(max = 64) String name,
            @NotNull @Size(max = 128) String password,
            @NotNull Role role) {}

    record NewRole(@NotNull Role role) {}
}
