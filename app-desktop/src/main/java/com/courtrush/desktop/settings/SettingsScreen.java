package com.courtrush.desktop.settings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.form;
import static com.courtrush.desktop.ui.Widgets.row;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Screen;
import com.courtrush.notice.api.SmtpSecurity;
import com.courtrush.notice.api.WebhookFormat;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.setting.desk.SettingsDesk;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/** Settings: live business settings, and start-up settings that need a restart. */
public final class SettingsScreen implements Screen {

    /** Characters of a running value the field's hint shows whole. */
    private static final int HINT_FITS = 36;

    private final SettingsViewModel model;
    private final BackupsViewModel backups;
    private final RestoreViewModel restore;
    private final NoticeChannelsViewModel channels;
    private final CampusSignInViewModel campus;
    private final WechatPayViewModel wechatPay;
    private final WechatNoticesViewModel wechatNotices;
    private final HistorySweepViewModel sweep;
    private final UpgradeViewModel upgrade;
    private final Node root;

    public SettingsScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new SettingsViewModel(
                context.desks().settings(),
                context.desks().staff(),
                context.desks().accounts(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff());

        backups = new BackupsViewModel(
                context.desks().backups(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff(),
                context.desks().clock());
        restore = new RestoreViewModel(
                context.desks().backups(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff(),
                context.desks().clock(),
                context.restart());
        // a backup made (the state names the newest) is one more to choose from
        backups.stateProperty().addListener((seen, was, now) -> restore.load());
        channels = new NoticeChannelsViewModel(
                context.desks().channels(), context.tasks(), context.notices(), i18n, context.staff());
        campus = new CampusSignInViewModel(
                context.desks().campus(), context.tasks(), context.notices(), i18n, context.staff());
        wechatPay = new WechatPayViewModel(
                context.desks().wechatPay(), context.tasks(), context.notices(), i18n, context.staff());
        wechatNotices = new WechatNoticesViewModel(
                context.desks().channels(), context.tasks(), context.notices(), i18n, context.staff());
        sweep = new HistorySweepViewModel(
                context.desks().history(), context.tasks(), context.notices(), i18n, context.staff());
        upgrade = new UpgradeViewModel(
                context.desks().upgrades(), context.tasks(), context.notices(), i18n, context.staff());
        CompactionViewModel compact = new CompactionViewModel(
                context.desks().history(), context.tasks(), context.notices(), i18n, context.staff());
        Label restart = new Label(i18n.t("settings.restartNeeded"));
        restart.setId("restartNeeded");
        restart.getStyleClass().add("simulated");
        restart.visibleProperty().bind(model.restartNeededProperty());
        // the settings of a working day saved where staff change them, above and below; the start-up ones apart,
        // in their own pane with their own button (there was one Save, below the restart-only fields)
        VBox content = new VBox(
                12,
                bar(button(i18n.t("settings.saveLive"), "saveLive", model::saveLive)),
                livePane(i18n),
                afterRushPane(i18n),
                HistoryPane.of(i18n, this::liveField, sweep, compact),
                bar(button(i18n.t("settings.saveLive"), "saveLiveBelow", model::saveLive)),
                startupPane(i18n, restart),
                channelsPane(i18n),
                CampusSignInPane.of(campus, i18n),
                WechatPayPane.of(wechatPay, i18n),
                WechatNoticesPane.of(wechatNotices, i18n),
                backupPane(i18n),
                UpgradePane.of(upgrade, i18n));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        root = screen(title(i18n.t("nav.settings")), scroll);
    }

    /** The settings that apply at once. */
    private TitledPane livePane(I18n i18n) {
        GridPane liveForm = form();
        TextField gymName = field("gymName", model.gymNameProperty());
        gymName.setPrefColumnCount(32); // a name reads whole (up to 64 characters), not cut at a number's width
        row(liveForm, i18n.t("settings.gymName"), gymName);
        row(liveForm, i18n.t("settings.payTimeout"), field("payTimeout", model.payTimeoutProperty()));
        row(liveForm, i18n.t("settings.defaultPrice"), field("defaultPrice", model.defaultPriceProperty()));
        row(liveForm, i18n.t("settings.refundCutoff"), field("refundCutoff", model.refundCutoffProperty()));
        TitledPane livePane = new TitledPane(i18n.t("settings.live"), liveForm);
        livePane.setCollapsible(false);
        return livePane;
    }

    /** Check-in, no-shows and the waitlist: live too. */
    private TitledPane afterRushPane(I18n i18n) {
        GridPane form = form();
        for (SettingKey key : SettingsViewModel.AFTER_RUSH) {
            row(form, i18n.t("settings.key." + key.name()), liveField(key));
        }
        TitledPane pane = new TitledPane(i18n.t("settings.afterRush"), form);
        pane.setCollapsible(false);
        return pane;
    }

    /** A live setting's field: a box to tick for one that is on or off (0 or 1), else a number typed. */
    private Node liveField(SettingKey key) {
        String id = "setting-" + key.name();
        return key.min() == 0 && key.max() == 1
                ? OnOff.box(id, model.afterRush(key), "1", "0")
                : field(id, model.afterRush(key));
    }

    /** The settings that apply at the next start, each with what runs now, saved by their own button. */
    private TitledPane startupPane(I18n i18n, Label restart) {
        GridPane startupForm = form();
        ChoiceBox<String> mode = new ChoiceBox<>();
        mode.setId("infraMode");
        mode.getItems().setAll("embedded", "external");
        mode.getItems().add(0, "");
        mode.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(String value) {
                return value == null || value.isEmpty() ? i18n.t("settings.default") : i18n.t("settings.mode." + value);
            }

            @Override
            public String fromString(String text) {
                return null;
            }
        });
        mode.valueProperty().bindBidirectional(model.startup("courtrush.infra.mode"));
        row(startupForm, i18n.t("settings.infraMode"), mode);
        for (String key : SettingsDesk.STARTUP_KEYS) {
            if (key.endsWith("-enabled")) { // on or off: true or false, blank for the default (shown as running)
                row(
                        startupForm,
                        i18n.t("settings.key." + key),
                        OnOff.box(
                                "setting-" + key.replace('.', '-'),
                                model.startup(key),
                                "true",
                                "false",
                                model.running(key)));
            } else if (!key.equals("courtrush.infra.mode")) {
                row(startupForm, i18n.t("settings.key." + key), startupField(i18n, key));
            }
        }
        Label file = new Label();
        file.getStyleClass().add("muted");
        file.textProperty().bind(model.settingsFileProperty().map(f -> i18n.t("settings.file", f)));
        TitledPane startupPane = new TitledPane(
                i18n.t("settings.startup"),
                new VBox(
                        8,
                        startupForm,
                        file,
                        tokenRow(i18n),
                        bar(button(i18n.t("settings.saveStartup"), "saveStartup", model::saveStartup), restart)));
        startupPane.setCollapsible(false);
        return startupPane;
    }

    /** One start-up setting's field; a secret's is a password field. */
    private TextField startupField(I18n i18n, String key) {
        TextField field =
                key.endsWith("password") || key.equals("courtrush.admin-token") ? new PasswordField() : new TextField();
        field.setId("setting-" + key.replace('.', '-'));
        field.textProperty().bindBidirectional(model.startup(key));
        if (!(field instanceof PasswordField)) {
            // what runs now: in the field's hint when it fits, else said by the hint and shown whole
            // in the tooltip (a database URL ran far past the field)
            field.promptTextProperty()
                    .bind(model.running(key)
                            .map(v -> v.isEmpty()
                                    ? ""
                                    : v.length() > HINT_FITS
                                            ? i18n.t("settings.runningWithLong")
                                            : i18n.t("settings.runningWith", v)));
            field.tooltipProperty()
                    .bind(model.running(key)
                            .map(v -> v.length() > HINT_FITS ? new Tooltip(i18n.t("settings.runningWith", v)) : null));
        }
        field.setPrefColumnCount(40);
        return field;
    }

    /** The admin token: hidden until shown (someone may look over the desk's shoulder), and copied either way. */
    private HBox tokenRow(I18n i18n) {
        TextField token = new TextField();
        token.setId("adminToken");
        token.setEditable(false);
        token.setPrefColumnCount(34);
        javafx.scene.control.ToggleButton show = new javafx.scene.control.ToggleButton(i18n.t("settings.showToken"));
        show.setId("showToken");
        token.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> show.isSelected() || model.tokenProperty().get().isEmpty()
                                ? model.tokenProperty().get()
                                : "•".repeat(16),
                        show.selectedProperty(),
                        model.tokenProperty()));
        return bar(
                new Label(i18n.t("settings.adminToken")),
                token,
                show,
                button(i18n.t("settings.copy"), "copyToken", () -> {
                    ClipboardContent content = new ClipboardContent();
                    content.putString(model.tokenProperty().get());
                    Clipboard.getSystemClipboard().setContent(content);
                }));
    }

    /**
     * The notices' channels: email to students over the gym's SMTP server, and the staff webhook; each saved and
     * tried on its own (Settings is a manager's screen).
     */
    private TitledPane channelsPane(I18n i18n) {
        GridPane email = form();
        CheckBox emailOn = new CheckBox(i18n.t("channels.emailOn"));
        emailOn.setId("emailOn");
        emailOn.selectedProperty().bindBidirectional(channels.emailEnabledProperty());
        row(email, "", emailOn);
        row(email, i18n.t("channels.host"), field("smtpHost", channels.hostProperty()));
        row(email, i18n.t("channels.port"), field("smtpPort", channels.portProperty()));
        ChoiceBox<SmtpSecurity> security = new ChoiceBox<>();
        security.setId("smtpSecurity");
        security.getItems().setAll(SmtpSecurity.values());
        security.setConverter(named(i18n, "channels.security."));
        security.valueProperty().bindBidirectional(channels.securityProperty());
        row(email, i18n.t("channels.security"), security);
        row(email, i18n.t("channels.username"), field("smtpUser", channels.usernameProperty()));
        PasswordField secret = new PasswordField();
        secret.setId("smtpPassword");
        secret.textProperty().bindBidirectional(channels.passwordProperty());
        secret.promptTextProperty()
                .bind(channels.passwordSetProperty().map(set -> set ? i18n.t("channels.passwordKept") : ""));
        row(email, i18n.t("channels.password"), secret);
        row(email, i18n.t("channels.from"), field("smtpFrom", channels.fromProperty()));
        TextField testTo = field("testTo", channels.testToProperty());
        testTo.setPromptText(i18n.t("channels.testTo"));
        Button saveEmail = button(i18n.t("channels.saveEmail"), "saveEmail", channels::saveEmail);
        Button testEmail = button(i18n.t("channels.testEmail"), "testEmail", channels::testEmail);

        GridPane hook = form();
        CheckBox hookOn = new CheckBox(i18n.t("channels.webhookOn"));
        hookOn.setId("webhookOn");
        hookOn.selectedProperty().bindBidirectional(channels.webhookEnabledProperty());
        row(hook, "", hookOn);
        TextField url = field("webhookUrl", channels.urlProperty());
        url.setPrefColumnCount(40);
        // its key masked until a manager asks to see it (the engine records who did)
        Button showUrl = button(i18n.t("channels.showSecret"), "showWebhookUrl", channels::showSecrets);
        showUrl.disableProperty().bind(channels.urlMaskedProperty().not());
        row(hook, i18n.t("channels.url"), new HBox(8, url, showUrl));
        ChoiceBox<WebhookFormat> format = new ChoiceBox<>();
        format.setId("webhookFormat");
        format.getItems().setAll(WebhookFormat.values());
        format.setConverter(named(i18n, "channels.format."));
        format.valueProperty().bindBidirectional(channels.formatProperty());
        row(hook, i18n.t("channels.format"), format);
        Button saveHook = button(i18n.t("channels.saveWebhook"), "saveWebhook", channels::saveWebhook);
        Button testHook = button(i18n.t("channels.testWebhook"), "testWebhook", channels::testWebhook);
        Label alerts = new Label();
        alerts.setId("staffAlerts");
        alerts.setWrapText(true);
        alerts.textProperty().bind(channels.alertsProperty());
        Label givenUp = new Label();
        givenUp.setId("givenUp");
        givenUp.setWrapText(true);
        givenUp.textProperty().bind(channels.givenUpProperty());
        Button sendAgain = button(i18n.t("channels.sendAgain"), "sendAgain", channels::sendAgain);
        sendAgain.disableProperty().bind(channels.canSendAgainProperty().not());

        Label lead = new Label(i18n.t("channels.lead"));
        lead.setWrapText(true);
        lead.getStyleClass().add("muted");
        VBox content = new VBox(
                8,
                lead,
                new Label(i18n.t("channels.email")),
                email,
                bar(saveEmail, testTo, testEmail),
                new Label(i18n.t("channels.webhook")),
                hook,
                bar(saveHook, testHook),
                new Label(i18n.t("channels.alerts")),
                alerts,
                bar(sendAgain, givenUp));
        TitledPane pane = new TitledPane(i18n.t("channels.title"), content);
        pane.setCollapsible(false);
        return pane;
    }

    private static <E extends Enum<E>> javafx.util.StringConverter<E> named(I18n i18n, String prefix) {
        return new javafx.util.StringConverter<>() {
            @Override
            public String toString(E value) {
                return value == null ? "" : i18n.t(prefix + value.name());
            }

            @Override
            public E fromString(String text) {
                return null;
            }
        };
    }

    /** The embedded database's backups: the state, "back up now", and restoring one (issue 54). */
    private TitledPane backupPane(I18n i18n) {
        Label backupState = new Label();
        backupState.setId("backupState");
        backupState.setWrapText(true);
        backupState.textProperty().bind(backups.stateProperty());
        Button backUpNow = button(i18n.t("backups.now"), "backUpNow", backups::backUpNow);
        backUpNow.disableProperty().bind(backups.availableProperty().not());
        TitledPane backupPane = new TitledPane(
                i18n.t("backups.title"), new VBox(8, backupState, backUpNow, RestorePane.of(restore, i18n)));
        backupPane.setCollapsible(false);
        return backupPane;
    }

    private static TextField field(String id, javafx.beans.property.StringProperty property) {
        TextField field = new TextField();
        field.setId(id);
        field.textProperty().bindBidirectional(property);
        return field;
    }

    @Override
    public String titleKey() {
        return "nav.settings";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.load();
        backups.refresh();
        restore.load();
        channels.load();
        campus.load();
        wechatPay.load();
        wechatNotices.load();
        upgrade.load();
    }

    public SettingsViewModel model() {
        return model;
    }

    public NoticeChannelsViewModel channels() {
        return channels;
    }

    public HistorySweepViewModel sweep() {
        return sweep;
    }
}
