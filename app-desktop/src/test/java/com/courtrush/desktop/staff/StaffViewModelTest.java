package com.courtrush.desktop.staff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.NewStaff;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

class StaffViewModelTest {

    final StaffAccountDesk accounts = mock(StaffAccountDesk.class);
    final VenueDesk venues = mock(VenueDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final Caller manager = Caller.atDesk(1, "boss", Role.MANAGER);
    final StaffMember ann = new StaffMember(2, "ann", "Ann", Role.STAFF, true, LocalDateTime.of(2026, 11, 1, 9, 0));
    StaffViewModel model;

    @BeforeEach
    void setUp() {
        when(accounts.list(any())).thenReturn(List.of(ann));
        model = new StaffViewModel(
                accounts, venues, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), manager);
    }

    /** SPEC §21: the venues whose desk an account works are shown in words and set by a manager, or every venue. */
    @Test
    void aStaffMemberIsGivenTheDesksOfTwoVenuesAndThenEveryVenue() {
        VenueView east = new VenueView(
                2,
                "东馆",
                "East hall",
                null,
                java.time.LocalTime.of(8, 0),
                java.time.LocalTime.of(22, 0),
                true,
                List.of());
        VenueView west = new VenueView(
                3,
                "西馆",
                "West hall",
                null,
                java.time.LocalTime.of(8, 0),
                java.time.LocalTime.of(22, 0),
                true,
                List.of());
        when(venues.list()).thenReturn(List.of(east, west));
        when(venues.staffVenues()).thenReturn(java.util.Map.of());
        model.load();
        assertThat(model.venuesOf(ann)).isEqualTo("Every venue");
        assertThat(model.venueChoices()).extracting(Object::toString).containsExactly("East hall", "West hall");

        when(venues.assignStaff(manager, 2L, List.of(2L, 3L))).thenReturn(List.of(2L, 3L));
        when(venues.staffVenues()).thenReturn(java.util.Map.of(2L, List.of(2L, 3L)));
        model.assign(ann, List.copyOf(model.venueChoices()));
        verify(venues).assignStaff(manager, 2L, List.of(2L, 3L));
        assertThat(model.venuesOf(ann)).isEqualTo("East hall, West hall");
        assertThat(model.venuesTicked(ann)).extracting(Object::toString).containsExactly("East hall", "West hall");
        assertThat(notices.infos).last().asString().contains("East hall, West hall");

        when(venues.assignStaff(manager, 2L, List.of())).thenReturn(List.of());
        model.assign(ann, List.of());
        verify(venues).assignStaff(manager, 2L, List.of());
        assertThat(notices.infos).last().asString().endsWith("Every venue");
    }

    @Test
    void createSendsTheTrimmedAccountClearsTheFormAndListsAgain() {
        when(accounts.create(any(), eq(manager)))
                .thenReturn(new StaffMember(3, "bo", "Bo", Role.MANAGER, true, LocalDateTime.now()));
        model.staffIdProperty().set("  bo ");
        model.nameProperty().set(" Bo ");
        model.passwordProperty().set("secret1 ");
        model.roleProperty().set(Role.MANAGER);

        model.create();

        ArgumentCaptor<NewStaff> sent = ArgumentCaptor.captor();
        verify(accounts).create(sent.capture(), eq(manager));
        assertThat(sent.getValue()).isEqualTo(new NewStaff("bo", "Bo", "secret1 ", Role.MANAGER));
        assertThat(model.staffIdProperty().get()).isEmpty();
        assertThat(model.passwordProperty().get())
                .as("a password never stays on screen")
                .isEmpty();
        assertThat(notices.infos.get(0)).contains("bo");
        assertThat(model.rows()).containsExactly(ann);
    }

    @Test
    void aRefusalIsSaidAndTheFormIsKept() {
        when(accounts.create(any(), eq(manager))).thenThrow(CourtRushException.conflict("staff.managerExists"));
        model.staffIdProperty().set("bo");
        model.passwordProperty().set("secret1");

        model.create();

        assertThat(notices.lastFailureMessage()).contains("A manager exists already");
        assertThat(model.staffIdProperty().get()).isEqualTo("bo");
    }

    @Test
    void disablingAndChangingRoleGoInTheManagersNameAndListAgain() {
        model.setActive(ann, false);
        model.setRole(ann, Role.MANAGER);

        verify(accounts).setActive(2, false, manager);
        verify(accounts).setRole(2, Role.MANAGER, manager);
        verify(accounts, times(2)).list(any());
    }

    @Test
    void aPasswordResetNamesTheAccount() {
        model.resetPassword(ann, "newpass1");

        verify(accounts).resetPassword(2, "newpass1", manager);
        assertThat(notices.infos.get(0)).contains("ann");
    }
}
