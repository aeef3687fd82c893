package com.courtrush.campus;

import com.courtrush.account.api.Caller;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** The campus sign-in's settings on the staff API (SPEC §18): staff read them, a manager sets and tries them. */
@Tag(name = "Campus sign-in (staff)", description = "CAS or OpenID Connect: settings, a try of the directory")
@RestController
class CampusAdminController {

    private final CampusSignInDesk desk;

    CampusAdminController(CampusSignInDesk desk) {
        this.desk = desk;
    }

    @Operation(summary = "The campus sign-in's settings, the client secret masked")
    @GetMapping("/admin/campus-sign-in")
    ApiResponse<CampusSignInSettings> settings() {
        return ApiResponse.ok(desk.settings());
    }

    @Operation(
            summary = "Set the campus sign-in (manager; audited)",
            description = "Checked when saved; turning it on asks the directory first and is refused (409) when it "
                    + "does not answer as CAS 3.0 or OpenID Connect should. The mask in place of the secret keeps "
                    + "the saved one; a blank secret clears it.")
    @PutMapping("/admin/campus-sign-in")
    ApiResponse<CampusSignInSettings> save(
            @RequestBody CampusSignInSettings settings, @AuthenticationPrincipal Caller manager) {
        return ApiResponse.ok(desk.save(settings, manager));
    }

    @Operation(summary = "Try these settings (saved or not): what the directory answered, line by line (manager)")
    @PostMapping("/admin/campus-sign-in/try")
    ApiResponse<CampusTrial> tryIt(
            @RequestBody CampusSignInSettings settings,
            @AuthenticationPrincipal Caller manager,
            HttpServletRequest http) {
        return ApiResponse.ok(desk.tryIt(settings, RequestLocales.of(http), manager));
    }
}
