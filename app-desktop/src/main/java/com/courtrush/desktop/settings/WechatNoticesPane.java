package com.courtrush.desktop.settings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.form;

import com.courtrush.desktop.i18n.I18n;
import javafx.beans.binding.Bindings;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The official account's notifications' section of Settings: which account (and whether it is the simulator) and the
 * account set on its own for a gym without a merchant, a row
 * per kind of notice with its template's id and keywords, "save"; "send a test" to a student's WeChat; the deliveries
 * lately with how each went, and the given-up ones sent again.
 */
final class WechatNoticesPane {

    private static final double HELP_WIDTH = 520;

    private final WechatNoticesViewModel model;
    private final I18n i18n;

    private WechatNoticesPane(WechatNoticesViewModel model, I18n i18n) {
        this.model = model;
        this.i18n = i18n;
    }

    static TitledPane of(WechatNoticesViewModel model, I18n i18n) {
        return new WechatNoticesPane(model, i18n).pane();
    }

    private TitledPane pane() {
        Label account = new Label();
        account.setId("wechatNoticesAccount");
        account.textProperty().bind(model.accountProperty());
        Label fields = help("");
        fields.textProperty()
                .bind(Bindings.createStringBinding(
                        () -> i18n.t("wechatNotices.fields", String.join(", ", model.fields())), model.fields()));
        GridPane templates = form();
        templates.setId("wechatTemplates");
        model.rows().addListener((ListChangeListener<WechatNoticesViewModel.Row>) change -> fill(templates));
        fill(templates);
        VBox content = new VBox(
                8,
                help(i18n.t("wechatNotices.lead")),
                account,
                account(),
                fields,
                templates,
                bar(button(i18n.t("wechatNotices.save"), "saveWechatNotices", model::save)),
                test(),
                deliveries());
        TitledPane pane = new TitledPane(i18n.t("wechatNotices.title"), content);
        pane.setId("wechatNotices");
        pane.setCollapsible(false);
        return pane;
    }

    /** The account on its own: AppID, AppSecret (never shown back), the students' address, and its button. */
    private VBox account() {
        TextField appId = new TextField();
        appId.setId("wechatAppId");
        appId.setPrefColumnCount(20);
        appId.textProperty().bindBidirectional(model.appIdProperty());
        PasswordField secret = new PasswordField();
        secret.setId("wechatAppSecret");
        secret.setPrefColumnCount(20);
        secret.setPromptText(i18n.t("wechatNotices.appSecretKept"));
        secret.textProperty().bindBidirectional(model.appSecretProperty());
        TextField url = new TextField();
        url.setId("wechatPublicUrl");
        url.setPrefColumnCount(28);
        url.setPromptText(i18n.t("wechatNotices.publicUrlExample"));
        url.textProperty().bindBidirectional(model.publicUrlProperty());
        GridPane form = form();
        form.addRow(0, new Label(i18n.t("wechatNotices.appId")), appId);
        form.addRow(1, new Label(i18n.t("wechatNotices.appSecret")), secret);
        form.addRow(2, new Label(i18n.t("wechatNotices.publicUrl")), url);
        return new VBox(
                6,
                help(i18n.t("wechatNotices.accountLead")),
                form,
                bar(button(i18n.t("wechatNotices.saveAccount"), "saveWechatAccount", model::saveAccount)));
    }

    /** A row per kind of notice: its name, its template's id and its keywords, as typed. */
    private void fill(GridPane templates) {
        templates.getChildren().clear();
        templates.addRow(
                0,
                new Label(i18n.t("wechatNotices.kindColumn")),
                new Label(i18n.t("wechatNotices.templateColumn")),
                new Label(i18n.t("wechatNotices.keywordsColumn")));
        int at = 1;
        for (WechatNoticesViewModel.Row row : model.rows()) {
            TextField id = new TextField();
            id.setId("wechatTemplate-" + row.kind());
            id.setPrefColumnCount(14);
            id.textProperty().bindBidirectional(row.templateId());
            TextField keywords = new TextField();
            keywords.setId("wechatKeywords-" + row.kind());
            keywords.setPrefColumnCount(28);
            keywords.textProperty().bindBidirectional(row.keywords());
            GridPane.setHgrow(keywords, Priority.ALWAYS);
            templates.addRow(at++, new Label(i18n.t("wechatNotices.kind." + row.kind())), id, keywords);
        }
    }

    /** "Send the template of [kind] to the WeChat of student ID [..]" and its button. */
    private VBox test() {
        ObservableList<String> kinds = FXCollections.observableArrayList();
        ChoiceBox<String> kind = new ChoiceBox<>(kinds);
        kind.setId("wechatTestKind");
        kind.setConverter(new StringConverter<>() {
            @Override
            public String toString(String value) {
                return value == null ? "" : i18n.t("wechatNotices.kind." + value);
            }

            @Override
            public String fromString(String text) {
                return text;
            }
        });
        Runnable chosen = () -> kinds.setAll(model.rows().stream()
                .filter(row -> row.templateId().get() != null
                        && !row.templateId().get().isBlank())
                .map(WechatNoticesViewModel.Row::kind)
                .toList());
        model.rows().addListener((ListChangeListener<WechatNoticesViewModel.Row>) change -> chosen.run());
        chosen.run();
        kind.valueProperty().bindBidirectional(model.testKindProperty());
        TextField student = new TextField();
        student.setId("wechatTestStudent");
        student.setPrefColumnCount(12);
        student.textProperty().bindBidirectional(model.testStudentProperty());
        GridPane form = form();
        form.addRow(0, new Label(i18n.t("wechatNotices.testKind")), kind);
        form.addRow(1, new Label(i18n.t("wechatNotices.testStudent")), student);
        return new VBox(6, form, bar(button(i18n.t("wechatNotices.test"), "testWechatNotice", model::test)));
    }

    /** The latest deliveries, a line each, and what was given up. */
    private VBox deliveries() {
        TextArea lines = new TextArea();
        lines.setId("wechatDeliveries");
        lines.setEditable(false);
        lines.setWrapText(true);
        lines.setPrefRowCount(6);
        lines.textProperty().bind(model.deliveriesProperty());
        Label givenUp = new Label();
        givenUp.textProperty().bind(model.givenUpProperty());
        Button again = button(i18n.t("wechatNotices.sendAgain"), "sendWechatAgain", model::sendAgain);
        again.visibleProperty().bind(model.canSendAgainProperty());
        again.managedProperty().bind(again.visibleProperty());
        return new VBox(
                6,
                new Label(i18n.t("wechatNotices.deliveries")),
                lines,
                bar(button(i18n.t("wechatNotices.refresh"), "refreshWechatDeliveries", model::load), givenUp, again));
    }

    private static Label help(String text) {
        Label help = new Label(text);
        help.getStyleClass().add("muted");
        help.setWrapText(true);
        help.setMaxWidth(HELP_WIDTH);
        help.setMinHeight(Region.USE_PREF_SIZE);
        return help;
    }
}
