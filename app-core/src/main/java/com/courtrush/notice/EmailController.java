package com.courtrush.notice;

import com.courtrush.account.api.Caller;
import com.courtrush.core.EngineMessages;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** A student's email for notices, and "forgot password" by email (SPEC §17). */
@Tag(name = "Email", description = "My address for notices; a forgotten password reset by a code sent to it")
@RestController
class EmailController {

    private final EmailAddresses addresses;
    private final NoticeChannels channels;

    EmailController(EmailAddresses addresses, NoticeChannels channels) {
        this.addresses = addresses;
        this.channels = channels;
    }

    @Operation(summary = "What this gym offers before sign-in: whether a forgotten password can be reset by email")
    @GetMapping("/auth/options")
    ApiResponse<Map<String, Boolean>> options() {
        return ApiResponse.ok(Map.of("emailReset", channels.email().isPresent()));
    }

    @Operation(summary = "My email address for notices, whether it is verified, and whether this gym sends email")
    @GetMapping("/auth/email")
    ApiResponse<EmailAddresses.State> state(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(addresses.state(caller.requireUserId()));
    }

    @Operation(summary = "Add or change my address: a six-digit code is sent to it (one a minute at most)")
    @PutMapping("/auth/email")
    ApiResponse<EmailAddresses.State> add(
            @RequestBody Address body, @AuthenticationPrincipal Caller caller, HttpServletRequest http) {
        EmailAddresses.State state = addresses.add(caller.requireUserId(), body.email());
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "email.codeSent", state.email()), state);
    }

    @Operation(summary = "The code sent to my address: notices are emailed to it from now on")
    @PostMapping("/auth/email/verify")
    ApiResponse<EmailAddresses.State> verify(@RequestBody Code body, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(addresses.verify(caller.requireUserId(), body.code()));
    }

    @Operation(summary = "Remove my address: no more email")
    @DeleteMapping("/auth/email")
    ApiResponse<EmailAddresses.State> remove(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(addresses.remove(caller.requireUserId()));
    }

    @Operation(
            summary =
                    "Forgot my password: a code to my verified address, if I have one (the answer is the same if not)")
    @PostMapping("/auth/forgot")
    ApiResponse<Void> forgot(@RequestBody Forgot body, HttpServletRequest http) {
        addresses.forgot(body.studentId());
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "email.resetSent"), null);
    }

    @Operation(summary = "The code from the email and a new password: every sign-in of mine ends")
    @PostMapping("/auth/reset")
    ApiResponse<Void> reset(@RequestBody Reset body, HttpServletRequest http) {
        addresses.reset(body.studentId(), body.code(), body.newPassword());
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "email.passwordReset"), null);
    }

    record Address(String email) {}

    record Code(String code) {}

    record Forgot(String studentId) {}

    record Reset(String studentId, String code, String newPassword) {}
}
