package com.courtrush.desktop.settings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.form;

import atlantafx.base.theme.Styles;
import com.courtrush.desktop.i18n.I18n;
import java.io.File;
import java.util.function.Consumer;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/**
 * WeChat Pay's section of Settings (a manager's): which mode payments run in, said plainly at the top; the
 * merchant's settings, each with a line saying where on WeChat Pay's merchant platform it is found; the two key
 * files chosen (only their names shown, never their content) and the APIv3 key typed; "try it" and "save", both off
 * while WeChat Pay is asked.
 */
final class WechatPayPane {

    private static final double HELP_WIDTH = 520;

    /** Asks staff for a key file: the window, the dialog's title and the file name suggested; null when none. */
    @FunctionalInterface
    interface KeyFiles {
        File choose(Window owner, String title, String suggested);
    }

    /** The system's own file chooser, showing PEM files first. */
    static KeyFiles fileChooser(I18n i18n) {
        return (owner, title, suggested) -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(title);
            chooser.setInitialFileName(suggested);
            chooser.getExtensionFilters()
                    .addAll(
                            new FileChooser.ExtensionFilter(i18n.t("wechatPay.pemFiles"), "*.pem"),
                            new FileChooser.ExtensionFilter(i18n.t("wechatPay.allFiles"), "*.*"));
            return chooser.showOpenDialog(owner);
        };
    }

    private final WechatPayViewModel model;
    private final I18n i18n;
    private final KeyFiles files;

    private WechatPayPane(WechatPayViewModel model, I18n i18n, KeyFiles files) {
        this.model = model;
        this.i18n = i18n;
        this.files = files;
    }

    static TitledPane of(WechatPayViewModel model, I18n i18n) {
        return of(model, i18n, fileChooser(i18n));
    }

    static TitledPane of(WechatPayViewModel model, I18n i18n, KeyFiles files) {
        return new WechatPayPane(model, i18n, files).pane();
    }

    private TitledPane pane() {
        VBox content = new VBox(
                8,
                modeLine(),
                wideHelp(i18n.t("wechatPay.lead")),
                merchantForm(),
                new Label(i18n.t("wechatPay.secrets")),
                secretsForm(),
                keyDirectory(),
                actions(),
                trial());
        TitledPane pane = new TitledPane(i18n.t("wechatPay.title"), content);
        pane.setId("wechatPay");
        pane.setCollapsible(false);
        return pane;
    }

    /** Which runs now: simulated (no money moves), live at the merchant, or live against the simulator. */
    private Label modeLine() {
        Label mode = new Label();
        mode.setId("wechatPayMode");
        mode.setWrapText(true);
        mode.setMinHeight(Region.USE_PREF_SIZE);
        mode.textProperty().bind(model.modeLineProperty());
        mode.getStyleClass().add(Styles.TEXT_BOLD);
        model.liveProperty().subscribe(live -> {
            mode.getStyleClass().removeAll("simulated", Styles.SUCCESS);
            mode.getStyleClass().add(live ? Styles.SUCCESS : "simulated");
        });
        return mode;
    }

    /** On or off, and the merchant as WeChat Pay knows it. */
    private GridPane merchantForm() {
        GridPane form = form();
        CheckBox on = new CheckBox(i18n.t("wechatPay.enabled"));
        on.setId("wechatPayEnabled");
        on.selectedProperty().bindBidirectional(model.enabledProperty());
        add(form, caption(""), on, help(i18n.t("wechatPay.enabledHelp")));
        row(form, "wechatPay.mchid", "wechatPay.mchidHelp", field("wechatPayMchid", model.mchidProperty()));
        row(form, "wechatPay.appId", "wechatPay.appIdHelp", field("wechatPayAppId", model.appIdProperty()));
        row(
                form,
                "wechatPay.merchantSerialNumber",
                "wechatPay.merchantSerialNumberHelp",
                wide(field("wechatPayMerchantSerialNumber", model.merchantSerialNumberProperty())));
        row(
                form,
                "wechatPay.publicKeyId",
                "wechatPay.publicKeyIdHelp",
                wide(field("wechatPayPublicKeyId", model.publicKeyIdProperty())));
        row(
                form,
                "wechatPay.merchantName",
                "wechatPay.merchantNameHelp",
                field("wechatPayMerchantName", model.merchantNameProperty()));
        TextField url = wide(field("wechatPayPublicUrl", model.publicUrlProperty()));
        Label notify = help("");
        notify.setId("wechatPayNotifyUrl");
        notify.textProperty()
                .bind(model.notifyUrlProperty()
                        .map(u -> u.isEmpty()
                                ? i18n.t("wechatPay.publicUrlHelp")
                                : i18n.t("wechatPay.publicUrlHelp") + "\n" + i18n.t("wechatPay.notifyAt", u)));
        add(form, caption(i18n.t("wechatPay.publicUrl")), url, notify);
        return form;
    }

    /** The two key files, chosen; the APIv3 key, typed. Never shown back. */
    private GridPane secretsForm() {
        GridPane form = form();
        add(
                form,
                caption(i18n.t("wechatPay.privateKey")),
                keyFile(
                        "wechatPayPrivateKey",
                        "apiclient_key.pem",
                        model.privateKeyLineProperty(),
                        file -> model.choosePrivateKey(file.toPath())),
                help(i18n.t("wechatPay.privateKeyHelp")));
        PasswordField v3 = new PasswordField();
        v3.setId("wechatPayApiV3Key");
        v3.setPrefColumnCount(36);
        v3.textProperty().bindBidirectional(model.apiV3KeyProperty());
        v3.promptTextProperty().bind(model.apiV3KeyHintProperty());
        add(form, caption(i18n.t("wechatPay.apiV3Key")), v3, help(i18n.t("wechatPay.apiV3KeyHelp")));
        PasswordField appSecret = new PasswordField();
        appSecret.setId("wechatPayAppSecret");
        appSecret.setPrefColumnCount(36);
        appSecret.textProperty().bindBidirectional(model.appSecretProperty());
        appSecret.promptTextProperty().bind(model.appSecretHintProperty());
        add(form, caption(i18n.t("wechatPay.appSecret")), appSecret, help(i18n.t("wechatPay.appSecretHelp")));
        add(
                form,
                caption(i18n.t("wechatPay.platformKey")),
                keyFile(
                        "wechatPayPlatformKey",
                        "pub_key.pem",
                        model.platformKeyLineProperty(),
                        file -> model.choosePlatformKey(file.toPath())),
                help(i18n.t("wechatPay.platformKeyHelp")));
        return form;
    }

    /** "Choose file…" and what is chosen or on file. */
    private HBox keyFile(String id, String suggested, ObservableValue<String> line, Consumer<File> chosen) {
        Label shown = new Label();
        shown.setId(id + "Line");
        shown.textProperty().bind(line);
        Button choose = new Button(i18n.t("wechatPay.chooseFile"));
        choose.setId(id + "Choose");
        choose.setOnAction(event -> {
            File file =
                    files.choose(choose.getScene().getWindow(), i18n.t("wechatPay.chooseTitle", suggested), suggested);
            if (file != null) {
                chosen.accept(file);
            }
        });
        choose.disableProperty().bind(model.workingProperty());
        HBox box = new HBox(10, choose, shown);
        box.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        return box;
    }

    /** Where the secrets are kept on this node. */
    private Label keyDirectory() {
        Label where = help("");
        where.setId("wechatPayKeyDirectory");
        where.textProperty()
                .bind(model.keyDirectoryProperty().map(d -> d.isEmpty() ? "" : i18n.t("wechatPay.keyDirectory", d)));
        return where;
    }

    /** Try it and save: both off, and a spinner on, while WeChat Pay is asked. */
    private Node actions() {
        Button tryIt = button(i18n.t("wechatPay.try"), "tryWechatPay", model::tryIt);
        Button save = button(i18n.t("wechatPay.save"), "saveWechatPay", model::save);
        save.getStyleClass().add(Styles.ACCENT);
        save.disableProperty().bind(model.workingProperty());
        tryIt.disableProperty().bind(model.workingProperty());
        ProgressIndicator working = new ProgressIndicator();
        working.setId("wechatPayWorking");
        working.setPrefSize(20, 20);
        working.visibleProperty().bind(model.workingProperty());
        return bar(tryIt, save, working);
    }

    /** What the last try came to (success or warning), and what WeChat Pay answered. */
    private Node trial() {
        Label summary = new Label();
        summary.setId("wechatPayTrialSummary");
        summary.setWrapText(true);
        summary.setMaxWidth(HELP_WIDTH + 160);
        summary.setMinHeight(Region.USE_PREF_SIZE);
        summary.textProperty().bind(model.trialSummaryProperty());
        model.trialOkProperty().subscribe(ok -> {
            summary.getStyleClass().removeAll(Styles.SUCCESS, Styles.WARNING);
            if (ok != null) {
                summary.getStyleClass().add(ok ? Styles.SUCCESS : Styles.WARNING);
            }
        });
        TextArea detail = new TextArea();
        detail.setId("wechatPayTrialDetail");
        detail.setEditable(false);
        detail.setWrapText(true);
        detail.setPrefRowCount(4);
        detail.textProperty().bind(model.trialDetailProperty());
        detail.visibleProperty().bind(model.trialDetailProperty().isNotEmpty());
        detail.managedProperty().bind(detail.visibleProperty());
        return new VBox(6, summary, detail);
    }

    /** A field with its caption and its line of help. */
    private void row(GridPane form, String key, String helpKey, Node field) {
        add(form, caption(i18n.t(key)), field, help(i18n.t(helpKey)));
    }

    /** A field with its line of help under it. */
    private static void add(GridPane form, Label caption, Node field, Label help) {
        int row = form.getRowCount();
        form.add(caption, 0, row);
        form.add(help == null ? field : new VBox(2, field, help), 1, row);
    }

    private static Label caption(String text) {
        Label caption = new Label(text);
        caption.getStyleClass().add("form-label");
        caption.setMinWidth(Region.USE_PREF_SIZE);
        return caption;
    }

    private static Label help(String text) {
        Label help = new Label(text);
        help.getStyleClass().add("muted");
        help.setWrapText(true);
        help.setMaxWidth(HELP_WIDTH);
        help.setMinHeight(Region.USE_PREF_SIZE);
        return help;
    }

    /** A paragraph across the form's width (an address in it is not broken at a narrow help line). */
    private static Label wideHelp(String text) {
        Label help = help(text);
        help.setMaxWidth(HELP_WIDTH + 240);
        return help;
    }

    private static TextField field(String id, StringProperty property) {
        TextField field = new TextField();
        field.setId(id);
        field.textProperty().bindBidirectional(property);
        return field;
    }

    private static TextField wide(TextField field) {
        field.setPrefColumnCount(36);
        return field;
    }
}
