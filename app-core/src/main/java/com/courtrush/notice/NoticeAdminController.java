package com.courtrush.notice;

import com.courtrush.account.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.web.ApiResponse;
import com.courtrush.web.RequestLocales;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.springframework.mail.MailException;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The notices' channels, set by a manager, and the staff alerts (SPEC §18). */
@Tag(name = "Notices (staff)", description = "Email and the staff webhook: settings, a test, the alerts sent")
@RestController
@Validated
class NoticeAdminController {

    private final NoticeChannels channels;
    private final Mailer mailer;
    private final StaffWebhook webhook;
    private final StaffAlerts alerts;
    private final AuditTrail audit;
    private final Clock clock;

    NoticeAdminController(
            NoticeChannels channels,
            Mailer mailer,
            StaffWebhook webhook,
            StaffAlerts alerts,
            AuditTrail audit,
            Clock clock) {
        this.channels = channels;
        this.mailer = mailer;
        this.webhook = webhook;
        this.alerts = alerts;
        this.audit = audit;
        this.clock = clock;
    }

    @Operation(summary = "Both channels' settings (the SMTP password only as set or not)")
    @GetMapping("/admin/notice-channels")
    ApiResponse<NoticeChannels.Settings> settings() {
        return ApiResponse.ok(channels.settings());
    }

    @Operation(summary = "Set the email channel (manager): the SMTP server; a blank password keeps the one set")
    @PutMapping("/admin/notice-channels/email")
    ApiResponse<NoticeChannels.Settings> setEmail(
            @RequestBody EmailChange change, @AuthenticationPrincipal Caller manager) {
        NoticeChannels.Settings set = channels.setEmail(change.enabled(), change.server());
        audit.record(
                manager.actor(),
                "SET_EMAIL_CHANNEL",
                "SETTING",
                "EMAIL",
                change.server().host() + ":" + change.server().port() + (change.enabled() ? " on" : " off"));
        return ApiResponse.ok(set);
    }

    @Operation(summary = "Set the staff webhook (manager): a WeCom/DingTalk robot (ROBOT) or a JSON receiver")
    @PutMapping("/admin/notice-channels/webhook")
    ApiResponse<NoticeChannels.Settings> setWebhook(
            @RequestBody WebhookChange change, @AuthenticationPrincipal Caller manager) {
        NoticeChannels.Settings set = channels.setWebhook(change.enabled(), change.webhook());
        audit.record(manager.actor(), "SET_WEBHOOK", "SETTING", "WEBHOOK", change.enabled() ? "on" : "off");
        return ApiResponse.ok(set);
    }

    @Operation(summary = "Send a test email now through the email channel's server (manager)")
    @PostMapping("/admin/notice-channels/email/test")
    ApiResponse<String> testEmail(@RequestBody TestEmail test, HttpServletRequest http) {
        NoticeChannels.Email server =
                channels.email().orElseThrow(() -> CourtRushException.conflict("channel.emailOff"));
        String to = NoticeChannels.address(test.to());
        Locale locale = RequestLocales.of(http);
        try {
            mailer.send(
                    server,
                    to,
                    "test-" + System.currentTimeMillis(),
                    EngineMessages.format(locale, "channel.testSubject"),
                    EngineMessages.format(locale, "channel.testText"));
        } catch (MailException e) {
            throw CourtRushException.conflict("channel.testFailed", NoticeEmails.shortened(e));
        }
        return ApiResponse.ok(EngineMessages.format(locale, "channel.testSent", to), to);
    }

    @Operation(summary = "Post a test message to the staff webhook now (manager)")
    @PostMapping("/admin/notice-channels/webhook/test")
    ApiResponse<String> testWebhook(HttpServletRequest http) {
        NoticeChannels.Webhook target =
                channels.webhook().orElseThrow(() -> CourtRushException.conflict("channel.webhookOff"));
        Locale locale = RequestLocales.of(http);
        String refused = webhook.deliver(
                target,
                "TEST:" + System.currentTimeMillis(),
                "TEST",
                "【CourtRush】" + EngineMessages.format(locale, "channel.testText"),
                LocalDateTime.now(clock));
        if (refused != null) {
            throw CourtRushException.conflict("channel.testFailed", refused);
        }
        return ApiResponse.ok(EngineMessages.format(locale, "channel.testSent", target.url()), target.url());
    }

    @Operation(summary = "The staff alerts lately posted, newest first, and how their delivery went")
    @GetMapping("/admin/staff-alerts")
    ApiResponse<List<StaffAlertMapper.Delivery>> recent(@RequestParam(defaultValue = "50") @Min(1) @Max(200) int size) {
        return ApiResponse.ok(alerts.recent(size));
    }

    record EmailChange(boolean enabled, NoticeChannels.Email server) {}

    record WebhookChange(boolean enabled, NoticeChannels.Webhook webhook) {}

    record TestEmail(String to) {}
}
