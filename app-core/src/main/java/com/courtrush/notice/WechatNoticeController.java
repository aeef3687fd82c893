package com.courtrush.notice;

import com.courtrush.account.api.Caller;
import com.courtrush.notice.api.WechatJsConfig;
import com.courtrush.web.ApiResponse;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The official account's subscribe notifications (SPEC §22), a student's side: consents, muted kinds, the JS-SDK. */
@Tag(name = "WeChat notifications", description = "Notices also sent as the official account's subscribe notifications")
@RestController
@Validated
class WechatNoticeController {

    private final WechatSubscriptions subscriptions;

    WechatNoticeController(WechatSubscriptions subscriptions) {
        this.subscriptions = subscriptions;
    }

    @Operation(
            summary = "Whether my notices can also come by WeChat (an account set, templates chosen, my WeChat linked),"
                    + " the templates the open tag asks me to allow, the notifications of each WeChat will take, the"
                    + " kinds I muted")
    @GetMapping("/notices/wechat")
    ApiResponse<WechatSubscriptions.State> mine(@AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(subscriptions.state(caller.requireUserId()));
    }

    @Operation(
            summary = "WeChat's open tag said I allowed these templates: one notification of each more (the page"
                    + " posts what WeChat answered it)")
    @PostMapping("/notices/wechat/consents")
    ApiResponse<WechatSubscriptions.State> consent(
            @RequestBody Consents consents, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(subscriptions.consent(caller.requireUserId(), consents.templateIds()));
    }

    @Operation(
            summary = "What the page's wx.config takes for the page at url (its address without the fragment): the"
                    + " account's AppID, a timestamp, a nonce and their signature with the account's jsapi_ticket")
    @GetMapping("/notices/wechat/js-config")
    ApiResponse<WechatJsConfig> jsConfig(@RequestParam String url, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(subscriptions.jsConfig(caller.requireUserId(), url));
    }

    @Operation(summary = "The kinds of notice I do not want in WeChat (the inbox and email still carry them)")
    @PutMapping("/notices/wechat/muted")
    ApiResponse<WechatSubscriptions.State> mute(@RequestBody Muted muted, @AuthenticationPrincipal Caller caller) {
        return ApiResponse.ok(subscriptions.mute(caller.requireUserId(), muted.kinds()));
    }

    record Consents(List<String> templateIds) {}

    record Muted(List<String> kinds) {}
}
