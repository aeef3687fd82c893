package com.courtrush.notice;

import com.courtrush.account.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.springframework.mail.MailException;
import org.springframework.stereotype.Service;

/**
 * A manager's setting up of the notices' channels (SPEC §17), for the staff API and the console alike: both
 * channels' settings, set (audited), tried with a test sent at once, and the staff alerts lately posted.
 */
@Service
public class ChannelSetup {

    private final NoticeChannels channels;
    private final Mailer mailer;
    private final StaffWebhook webhook;
    private final StaffAlerts alerts;
    private final AuditTrail audit;
    private final Clock clock;

    ChannelSetup(
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

    public NoticeChannels.Settings settings() {
        return channels.settings();
    }

    /** Sets the email channel (a manager's); a blank password keeps the one set before. */
    public NoticeChannels.Settings setEmail(boolean enabled, NoticeChannels.Email server, Caller manager) {
        manager.requireManager();
        NoticeChannels.Settings set = channels.setEmail(enabled, server);
        audit.record(
                manager.actor(),
                "SET_EMAIL_CHANNEL",
                "SETTING",
                "EMAIL",
                set.email().host() + ":" + set.email().port() + (enabled ? " on" : " off"));
        return set;
    }

    /** Sets the staff webhook (a manager's). */
    public NoticeChannels.Settings setWebhook(boolean enabled, NoticeChannels.Webhook target, Caller manager) {
        manager.requireManager();
        NoticeChannels.Settings set = channels.setWebhook(enabled, target);
        audit.record(manager.actor(), "SET_WEBHOOK", "SETTING", "WEBHOOK", enabled ? "on" : "off");
        return set;
    }

    /** Sends a test email now; answers the address it went to, or throws (409) with the server's reason. */
    public String testEmail(String to, Locale locale, Caller manager) {
        manager.requireManager();
        NoticeChannels.Email server =
                channels.email().orElseThrow(() -> CourtRushException.conflict("channel.emailOff"));
        String address = NoticeChannels.address(to);
        try {
            mailer.send(
                    server,
                    address,
                    "test-" + clock.millis(),
                    EngineMessages.format(locale, "channel.testSubject"),
                    EngineMessages.format(locale, "channel.testText"));
        } catch (MailException e) {
            throw CourtRushException.conflict("channel.testFailed", NoticeEmails.shortened(e));
        }
        return address;
    }

    /** Posts a test message to the webhook now; answers its address, or throws (409) with the receiver's reason. */
    public String testWebhook(Locale locale, Caller manager) {
        manager.requireManager();
        NoticeChannels.Webhook target =
                channels.webhook().orElseThrow(() -> CourtRushException.conflict("channel.webhookOff"));
        String refused = webhook.deliver(
                target,
                "TEST:" + clock.millis(),
                "TEST",
                "【CourtRush】" + EngineMessages.format(locale, "channel.testText"),
                LocalDateTime.now(clock));
        if (refused != null) {
            throw CourtRushException.conflict("channel.testFailed", refused);
        }
        return target.url();
    }

    /** The staff alerts lately posted, newest first, and how their delivery went. */
    public List<StaffAlerts.Delivery> alerts(int size) {
        return alerts.recent(size);
    }
}
