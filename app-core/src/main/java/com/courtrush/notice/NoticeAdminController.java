package com.courtrush.notice;

import com.courtrush.account.api.Caller;
import com.courtrush.core.EngineMessages;
import com.courtrush.notice.api.AlertDelivery;
import com.courtrush.notice.api.ChannelSecrets;
import com.courtrush.notice.api.ChannelSettings;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.GivenUp;
import com.courtrush.notice.api.WebhookTarget;
import com.courtrush.notice.api.WechatAccountChange;
import com.courtrush.notice.api.WechatDelivery;
import com.courtrush.notice.api.WechatNoticeSettings;
import com.courtrush.notice.api.WechatTemplate;
import com.courtrush.notice.desk.NoticeDesk;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.util.List;
import java.util.Locale;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The notices' channels, set by a manager, and the staff alerts (SPEC §17). */
@Tag(
        name = "Notices (staff)",
        description = "Email, the staff webhook and WeChat notifications: settings, a test, what was sent")
@RestController
@Validated
class NoticeAdminController {

    private final NoticeDesk notices;

    NoticeAdminController(NoticeDesk notices) {
        this.notices = notices;
    }

    @Operation(
            summary = "Both channels' settings, their secrets masked (the SMTP password, the webhook URL's query),"
                    + " and the emails and staff alerts given up")
    @GetMapping("/admin/notice-channels")
    ApiResponse<ChannelSettings> settings() {
        return ApiResponse.ok(notices.settings());
    }

    @Operation(summary = "The channels' secrets in full: the SMTP password and the webhook URL (manager; audited)")
    @PostMapping("/admin/notice-channels/secrets")
    ApiResponse<ChannelSecrets> secrets(@AuthenticationPrincipal Caller manager) {
        return ApiResponse.ok(notices.secrets(manager));
    }

    @Operation(
            summary = "Send again the emails and staff alerts given up after trying for courtrush.notices.retry-for"
                    + " (manager)")
    @PostMapping("/admin/notice-channels/send-again")
    ApiResponse<GivenUp> sendAgain(@AuthenticationPrincipal Caller manager, HttpServletRequest http) {
        GivenUp again = notices.sendAgain(manager);
        return ApiResponse.ok(
                EngineMessages.format(RequestLocales.of(http), "channel.sentAgain", again.emails(), again.alerts()),
                again);
    }

    @Operation(summary = "Set the email channel (manager): the SMTP server; a blank password keeps the one set")
    @PutMapping("/admin/notice-channels/email")
    ApiResponse<ChannelSettings> setEmail(@RequestBody EmailChange change, @AuthenticationPrincipal Caller manager) {
        return ApiResponse.ok(notices.setEmail(change.enabled(), change.server(), manager));
    }

    @Operation(summary = "Set the staff webhook (manager): a WeCom/DingTalk robot (ROBOT) or a JSON receiver")
    @PutMapping("/admin/notice-channels/webhook")
    ApiResponse<ChannelSettings> setWebhook(
            @RequestBody WebhookChange change, @AuthenticationPrincipal Caller manager) {
        return ApiResponse.ok(notices.setWebhook(change.enabled(), change.webhook(), manager));
    }

    @Operation(
            summary = "Send a test email now through the email channel's server (manager): delivered, or 409 refused"
                    + " (the SMTP code) or unreachable")
    @PostMapping("/admin/notice-channels/email/test")
    ApiResponse<String> testEmail(
            @RequestBody TestEmail test, @AuthenticationPrincipal Caller manager, HttpServletRequest http) {
        Locale locale = RequestLocales.of(http);
        String to = notices.testEmail(test.to(), locale, manager);
        return ApiResponse.ok(EngineMessages.format(locale, "channel.delivered", to), to);
    }

    @Operation(
            summary = "Post a test message to the staff webhook now (manager): delivered, or 409 refused (its status),"
                    + " unreachable, or not allowed there")
    @PostMapping("/admin/notice-channels/webhook/test")
    ApiResponse<String> testWebhook(@AuthenticationPrincipal Caller manager, HttpServletRequest http) {
        Locale locale = RequestLocales.of(http);
        String url = notices.testWebhook(locale, manager);
        return ApiResponse.ok(EngineMessages.format(locale, "channel.delivered", url), url);
    }

    @Operation(summary = "The staff alerts lately posted, newest first, and how their delivery went")
    @GetMapping("/admin/staff-alerts")
    ApiResponse<List<AlertDelivery>> recent(@RequestParam(defaultValue = "50") @Min(1) @Max(200) int size) {
        return ApiResponse.ok(notices.alerts(size));
    }

    @Operation(
            summary = "The official account's notifications: its AppID, whether it is the simulator, the templates by"
                    + " kind of notice, the kinds and fields there are, how many deliveries were given up")
    @GetMapping("/admin/wechat-notices")
    ApiResponse<WechatNoticeSettings> wechatSettings() {
        return ApiResponse.ok(notices.wechatNotices());
    }

    @Operation(
            summary = "Set the official account on its own (manager; a gym without a WeChat Pay merchant): its AppID,"
                    + " AppSecret (blank: the one on file stays) and publicUrl, tried with WeChat; and every template at"
                    + " once: for a kind of notice, the template chosen in the account's console and each keyword's"
                    + " field (thing1: COURT); kinds not named are not sent to WeChat. Either left out stays as it is")
    @PutMapping("/admin/wechat-notices")
    ApiResponse<WechatNoticeSettings> setWechat(
            @RequestBody WechatNoticesChange change, @AuthenticationPrincipal Caller manager) {
        return ApiResponse.ok(notices.setWechatNotices(change.templates(), change.account(), manager));
    }

    @Operation(
            summary = "Send a kind's template to a student's WeChat now, from a made-up booking (manager): sent with"
                    + " WeChat's message id, or 409 saying why not (not linked, no consent: 43101, WeChat unreachable)")
    @PostMapping("/admin/wechat-notices/test")
    ApiResponse<String> testWechat(
            @RequestBody TestWechat test, @AuthenticationPrincipal Caller manager, HttpServletRequest http) {
        String msgId = notices.testWechatNotice(test.kind(), test.studentId(), manager);
        return ApiResponse.ok(EngineMessages.format(RequestLocales.of(http), "wechat.testSent", msgId), msgId);
    }

    @Operation(summary = "The latest notices sent to WeChat, newest first, and how each went")
    @GetMapping("/admin/wechat-notices/deliveries")
    ApiResponse<List<WechatDelivery>> wechatDeliveries(@RequestParam(defaultValue = "50") @Min(1) @Max(200) int size) {
        return ApiResponse.ok(notices.wechatDeliveries(size));
    }

    @Operation(
            summary = "Send again the notices given up after trying WeChat for courtrush.notices.retry-for (manager)")
    @PostMapping("/admin/wechat-notices/send-again")
    ApiResponse<Integer> sendWechatAgain(@AuthenticationPrincipal Caller manager) {
        return ApiResponse.ok(notices.sendWechatAgain(manager));
    }

    record EmailChange(boolean enabled, EmailServer server) {}

    record WebhookChange(boolean enabled, WebhookTarget webhook) {}

    record TestEmail(String to) {}

    record WechatNoticesChange(List<WechatTemplate> templates, WechatAccountChange account) {}

    record TestWechat(String kind, String studentId) {}
}
