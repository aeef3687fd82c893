package com.courtrush.desktop.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.setting.desk.SettingsDesk;
import java.time.LocalDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.mockito.InOrder;

class DeskSignInViewModelTest {

    final StaffAccountDesk staff = mock(StaffAccountDesk.class);
    final SettingsDesk settings = mock(SettingsDesk.class);

    DeskSignInViewModel model(boolean managerExists) {
        when(staff.hasManager()).thenReturn(managerExists);
        when(staff.hasLocalManager()).thenReturn(managerExists);
        return new DeskSignInViewModel(staff, settings, I18n.of(I18n.ENGLISH));
    }

    /** Issue 76: receipts printed "CourtRush"; the gym is named with its first manager, before the manager is made. */
    @Test
    void aNewInstallationNamesTheGymBeforeItsFirstManager() {
        when(staff.createFirstManager("boss", "The Boss", "secret1"))
                .thenReturn(new StaffMember(
                        1, "boss", "The Boss", Role.MANAGER, true, LocalDateTime.of(2026, 11, 25, 9, 0)));
        DeskSignInViewModel model = model(false);
        model.gymNameProperty().set("北校区体育馆");
        model.staffIdProperty().set("boss");
        model.nameProperty().set("The Boss");
        model.passwordProperty().set("secret1");
        model.repeatProperty().set("secret1");

        assertThat(model.submit()).isPresent();

        InOrder order = inOrder(settings, staff);
        order.verify(settings).nameTheGym("北校区体育馆");
        order.verify(staff).createFirstManager("boss", "The Boss", "secret1");
    }

    @Test
    void aGymNameRefusedLeavesNoManagerBehindAndSaysWhy() {
        doThrow(CourtRushException.badRequest("setting.gymName", 64))
                .when(settings)
                .nameTheGym("");
        DeskSignInViewModel model = model(false);
        model.staffIdProperty().set("boss");
        model.nameProperty().set("The Boss");
        model.passwordProperty().set("secret1");
        model.repeatProperty().set("secret1");

        assertThat(model.submit()).isEmpty();

        assertThat(model.errorProperty().get())
                .isEqualTo("The gym's name must have 1 to 64 characters, none of them a control character.");
        verify(staff, never()).createFirstManager(anyString(), anyString(), anyString());
    }

    @Test
    void aNewInstallationCreatesTheFirstManagerAndSignsInAsThem() {
        when(staff.createFirstManager("boss", "The Boss", "secret1"))
                .thenReturn(new StaffMember(
                        1, "boss", "The Boss", Role.MANAGER, true, LocalDateTime.of(2026, 11, 25, 9, 0)));
        DeskSignInViewModel model = model(false);
        model.staffIdProperty().set(" boss ");
        model.nameProperty().set("The Boss ");
        model.passwordProperty().set("secret1");
        model.repeatProperty().set("secret1");

        Optional<Caller> signedIn = model.submit();

        assertThat(model.firstStart()).isTrue();
        assertThat(signedIn).hasValueSatisfying(caller -> {
            assertThat(caller.actor()).isEqualTo("staff:boss");
            assertThat(caller.role()).isEqualTo(Role.MANAGER);
        });
    }

    @Test
    void twoDifferentPasswordsAreRefusedBeforeAnythingIsCreated() {
        DeskSignInViewModel model = model(false);
        model.staffIdProperty().set("boss");
        model.passwordProperty().set("secret1");
        model.repeatProperty().set("secret2");

        assertThat(model.submit()).isEmpty();

        assertThat(model.errorProperty().get()).isEqualTo("The two passwords differ.");
        assertThat(model.passwordProperty().get()).isEmpty();
        assertThat(model.repeatProperty().get()).isEmpty();
        verify(staff, never()).createFirstManager(anyString(), anyString(), anyString());
    }

    @Test
    void aManagerCreatedElsewhereMeanwhileTurnsTheFirstStartIntoTheSignIn() {
        when(staff.hasLocalManager()).thenReturn(false, true);
        when(staff.createFirstManager(anyString(), anyString(), anyString()))
                .thenThrow(CourtRushException.conflict("staff.managerExists"));
        DeskSignInViewModel model = new DeskSignInViewModel(staff, settings, I18n.of(I18n.ENGLISH));
        model.staffIdProperty().set("mgr01");
        model.nameProperty().set("Zhou Min");
        model.passwordProperty().set("desk-pass-01");
        model.repeatProperty().set("desk-pass-01");

        assertThat(model.hintProperty().get()).startsWith("The gym's name is printed on its receipts");
        // and the campus directory was set up to check passwords meanwhile
        when(staff.directoryChecksPasswords()).thenReturn(Optional.of("Unified identity"));

        assertThat(model.submit()).isEmpty();

        assertThat(model.firstStart()).isFalse();
        assertThat(model.errorProperty().get())
                .isEqualTo("A manager account was created meanwhile (at another console or on the API). "
                        + "Sign in with your staff id.");
        assertThat(model.hintProperty().get())
                .endsWith("\nUnified identity: the gym's staff sign in here with its id and password too.");
        Caller manager = Caller.atDesk(3, "m01", Role.MANAGER);
        when(staff.signInAtDesk("m01", "desk-pass-01")).thenReturn(manager);
        model.staffIdProperty().set("m01");
        model.passwordProperty().set("desk-pass-01");
        assertThat(model.submit()).contains(manager);
    }

    /**
     * Issue 75: a manager the campus directory made counted as the first manager, so the console never offered the
     * gym's own and a directory outage locked the gym out. Its staff sign in first; the gym's own manager is offered.
     */
    @Test
    void withOnlyTheDirectorysManagersTheSignInOffersTheGymsOwn() {
        when(staff.hasManager()).thenReturn(true);
        when(staff.hasLocalManager()).thenReturn(false);
        when(settings.gymName()).thenReturn("North Campus Sports Centre");
        when(staff.createFirstManager("boss", "The Boss", "secret1"))
                .thenReturn(new StaffMember(
                        5, "boss", "The Boss", Role.MANAGER, true, LocalDateTime.of(2026, 11, 25, 9, 0)));
        DeskSignInViewModel model = new DeskSignInViewModel(staff, settings, I18n.of(I18n.ENGLISH));

        assertThat(model.firstStart()).as("the directory's staff sign in").isFalse();
        assertThat(model.localManagerOfferedProperty().get()).isTrue();
        model.switchForm();
        assertThat(model.firstStart()).isTrue();
        assertThat(model.gymNameProperty().get()).isEqualTo("North Campus Sports Centre");
        model.staffIdProperty().set("boss");
        model.nameProperty().set("The Boss");
        model.passwordProperty().set("secret1");
        model.repeatProperty().set("secret1");

        assertThat(model.submit())
                .hasValueSatisfying(caller -> assertThat(caller.role()).isEqualTo(Role.MANAGER));
        verify(settings).nameTheGym("North Campus Sports Centre");
    }

    @Test
    void aLocalManagerOffersNothingAndANewInstallationCreatesAtOnce() {
        DeskSignInViewModel signIn = model(true);
        assertThat(signIn.localManagerOfferedProperty().get()).isFalse();
        signIn.switchForm();
        assertThat(signIn.firstStart()).isFalse();

        DeskSignInViewModel fresh = model(false);
        assertThat(fresh.firstStart()).isTrue();
        assertThat(fresh.localManagerOfferedProperty().get()).isFalse();
    }

    @Test
    void staffSignInWithTheirOwnAccount() {
        Caller ann = Caller.atDesk(2, "ann", Role.STAFF);
        when(staff.signInAtDesk("ann", "pw123456")).thenReturn(ann);
        DeskSignInViewModel model = model(true);
        model.staffIdProperty().set("ann");
        model.passwordProperty().set("pw123456");

        assertThat(model.firstStart()).isFalse();
        assertThat(model.submit()).contains(ann);
    }

    @Test
    void aRefusedSignInSaysWhyInTheConsolesLanguageAndEmptiesThePassword() {
        when(staff.signInAtDesk("ann", "wrong")).thenThrow(CourtRushException.badRequest("auth.wrongStaffCredentials"));
        DeskSignInViewModel model = model(true);
        model.staffIdProperty().set("ann");
        model.passwordProperty().set("wrong");

        assertThat(model.submit()).isEmpty();

        assertThat(model.errorProperty().get()).isEqualTo("Wrong staff id or password.");
        assertThat(model.passwordProperty().get()).isEmpty();
    }
}
