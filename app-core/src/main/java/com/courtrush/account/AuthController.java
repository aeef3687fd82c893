package com.courtrush.account;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.core.EngineMessages;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@Tag(name = "Auth", description = "Student and staff login")
@RestController
@RequestMapping("/auth")
class AuthController {

    private final AuthService auth;
    private final RushHours rush;

    AuthController(AuthService auth, RushHours rush) {
        this.auth = auth;
        this.rush = rush;
    }

    @Operation(
            summary = "Whether sign-ins are held now, and for how long",
            description = "In an opening's first seconds (courtrush.auth.sign-in-hold) a password is checked only "
                    + "once they are over; a sign-in sent then waits. The students' page asks this when a sign-in "
                    + "is slow, to say why and for how long.")
    @GetMapping("/sign-in-hold")
    ApiResponse<SignInHold> signInHold() {
        long msLeft = rush.left().toMillis();
        return ApiResponse.ok(new SignInHold(msLeft > 0, msLeft));
    }

    @Operation(
            summary = "Log in with a student id and password; answers a bearer token",
            description = "Failed sign-ins are counted per student id and per client address: past a few, the "
                    + "next ones wait longer each time (429 with Retry-After), before any password is checked.")
    @PostMapping("/login")
    CompletableFuture<ApiResponse<AuthService.LoginResult>> login(
            @Valid @RequestBody LoginRequest request, HttpServletRequest http) {
        return auth.login(request.studentId(), request.password(), http.getRemoteAddr())
                .thenApply(ApiResponse::ok);
    }

    @Operation(summary = "Change my password; every token of mine stops working and the answer carries a new one")
    @PostMapping("/password")
    CompletableFuture<ApiResponse<AuthService.LoginResult>> changePassword(
            @AuthenticationPrincipal Caller caller,
            @Valid @RequestBody PasswordChange request,
            HttpServletRequest http) {
        Locale locale = RequestLocales.of(http);
        return auth.changePassword(caller, request.currentPassword(), request.newPassword(), http.getRemoteAddr())
                .thenApply(changed -> ApiResponse.ok(EngineMessages.format(locale, "ok.passwordChanged"), changed));
    }

    @Operation(summary = "Log the presented token out, on every node")
    @PostMapping("/logout")
    ApiResponse<Void> logout(@AuthenticationPrincipal Caller caller, HttpServletRequest request) {
        auth.logout(caller);
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(request), "ok.loggedOut"), null);
    }

    @Operation(summary = "Who I am here: my id, role and what I book as (STUDENT or FACULTY), as of this request")
    @GetMapping("/me")
    ApiResponse<Me> me(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(new Me(caller.name(), caller.role(), caller.category()));
    }

    /** @param category what I book as (SPEC §21): the prices of /slots I pay ({@code prices[category]}) */
    record Me(String studentId, Role role, Category category) {}

    /** @param msLeft milliseconds until held sign-ins are checked; 0 when none are held */
    record SignInHold(boolean held, long msLeft) {}

    record PasswordChange(
            @NotBlank @Size(max = 128) String currentPassword,
            @NotBlank @Size(max = 128) String newPassword) {}

    record LoginRequest(
            @NotBlank @Pattern(regexp = StudentDirectory.STUDENT_ID_PATTERN)
            String studentId,

            @NotBlank @Size(max = 128) String password) {}
}
