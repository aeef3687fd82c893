package com.courtrush.desktop.settings;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.form;

import atlantafx.base.theme.Styles;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.desktop.i18n.I18n;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The campus sign-in's section of Settings: the university's server, the attributes read from it, who may book
 * and who is staff, each field with a line of help where its meaning is not obvious; "save" and "try it", both
 * off while the university's server is asked.
 */
final class CampusSignInPane {

    private static final double HELP_WIDTH = 520;

    private final CampusSignInViewModel model;
    private final I18n i18n;

    private CampusSignInPane(CampusSignInViewModel model, I18n i18n) {
        this.model = model;
        this.i18n = i18n;
    }

    static TitledPane of(CampusSignInViewModel model, I18n i18n) {
        return new CampusSignInPane(model, i18n).pane();
    }

    private TitledPane pane() {
        Label lead = help(i18n.t("campus.lead"));
        VBox content = new VBox(
                8,
                lead,
                serverForm(),
                new Label(i18n.t("campus.attributes")),
                attributesForm(),
                new Label(i18n.t("campus.rules")),
                rulesForm(),
                actions(),
                trial());
        TitledPane pane = new TitledPane(i18n.t("campus.title"), content);
        pane.setId("campusSignIn");
        pane.setCollapsible(false);
        return pane;
    }

    /** On or off, the protocol, and where the university's server is. */
    private GridPane serverForm() {
        GridPane form = form();
        CheckBox on = new CheckBox(i18n.t("campus.enabled"));
        on.setId("campusEnabled");
        on.selectedProperty().bindBidirectional(model.enabledProperty());
        row(form, "", on);
        ChoiceBox<CampusProtocol> protocol = new ChoiceBox<>();
        protocol.setId("campusProtocol");
        protocol.getItems().setAll(CampusProtocol.values());
        protocol.setConverter(new StringConverter<>() {
            @Override
            public String toString(CampusProtocol value) {
                return i18n.of(value);
            }

            @Override
            public CampusProtocol fromString(String text) {
                return null;
            }
        });
        protocol.valueProperty().bindBidirectional(model.protocolProperty());
        row(form, i18n.t("campus.protocol"), protocol);
        row(form, i18n.t("campus.label"), field("campusLabel", model.labelProperty()), i18n.t("campus.labelHelp"));
        row(
                form,
                i18n.t("campus.publicUrl"),
                wide(field("campusPublicUrl", model.publicUrlProperty())),
                i18n.t("campus.publicUrlHelp"));
        Label serverCaption = caption("");
        serverCaption.setId("campusServerCaption");
        serverCaption.textProperty().bind(byProtocol("campus.casServer", "campus.issuer", "campus.ldapServer"));
        Label serverHelp = help("");
        serverHelp
                .textProperty()
                .bind(byProtocol("campus.casServerHelp", "campus.issuerHelp", "campus.ldapServerHelp"));
        add(form, serverCaption, wide(field("campusServerUrl", model.serverUrlProperty())), serverHelp);
        // CAS needs neither; OpenID Connect's client, or LDAP's service account (or bind pattern) and its password
        TextField clientId = wide(field("campusClientId", model.clientIdProperty()));
        clientId.disableProperty().bind(model.protocolProperty().isEqualTo(CampusProtocol.CAS));
        add(
                form,
                captionBy("campus.clientId", "campus.clientId", "campus.ldapService"),
                clientId,
                helpBy("campus.clientIdHelp", "campus.clientIdHelp", "campus.ldapServiceHelp"));
        PasswordField secret = new PasswordField();
        secret.setId("campusClientSecret");
        // a secret that is set shows as the mask; left so, the saved one is kept
        secret.textProperty().bindBidirectional(model.clientSecretProperty());
        secret.disableProperty().bind(model.protocolProperty().isEqualTo(CampusProtocol.CAS));
        add(
                form,
                captionBy("campus.clientSecret", "campus.clientSecret", "campus.ldapPassword"),
                secret,
                helpBy("campus.clientSecretHelp", "campus.clientSecretHelp", "campus.ldapPasswordHelp"));
        return form;
    }

    /** Which of the directory's attributes hold the id, the name and the email. */
    private GridPane attributesForm() {
        GridPane form = form();
        row(
                form,
                i18n.t("campus.idAttribute"),
                field("campusIdAttribute", model.idAttributeProperty()),
                i18n.t("campus.idAttributeHelp"));
        row(
                form,
                i18n.t("campus.nameAttribute"),
                field("campusNameAttribute", model.nameAttributeProperty()),
                i18n.t("campus.nameAttributeHelp"));
        row(
                form,
                i18n.t("campus.emailAttribute"),
                field("campusEmailAttribute", model.emailAttributeProperty()),
                i18n.t("campus.emailAttributeHelp"));
        return form;
    }

    /** Who may book, and who becomes staff or a manager. */
    private GridPane rulesForm() {
        GridPane form = form();
        row(
                form,
                i18n.t("campus.bookAttribute"),
                field("campusBookAttribute", model.bookAttributeProperty()),
                i18n.t("campus.bookAttributeHelp"));
        row(
                form,
                i18n.t("campus.bookValues"),
                wide(field("campusBookValues", model.bookValuesProperty())),
                i18n.t("campus.bookValuesHelp"));
        row(
                form,
                i18n.t("campus.staffAttribute"),
                field("campusStaffAttribute", model.staffAttributeProperty()),
                i18n.t("campus.staffAttributeHelp"));
        row(
                form,
                i18n.t("campus.staffValues"),
                wide(field("campusStaffValues", model.staffValuesProperty())),
                i18n.t("campus.staffValuesHelp"));
        row(
                form,
                i18n.t("campus.managerValues"),
                wide(field("campusManagerValues", model.managerValuesProperty())),
                i18n.t("campus.managerValuesHelp"));
        row(
                form,
                i18n.t("campus.facultyValues"),
                wide(field("campusFacultyValues", model.facultyValuesProperty())),
                i18n.t("campus.facultyValuesHelp"));
        return form;
    }

    /** Save and try it: both off, and a spinner on, while the university's server is asked. */
    private Node actions() {
        Button save = button(i18n.t("campus.save"), "saveCampus", model::save);
        Button tryIt = button(i18n.t("campus.try"), "tryCampus", model::tryIt);
        save.disableProperty().bind(model.workingProperty());
        tryIt.disableProperty().bind(model.workingProperty());
        ProgressIndicator working = new ProgressIndicator();
        working.setId("campusWorking");
        working.setPrefSize(20, 20);
        working.visibleProperty().bind(model.workingProperty());
        return bar(save, tryIt, working);
    }

    /** What the last try came to (success or warning), and what the server answered. */
    private Node trial() {
        Label summary = new Label();
        summary.setId("campusTrialSummary");
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
        TextArea answered = new TextArea();
        answered.setId("campusTrialAnswered");
        answered.setEditable(false);
        answered.setWrapText(true);
        answered.setPrefRowCount(5);
        answered.textProperty().bind(model.trialAnsweredProperty());
        answered.visibleProperty().bind(model.trialAnsweredProperty().isNotEmpty());
        answered.managedProperty().bind(answered.visibleProperty());
        return new VBox(6, summary, answered);
    }

    /** A text that follows the protocol chosen. */
    private ObservableValue<String> byProtocol(String casKey, String oidcKey, String ldapKey) {
        return model.protocolProperty()
                .map(protocol -> i18n.t(
                        switch (protocol) {
                            case CAS -> casKey;
                            case OIDC -> oidcKey;
                            case LDAP -> ldapKey;
                        }));
    }

    private Label captionBy(String casKey, String oidcKey, String ldapKey) {
        Label caption = caption("");
        caption.textProperty().bind(byProtocol(casKey, oidcKey, ldapKey));
        return caption;
    }

    private Label helpBy(String casKey, String oidcKey, String ldapKey) {
        Label help = help("");
        help.textProperty().bind(byProtocol(casKey, oidcKey, ldapKey));
        return help;
    }

    private static void row(GridPane form, String caption, Node field) {
        add(form, caption(caption), field, null);
    }

    private void row(GridPane form, String caption, Node field, String help) {
        add(form, caption(caption), field, help(help));
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
        caption.setMinWidth(Region.USE_PREF_SIZE); // read whole, never cut short
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
