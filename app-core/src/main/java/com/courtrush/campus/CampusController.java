package com.courtrush.campus;

import com.courtrush.account.AuthService;
import com.courtrush.account.api.Caller;
import com.courtrush.campus.api.CampusOffer;
import com.courtrush.web.ApiResponse;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The campus sign-in's doors for the students' page and for the directory (SPEC §18). The page's sign-in is a
 * navigation: {@code /start} sends the browser to the directory, whose return comes to {@code /cas} or
 * {@code /oidc} and is sent on to the page with a one-time code ({@code #campus=}) or a reason
 * ({@code #campus-error=}); the page exchanges the code at {@code /token}. The directory's single logout POSTs to
 * {@code /cas} (CAS) or {@code /oidc/logout} (back-channel).
 */
@Tag(name = "Campus sign-in", description = "The university's own account, by CAS 3.0 or OpenID Connect")
@RestController
@RequestMapping("/auth/campus")
class CampusController {

    /** Binds each step of a sign-in to the browser that started it; sent back only to this path. */
    static final String COOKIE = "courtrush_campus";

    /** Sign-ins one client address may begin in a minute, on one node. */
    static final int STARTS_PER_MINUTE = 30;

    private final CampusSignIn campus;
    private final WechatSignIn wechat;
    private final Map<String, Bucket> starts = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(2))
            .<String, Bucket>build()
            .asMap();

    CampusController(CampusSignIn campus, WechatSignIn wechat) {
        this.campus = campus;
        this.wechat = wechat;
    }

    private static Bucket startsPerAddress() {
        return Bucket.builder()
                .addLimit(Bandwidth.builder()
                        .capacity(STARTS_PER_MINUTE)
                        .refillGreedy(STARTS_PER_MINUTE, Duration.ofMinutes(1))
                        .build())
                .build();
    }

    @Operation(
            summary = "Whether the page offers the campus account, by which protocol, and the gym's name for it;"
                    + " whether WeChat's browser signs in by WeChat")
    @GetMapping
    ApiResponse<CampusOffer> offer() {
        return ApiResponse.ok(campus.offer().withWechat(wechat.offered()));
    }

    @Operation(
            summary = "Begin a campus sign-in: a redirect to the university's sign-in page",
            description = "Sets a cookie that binds the sign-in to this browser; its return to another browser fails.")
    @GetMapping("/start")
    CompletableFuture<ResponseEntity<Void>> start(HttpServletRequest request) {
        if (!starts.computeIfAbsent(request.getRemoteAddr(), address -> startsPerAddress())
                .tryConsume(1)) {
            // each start keeps a few hundred bytes in Redis for ten minutes: not without end for one address
            return CompletableFuture.completedFuture(found(campus.tooManyStarts()));
        }
        String cookie = CampusFlows.random();
        String setCookie = ResponseCookie.from(COOKIE, cookie)
                .httpOnly(true)
                // Secure when students reach the engine by https, even behind a proxy that does not say so
                .secure(request.isSecure() || campus.publicAddressIsHttps())
                .sameSite("Lax")
                .path("/auth/campus")
                .maxAge(cookieAge())
                .build()
                .toString();
        return campus.start(cookie)
                .thenApply(to -> ResponseEntity.status(HttpStatus.FOUND)
                        .header(HttpHeaders.SET_COOKIE, setCookie)
                        .location(to)
                        .build());
    }

    @Operation(summary = "The CAS server's return with a service ticket: on to the page, signed in or told why not")
    @GetMapping("/cas")
    CompletableFuture<ResponseEntity<Void>> casReturned(
            @RequestParam(required = false) String state,
            @RequestParam(required = false) String ticket,
            @CookieValue(name = COOKIE, required = false) String cookie) {
        return campus.casReturned(state, ticket, cookie).thenApply(CampusController::found);
    }

    @Operation(
            summary = "The CAS server's single logout (a SAML LogoutRequest): the engine's tokens of that ticket end",
            description = "Ends them on every node within a second.")
    @PostMapping(path = "/cas", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ApiResponse<Map<String, Integer>> casLoggedOut(@RequestParam String logoutRequest) {
        return ApiResponse.ok(Map.of("ended", campus.casLoggedOut(logoutRequest)));
    }

    @Operation(summary = "The OpenID provider's return with a code: on to the page, signed in or told why not")
    @GetMapping("/oidc")
    CompletableFuture<ResponseEntity<Void>> oidcReturned(
            @RequestParam(required = false) String state,
            @RequestParam(required = false) String code,
            @RequestParam(required = false) String error,
            @CookieValue(name = COOKIE, required = false) String cookie) {
        return campus.oidcReturned(state, code, error, cookie).thenApply(CampusController::found);
    }

    @Operation(
            summary =
                    "OpenID Connect back-channel logout: a checked logout token ends the engine's tokens of its session")
    @PostMapping(path = "/oidc/logout", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    CompletableFuture<ApiResponse<Map<String, Integer>>> oidcLoggedOut(@RequestParam("logout_token") String token) {
        return campus.oidcLoggedOut(token).thenApply(ended -> ApiResponse.ok(Map.of("ended", ended)));
    }

    @Operation(summary = "The page exchanges its one-time code for the engine's token (once, from this browser)")
    @PostMapping("/token")
    ApiResponse<Map<String, Object>> token(
            @RequestBody Code body, @CookieValue(name = COOKIE, required = false) String cookie) {
        return ApiResponse.ok(handedOff(campus.fetch(body.code(), cookie), "campus"));
    }

    /** A sign-in handed off to the page: the answer of /auth/login, and {@code via: true} (campus, wechat). */
    static Map<String, Object> handedOff(AuthService.LoginResult login, String via) {
        Map<String, Object> answer = new HashMap<>();
        answer.put("token", login.token());
        answer.put("expiresAt", login.expiresAt());
        answer.put("studentId", login.studentId());
        answer.put("name", login.name());
        answer.put("role", login.role());
        answer.put(via, true);
        return answer;
    }

    @Operation(summary = "Sign out here; the answer offers the university's own logout (null when there is none)")
    @PostMapping("/logout")
    ApiResponse<Map<String, String>> logout(@AuthenticationPrincipal Caller caller) {
        Map<String, String> answer = new HashMap<>();
        answer.put("directoryLogout", campus.signOut(caller));
        return ApiResponse.ok(answer);
    }

    private static ResponseEntity<Void> found(URI to) {
        return ResponseEntity.status(HttpStatus.FOUND).location(to).build();
    }

    record Code(String code) {}

    /** How long the binding cookie lives: a sign-in and its hand-off. */
    static Duration cookieAge() {
        return CampusFlows.START_TTL.plus(CampusFlows.HANDOFF_TTL);
    }
}
