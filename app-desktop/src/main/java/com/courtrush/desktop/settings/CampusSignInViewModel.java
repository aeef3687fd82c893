package com.courtrush.desktop.settings;

import com.courtrush.account.api.Caller;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import com.courtrush.campus.desk.CampusSignInDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The campus sign-in on the Settings screen (SPEC §18): the university's CAS server or OpenID Connect provider,
 * the attributes read from it and the rules for who may book and who is staff, saved through the engine's rules
 * (a manager's) and tried as typed before saving. Saving and trying call the university's server and may take
 * seconds: meanwhile {@link #workingProperty()} is true.
 */
public final class CampusSignInViewModel {

    private final CampusSignInDesk desk;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;

    private final BooleanProperty enabled = new SimpleBooleanProperty();
    private final ObjectProperty<CampusProtocol> protocol = new SimpleObjectProperty<>(CampusProtocol.OIDC);
    private final StringProperty label = new SimpleStringProperty("");
    private final StringProperty publicUrl = new SimpleStringProperty("");
    private final StringProperty serverUrl = new SimpleStringProperty("");
    private final StringProperty clientId = new SimpleStringProperty("");
    private final StringProperty clientSecret = new SimpleStringProperty("");
    private final StringProperty idAttribute = new SimpleStringProperty("");
    private final StringProperty nameAttribute = new SimpleStringProperty("");
    private final StringProperty emailAttribute = new SimpleStringProperty("");
    private final StringProperty bookAttribute = new SimpleStringProperty("");
    private final StringProperty bookValues = new SimpleStringProperty("");
    private final StringProperty staffAttribute = new SimpleStringProperty("");
    private final StringProperty staffValues = new SimpleStringProperty("");
    private final StringProperty managerValues = new SimpleStringProperty("");
    private final StringProperty facultyValues = new SimpleStringProperty("");

    private final ReadOnlyBooleanWrapper oidc = new ReadOnlyBooleanWrapper();
    private final ReadOnlyBooleanWrapper working = new ReadOnlyBooleanWrapper();
    private final ReadOnlyObjectWrapper<Boolean> trialOk = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper trialSummary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper trialAnswered = new ReadOnlyStringWrapper("");

    public CampusSignInViewModel(CampusSignInDesk desk, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.desk = desk;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
        oidc.bind(Bindings.createBooleanBinding(() -> protocol.get() == CampusProtocol.OIDC, protocol));
        show(CampusSignInSettings.none());
    }

    public void load() {
        tasks.run(i18n.t("campus.load"), desk::settings, this::show);
    }

    private void show(CampusSignInSettings settings) {
        enabled.set(settings.enabled());
        protocol.set(settings.protocol() == null ? CampusProtocol.OIDC : settings.protocol());
        label.set(text(settings.label()));
        publicUrl.set(text(settings.publicUrl()));
        serverUrl.set(text(settings.serverUrl()));
        clientId.set(text(settings.clientId()));
        // a secret that is set comes masked, and sent back masked it keeps the saved one
        clientSecret.set(text(settings.clientSecret()));
        idAttribute.set(text(settings.idAttribute()));
        nameAttribute.set(text(settings.nameAttribute()));
        emailAttribute.set(text(settings.emailAttribute()));
        bookAttribute.set(text(settings.bookAttribute()));
        bookValues.set(text(settings.bookValues()));
        staffAttribute.set(text(settings.staffAttribute()));
        staffValues.set(text(settings.staffValues()));
        managerValues.set(text(settings.managerValues()));
        facultyValues.set(text(settings.facultyValues()));
    }

    private static String text(String value) {
        return value == null ? "" : value;
    }

    /** The settings as typed now, saved or not: what "save" and "try it" send. */
    public CampusSignInSettings typed() {
        return new CampusSignInSettings(
                enabled.get(),
                protocol.get(),
                label.get().strip(),
                publicUrl.get().strip(),
                serverUrl.get().strip(),
                clientId.get().strip(),
                clientSecret.get(),
                idAttribute.get().strip(),
                nameAttribute.get().strip(),
                emailAttribute.get().strip(),
                bookAttribute.get().strip(),
                bookValues.get().strip(),
                staffAttribute.get().strip(),
                staffValues.get().strip(),
                managerValues.get().strip(),
                facultyValues.get().strip());
    }

    /** Saves the settings as typed; a refusal is shown like any other, and nothing is saved. */
    public void save() {
        CampusSignInSettings settings = typed();
        String what = i18n.t("campus.save");
        working.set(true);
        tasks.run(
                what,
                () -> desk.save(settings, staff),
                saved -> {
                    working.set(false);
                    show(saved);
                    notices.info(i18n.t("campus.saved"));
                },
                error -> {
                    working.set(false);
                    notices.failed(what, error);
                });
    }

    /** Asks the university's server at the settings as typed (not saved) whether it answers, and shows what it said. */
    public void tryIt() {
        CampusSignInSettings settings = typed();
        String what = i18n.t("campus.try");
        working.set(true);
        trialOk.set(null);
        trialSummary.set(i18n.t("campus.trying"));
        trialAnswered.set("");
        tasks.run(
                what,
                () -> desk.tryIt(settings, i18n.locale(), staff),
                trial -> {
                    working.set(false);
                    showTrial(trial);
                },
                error -> {
                    working.set(false);
                    trialSummary.set("");
                    notices.failed(what, error);
                });
    }

    private void showTrial(CampusTrial trial) {
        trialOk.set(trial.ok());
        trialSummary.set(text(trial.summary()));
        trialAnswered.set(trial.answered() == null ? "" : String.join("\n", trial.answered()));
    }

    public BooleanProperty enabledProperty() {
        return enabled;
    }

    public ObjectProperty<CampusProtocol> protocolProperty() {
        return protocol;
    }

    public StringProperty labelProperty() {
        return label;
    }

    public StringProperty publicUrlProperty() {
        return publicUrl;
    }

    public StringProperty serverUrlProperty() {
        return serverUrl;
    }

    public StringProperty clientIdProperty() {
        return clientId;
    }

    public StringProperty clientSecretProperty() {
        return clientSecret;
    }

    public StringProperty idAttributeProperty() {
        return idAttribute;
    }

    public StringProperty nameAttributeProperty() {
        return nameAttribute;
    }

    public StringProperty emailAttributeProperty() {
        return emailAttribute;
    }

    public StringProperty bookAttributeProperty() {
        return bookAttribute;
    }

    public StringProperty bookValuesProperty() {
        return bookValues;
    }

    public StringProperty staffAttributeProperty() {
        return staffAttribute;
    }

    public StringProperty staffValuesProperty() {
        return staffValues;
    }

    public StringProperty managerValuesProperty() {
        return managerValues;
    }

    /** The values of the booking attribute that make a person book as faculty (SPEC §21); blank: the gym's say. */
    public StringProperty facultyValuesProperty() {
        return facultyValues;
    }

    /** Whether the protocol is OpenID Connect: only then do the client id and secret count. */
    public ReadOnlyBooleanProperty oidcProperty() {
        return oidc.getReadOnlyProperty();
    }

    /** Whether a save or a try is waiting for the university's server. */
    public ReadOnlyBooleanProperty workingProperty() {
        return working.getReadOnlyProperty();
    }

    /** Whether the last try succeeded; null before any try, and while one runs. */
    public ReadOnlyObjectProperty<Boolean> trialOkProperty() {
        return trialOk.getReadOnlyProperty();
    }

    /** What the last try came to, in a sentence. */
    public ReadOnlyStringProperty trialSummaryProperty() {
        return trialSummary.getReadOnlyProperty();
    }

    /** What the university's server answered at the last try, a line each. */
    public ReadOnlyStringProperty trialAnsweredProperty() {
        return trialAnswered.getReadOnlyProperty();
    }
}
