package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.notice.api.AlertDelivery;
import com.courtrush.notice.api.ChannelSettings;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.GivenUp;
import com.courtrush.notice.api.SmtpSecurity;
import com.courtrush.notice.api.WebhookFormat;
import com.courtrush.notice.api.WebhookTarget;
import com.courtrush.notice.desk.NoticeDesk;
import java.time.format.DateTimeFormatter;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The notices' channels on the Settings screen (SPEC §17): the gym's SMTP server for students' email and the staff
 * webhook, each saved and tried with a test at once through the engine's rules (a manager's); the webhook's address
 * shown with its key masked until the manager asks to see it (audited); the staff alerts lately posted; and the
 * emails and alerts given up after days of trying, with "send again".
 */
public final class NoticeChannelsViewModel {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("MM-dd HH:mm:ss");
    private static final int ALERTS_SHOWN = 5;

    private final NoticeDesk desk;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;

    private final BooleanProperty emailEnabled = new SimpleBooleanProperty();
    private final StringProperty host = new SimpleStringProperty("");
    private final StringProperty port = new SimpleStringProperty("587");
    private final ObjectProperty<SmtpSecurity> security = new SimpleObjectProperty<>(SmtpSecurity.STARTTLS);
    private final StringProperty username = new SimpleStringProperty("");
    private final StringProperty password = new SimpleStringProperty("");
    private final BooleanProperty passwordSet = new SimpleBooleanProperty();
    private final StringProperty from = new SimpleStringProperty("");
    private final StringProperty testTo = new SimpleStringProperty("");
    private final BooleanProperty webhookEnabled = new SimpleBooleanProperty();
    private final StringProperty url = new SimpleStringProperty("");
    private final ObjectProperty<WebhookFormat> format = new SimpleObjectProperty<>(WebhookFormat.ROBOT);
    private final BooleanProperty urlMasked = new SimpleBooleanProperty();
    private final StringProperty alerts = new SimpleStringProperty("");
    private final StringProperty givenUp = new SimpleStringProperty("");
    private final BooleanProperty canSendAgain = new SimpleBooleanProperty();

    public NoticeChannelsViewModel(NoticeDesk desk, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.desk = desk;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    public void load() {
        tasks.run(i18n.t("channels.title"), () -> new Loaded(desk.settings(), desk.alerts(ALERTS_SHOWN)), this::show);
    }

    private void show(Loaded loaded) {
        ChannelSettings settings = loaded.settings();
        emailEnabled.set(settings.emailEnabled());
        if (settings.email() != null) {
            host.set(settings.email().host());
            port.set(Integer.toString(settings.email().port()));
            security.set(settings.email().security());
            username.set(
                    settings.email().username() == null ? "" : settings.email().username());
            from.set(settings.email().from());
            passwordSet.set(settings.email().password() != null);
        }
        password.set("");
        webhookEnabled.set(settings.webhookEnabled());
        if (settings.webhook() != null) {
            url.set(settings.webhook().url());
            format.set(settings.webhook().format());
        }
        urlMasked.set(url.get().contains(ChannelSettings.MASK));
        GivenUp waiting = settings.givenUp();
        boolean any = waiting != null && waiting.emails() + waiting.alerts() > 0;
        canSendAgain.set(any);
        givenUp.set(any ? i18n.t("channels.givenUp", waiting.emails(), waiting.alerts()) : "");
        alerts.set(
                loaded.alerts().isEmpty()
                        ? i18n.t("channels.noAlerts")
                        : String.join(
                                "\n",
                                loaded.alerts().stream()
                                        .map(alert -> i18n.t(
                                                "channels.alert",
                                                WHEN.format(alert.createTime()),
                                                i18n.t("channels.kind." + alert.kind()),
                                                i18n.t("channels.state." + alert.state()),
                                                alert.attempts()))
                                        .toList()));
    }

    /** Saves the email channel; a blank password keeps the one set. */
    public void saveEmail() {
        boolean enabled = emailEnabled.get();
        String portText = port.get().strip();
        String server = host.get();
        String user = username.get();
        String secret = password.get();
        String sender = from.get();
        SmtpSecurity protection = security.get();
        tasks.run(
                i18n.t("channels.saveEmail"),
                () -> desk.setEmail(
                        enabled, new EmailServer(server, port(portText), user, secret, sender, protection), staff),
                saved -> {
                    notices.info(i18n.t("channels.saved"));
                    load();
                });
    }

    private int port(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new InputRefused(i18n.t("channels.badPort", text));
        }
    }

    public void saveWebhook() {
        WebhookTarget webhook = new WebhookTarget(url.get(), format.get());
        boolean enabled = webhookEnabled.get();
        tasks.run(i18n.t("channels.saveWebhook"), () -> desk.setWebhook(enabled, webhook, staff), saved -> {
            notices.info(i18n.t("channels.saved"));
            load();
        });
    }

    public void testEmail() {
        String to = testTo.get();
        tasks.run(
                i18n.t("channels.testEmail"),
                () -> desk.testEmail(to, i18n.locale(), staff),
                address -> notices.info(i18n.t("channels.tested", address)));
    }

    public void testWebhook() {
        tasks.run(
                i18n.t("channels.testWebhook"),
                () -> desk.testWebhook(i18n.locale(), staff),
                address -> notices.info(i18n.t("channels.tested", address)));
    }

    /** The webhook's address in full, in place of the masked one (the engine records who asked). */
    public void showSecrets() {
        tasks.run(i18n.t("channels.showSecret"), () -> desk.secrets(staff), secrets -> {
            if (secrets.webhookUrl() != null) {
                url.set(secrets.webhookUrl());
            }
            urlMasked.set(false);
        });
    }

    /** The emails and staff alerts given up, tried again for as long again; says how many. */
    public void sendAgain() {
        tasks.run(i18n.t("channels.sendAgain"), () -> desk.sendAgain(staff), again -> {
            notices.info(i18n.t("channels.sentAgain", again.emails(), again.alerts()));
            load();
        });
    }

    public BooleanProperty emailEnabledProperty() {
        return emailEnabled;
    }

    public StringProperty hostProperty() {
        return host;
    }

    public StringProperty portProperty() {
        return port;
    }

    public ObjectProperty<SmtpSecurity> securityProperty() {
        return security;
    }

    public StringProperty usernameProperty() {
        return username;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    public BooleanProperty passwordSetProperty() {
        return passwordSet;
    }

    public StringProperty fromProperty() {
        return from;
    }

    public StringProperty testToProperty() {
        return testTo;
    }

    public BooleanProperty webhookEnabledProperty() {
        return webhookEnabled;
    }

    public StringProperty urlProperty() {
        return url;
    }

    public ObjectProperty<WebhookFormat> formatProperty() {
        return format;
    }

    public StringProperty alertsProperty() {
        return alerts;
    }

    /** Whether the address shows with its key masked (then "show" reveals it). */
    public BooleanProperty urlMaskedProperty() {
        return urlMasked;
    }

    /** How many emails and alerts were given up; blank when none. */
    public StringProperty givenUpProperty() {
        return givenUp;
    }

    public BooleanProperty canSendAgainProperty() {
        return canSendAgain;
    }

    private record Loaded(ChannelSettings settings, List<AlertDelivery> alerts) {}
}
