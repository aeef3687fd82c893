package com.courtrush.campus;

import com.courtrush.account.api.Caller;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseCookie;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Signing in by WeChat, the students' doors (SPEC §22): the page's start inside WeChat, WeChat's return, the
 * one-time code's exchange, and binding and unbinding the student's WeChat. Whether it is offered is in {@code GET
 * /auth/campus} ({@code wechat}).
 */
@Tag(name = "WeChat sign-in", description = "Inside WeChat's browser, a student whose WeChat is bound signs in by it")
@RestController
@RequestMapping("/auth/wechat")
class WechatController {

    /** Binds each step to the browser that started it; sent back only to this path. */
    static final String COOKIE = "courtrush_wechat";

    private final WechatSignIn wechat;

    WechatController(WechatSignIn wechat) {
        this.wechat = wechat;
    }

    @Operation(
            summary = "Begin signing in by WeChat: a redirect to the official account's OAuth (snsapi_base)",
            description = "Sets a cookie that binds the sign-in to this browser; its return to another browser fails.")
    @GetMapping("/start")
    ResponseEntity<Void> start(HttpServletRequest request) {
        String cookie = CampusFlows.random();
        URI to = wechat.start(cookie);
        String setCookie = ResponseCookie.from(COOKIE, cookie)
                .httpOnly(true)
                .secure(request.isSecure() || to.toString().startsWith("https:"))
                .sameSite("Lax")
                .path("/auth/wechat")
                .maxAge(CampusController.cookieAge())
                .build()
                .toString();
        return ResponseEntity.status(HttpStatus.FOUND)
                .header(HttpHeaders.SET_COOKIE, setCookie)
                .location(to)
                .build();
    }

    @Operation(summary = "WeChat's return with a code: on to the page, signed in, offered to bind, or told why not")
    @GetMapping("/return")
    ResponseEntity<Void> returned(
            @RequestParam(required = false) String state,
            @RequestParam(required = false) String code,
            @CookieValue(name = COOKIE, required = false) String cookie) {
        return ResponseEntity.status(HttpStatus.FOUND)
                .location(wechat.returned(state, code, cookie))
                .build();
    }

    @Operation(summary = "The page exchanges its one-time code for the engine's token (once, from this browser)")
    @PostMapping("/token")
    ApiResponse<Map<String, Object>> token(
            @RequestBody CampusController.Code body, @CookieValue(name = COOKIE, required = false) String cookie) {
        return ApiResponse.ok(CampusController.handedOff(wechat.fetch(body.code(), cookie), "wechat"));
    }

    @Operation(
            summary = "Bind the WeChat user WeChat sent back to this browser to the student signed in now",
            description = "After the student's own sign-in, with the one-time code of #wechat-bind=, from the same"
                    + " browser; from then on WeChat signs them in.")
    @PostMapping("/bind")
    ApiResponse<Map<String, Boolean>> bind(
            @AuthenticationPrincipal Caller caller,
            @RequestBody CampusController.Code body,
            @CookieValue(name = COOKIE, required = false) String cookie) {
        wechat.bind(caller, body.code(), cookie);
        return ApiResponse.ok(Map.of("bound", true));
    }

    @Operation(summary = "Whether the student's WeChat signs them in")
    @GetMapping("/binding")
    ApiResponse<Map<String, Boolean>> binding(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(Map.of("bound", wechat.bound(caller), "offered", wechat.offered()));
    }

    @Operation(summary = "Unbind the student's WeChat: it no longer signs them in")
    @DeleteMapping("/binding")
    ApiResponse<Map<String, Boolean>> unbind(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(Map.of("unbound", wechat.unbind(caller)));
    }
}
