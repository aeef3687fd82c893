package com.courtrush.desktop.shell;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.setting.desk.SettingsDesk;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who is at the desk. On a new installation (no active manager yet) the gym is named and the first manager account
 * created here; afterwards staff sign in with their own id and password, with the same throttling
 * as any sign-in. While the gym has no manager of its own — only the campus directory's, who cannot sign in while it
 * is down — the sign-in offers to create one. Whatever the console does afterwards is recorded in that person's name.
 */
public final class DeskSignInViewModel {

    private static final Logger log = LoggerFactory.getLogger(DeskSignInViewModel.class);

    private final StaffAccountDesk staff;
    private final SettingsDesk settings;
    private final I18n i18n;
    private final BooleanProperty firstStart = new SimpleBooleanProperty();
    private final BooleanProperty localManagerOffered = new SimpleBooleanProperty();

    private final StringProperty gymName = new SimpleStringProperty("");
    private final StringProperty staffId = new SimpleStringProperty("");
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty password = new SimpleStringProperty("");
    private final StringProperty repeat = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final javafx.beans.binding.StringBinding hint;

    public DeskSignInViewModel(StaffAccountDesk staff, SettingsDesk settings, I18n i18n) {
        this.staff = staff;
        this.settings = settings;
        this.i18n = i18n;
        // no manager of the gym's own: created here at once on a new installation; where the directory's staff may
        // sign in (its managers exist, or it checks passwords), the sign-in comes first and offers it
        boolean noLocalManager = !staff.hasLocalManager();
        localManagerOffered.set(noLocalManager
                && (staff.hasManager() || staff.directoryChecksPasswords().isPresent()));
        firstStart.set(noLocalManager && !localManagerOffered.get());
        // asked again when a first start turns into the sign-in (the directory may have been set up meanwhile)
        hint = javafx.beans.binding.Bindings.createStringBinding(
                () -> firstStart.get() ? i18n.t("signIn.firstHint") : i18n.t("signIn.hint") + directoryLine(),
                firstStart);
    }

    /** While the campus directory checks passwords (LDAP): its staff sign in here with its id and password. */
    private String directoryLine() {
        return staff.directoryChecksPasswords()
                .map(label ->
                        "\n" + i18n.t("signIn.directory", label.isBlank() ? i18n.t("signIn.campusAccount") : label))
                .orElse("");
    }

    /** What the dialog says under the form: who the console records, and who else may sign in. */
    public javafx.beans.value.ObservableStringValue hintProperty() {
        return hint;
    }

    /**
     * No manager exists yet: the first is created here. It turns false when one appears meanwhile (another
     * console or a headless node created them), and the dialog becomes the sign-in.
     */
    public boolean firstStart() {
        return firstStart.get();
    }

    public ReadOnlyBooleanProperty firstStartProperty() {
        return firstStart;
    }

    /**
     * The gym has no manager of its own, but the campus directory's staff may sign in: the dialog offers to switch
     * between their sign-in and creating the gym's own manager ({@link #switchForm}).
     */
    public ReadOnlyBooleanProperty localManagerOfferedProperty() {
        return localManagerOffered;
    }

    /**
     * From the sign-in to creating the gym's own manager (its name as kept, to be confirmed), or back; only while
     * {@link #localManagerOfferedProperty} is true.
     */
    public void switchForm() {
        if (!localManagerOffered.get()) {
            return;
        }
        if (!firstStart.get()) {
            gymName.set(Objects.requireNonNullElse(settings.gymName(), ""));
        }
        firstStart.set(!firstStart.get());
        error.set("");
        password.set("");
        repeat.set("");
    }

    /** Signs in (or creates the first manager and signs in as them); empty, with {@link #errorProperty}, when refused. */
    public Optional<Caller> submit() {
        String id = staffId.get().strip();
        try {
            if (firstStart.get()) {
                if (!password.get().equals(repeat.get())) {
                    return refused(i18n.t("signIn.repeatDiffers"));
                }
                // named first: a name refused leaves no manager behind, and the manager's first receipt prints it
                settings.nameTheGym(gymName.get());
                StaffMember created = staff.createFirstManager(id, name.get().strip(), password.get());
                log.info("First manager account created at the console: {}", created.staffId());
                return Optional.of(Caller.atDesk(created.id(), created.staffId(), Role.MANAGER));
            }
            return Optional.of(staff.signInAtDesk(id, password.get()));
        } catch (CourtRushException refused) {
            if (firstStart.get() && staff.hasLocalManager()) {
                log.info("A manager was created elsewhere while the console offered the first one; asking to sign in");
                firstStart.set(false);
                localManagerOffered.set(false);
                name.set("");
                return refused(i18n.t("signIn.managerMeanwhile"));
            }
            return refused(refused.message(i18n.locale()));
        }
    }

    /** Says why, and empties the password fields to be typed again. */
    private Optional<Caller> refused(String why) {
        error.set(why);
        password.set("");
        repeat.set("");
        return Optional.empty();
    }

    /** The gym's name, asked with the first manager: receipts and shift reports print it. */
    public StringProperty gymNameProperty() {
        return gymName;
    }

    public StringProperty staffIdProperty() {
        return staffId;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    public StringProperty repeatProperty() {
        return repeat;
    }

    public StringProperty errorProperty() {
        return error;
    }
}
