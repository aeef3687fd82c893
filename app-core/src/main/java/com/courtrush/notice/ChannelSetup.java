package com.courtrush.notice;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.EngineText;
import com.courtrush.notice.api.AlertDelivery;
import com.courtrush.notice.api.ChannelSecrets;
import com.courtrush.notice.api.ChannelSettings;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.GivenUp;
import com.courtrush.notice.api.WebhookTarget;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.springframework.mail.MailException;
import org.springframework.stereotype.Service;

/**
 * A manager's setting up of the notices' channels (SPEC §17), for the staff API and the console alike: both
 * channels' settings, their secrets masked for everyone and shown in full to a manager who asks (audited), set
 * (audited), tried with a test sent at once and answered in the engine's words; the staff alerts lately posted; and
 * what was given up after trying for {@code courtrush.notices.retry-for}, sent again.
 */
@Service
public class ChannelSetup {

    private final NoticeChannels channels;
    private final Mailer mailer;
    private final StaffWebhook webhook;
    private final NoticeEmails emails;
    private final StaffAlerts alerts;
    private final AuditTrail audit;
    private final Clock clock;

    ChannelSetup(
            NoticeChannels channels,
            Mailer mailer,
            StaffWebhook webhook,
            NoticeEmails emails,
            StaffAlerts alerts,
            AuditTrail audit,
            Clock clock) {
        this.channels = channels;
        this.mailer = mailer;
        this.webhook = webhook;
        this.emails = emails;
        this.alerts = alerts;
        this.audit = audit;
        this.clock = clock;
    }

    /** Both channels' settings, their secrets masked (for every caller), and what waits to be sent again. */
    public ChannelSettings settings() {
        return channels.settings(new GivenUp(emails.givenUp(), alerts.givenUp()));
    }

    /** The channels' secrets in full, for a manager who asks: recorded in the audit log. */
    public ChannelSecrets secrets(Caller manager) {
        ChannelSecrets secrets = channels.secrets();
        audit.record(manager.actor(), AuditAction.SHOW_CHANNEL_SECRETS, AuditTarget.SETTING, "NOTICE_CHANNELS");
        return secrets;
    }

    /** Sets the email channel (a manager's); a blank password keeps the one set before. */
    public ChannelSettings setEmail(boolean enabled, EmailServer server, Caller manager) {
        channels.setEmail(enabled, server);
        ChannelSettings set = settings();
        audit.record(
                manager.actor(),
                AuditAction.SET_EMAIL_CHANNEL,
                AuditTarget.SETTING,
                "EMAIL",
                new EngineText(
                        "audit.emailChannelSet",
                        AuditActors.onOff(enabled),
                        set.email().host(),
                        set.email().port()));
        return set;
    }

    /** Sets the staff webhook (a manager's); its URL as shown (masked) keeps the one set before. */
    public ChannelSettings setWebhook(boolean enabled, WebhookTarget target, Caller manager) {
        channels.setWebhook(enabled, target);
        audit.record(
                manager.actor(),
                AuditAction.SET_WEBHOOK,
                AuditTarget.SETTING,
                "WEBHOOK",
                new EngineText("audit.webhookSet", AuditActors.onOff(enabled)));
        return settings();
    }

    /** Sends a test email now; answers the address it was delivered to, or throws (409) saying how it went. */
    public String testEmail(String to, Locale locale, Caller manager) {
        EmailServer server = channels.email().orElseThrow(() -> CourtRushException.conflict("channel.emailOff"));
        String address = NoticeChannels.address(to);
        try {
            mailer.send(
                    server,
                    address,
                    "test-" + clock.millis(),
                    EngineMessages.format(locale, "channel.testSubject"),
                    EngineMessages.format(locale, "channel.testText"));
        } catch (MailException e) {
            throw failed(Mailer.attempt(e), address);
        }
        return address;
    }

    /**
     * Posts a test message to the webhook now; answers where it was delivered (its URL masked), or throws (409)
     * saying how it went: refused with the receiver's status, unreachable, or not allowed there.
     */
    public String testWebhook(Locale locale, Caller manager) {
        WebhookTarget target = channels.webhook().orElseThrow(() -> CourtRushException.conflict("channel.webhookOff"));
        String shown = NoticeChannels.masked(target.url());
        Attempt attempt = webhook.deliver(
                target,
                "TEST:" + clock.millis(),
                "TEST",
                "【CourtRush】" + EngineMessages.format(locale, "channel.testText"),
                LocalDateTime.now(clock));
        if (!attempt.delivered()) {
            throw failed(attempt, shown);
        }
        return shown;
    }

    private static CourtRushException failed(Attempt attempt, String target) {
        EngineText text = attempt.text(target);
        return CourtRushException.conflict(text.key(), text.args());
    }

    /** The staff alerts lately posted, newest first, and how their delivery went. */
    public List<AlertDelivery> alerts(int size) {
        return alerts.recent(size);
    }

    /**
     * The emails and staff alerts given up, tried again from now for as long again (a manager's, audited): how
     * many of each.
     */
    public GivenUp sendAgain(Caller manager) {
        GivenUp again = new GivenUp(emails.sendAgain(), alerts.sendAgain());
        audit.record(
                manager.actor(),
                AuditAction.SEND_AGAIN,
                AuditTarget.SETTING,
                "NOTICE_CHANNELS",
                new EngineText("audit.sentAgain", again.emails(), again.alerts()));
        return again;
    }
}
