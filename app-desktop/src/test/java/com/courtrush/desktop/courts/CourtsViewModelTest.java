package com.courtrush.desktop.courts;

import static com.courtrush.desktop.support.Courts.court;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.core.CourtRushException;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.slot.api.CourtOnSale;
import com.courtrush.slot.desk.SlotDesk;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CourtsViewModelTest {

    static final Caller ACTOR = Caller.atDesk(900, "t900", Role.STAFF);
    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);
    final CourtDesk service = mock(CourtDesk.class);
    final SlotDesk slots = mock(SlotDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final CourtsViewModel model = new CourtsViewModel(
            service, slots, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), () -> TODAY, ACTOR);

    @Test
    void refreshShowsEveryCourt() {
        when(service.list()).thenReturn(List.of(court(1, "A", true), court(2, "B", false)));
        model.refresh();
        assertThat(model.rows())
                .containsExactly(
                        new CourtsViewModel.CourtRow(1, "A", true), new CourtsViewModel.CourtRow(2, "B", false));
    }

    @Test
    void aBlankNameCannotBeCreated() {
        model.newNameProperty().set("   ");
        assertThat(model.canCreateProperty().get()).isFalse();
        model.newNameProperty().set("Court 1");
        assertThat(model.canCreateProperty().get()).isTrue();
    }

    @Test
    void creatingClearsTheFieldTellsAndReloads() {
        when(service.create("Court 1", ACTOR)).thenReturn(court(3, "Court 1", true));
        when(service.list()).thenReturn(List.of(court(3, "Court 1", true)));
        model.newNameProperty().set("  Court 1 ");
        model.create();
        verify(service).create("Court 1", ACTOR);
        assertThat(model.newNameProperty().get()).isEmpty();
        assertThat(notices.infos).containsExactly("Court \"Court 1\" created.");
        assertThat(model.rows()).hasSize(1);
    }

    @Test
    void aRefusedNameIsShownAndTheFieldKept() {
        when(service.create("A", ACTOR))
                .thenThrow(CourtRushException.conflict("An active court is already named 'A'."));
        model.newNameProperty().set("A");
        model.create();
        assertThat(notices.lastFailureMessage()).contains("already named");
        assertThat(model.newNameProperty().get()).isEqualTo("A");
    }

    @Test
    void disablingAndRenamingGoThroughTheService() {
        when(service.list()).thenReturn(List.of());
        CourtsViewModel.CourtRow row = new CourtsViewModel.CourtRow(5, "Old", true);
        model.setActive(row, false);
        model.rename(row, "New");
        verify(service).setActive(5, false, ACTOR);
        verify(service).rename(5, "New", ACTOR);
    }

    @Test
    void disablingACourtAsksNamingItAndSaysWhatOfItStaysOnSale() {
        when(service.list()).thenReturn(List.of());
        when(slots.onSale(5, TODAY)).thenReturn(new CourtOnSale(5, 6, 20, 4));
        CourtsViewModel.CourtRow row = new CourtsViewModel.CourtRow(5, "Court 5", true);
        notices.answer = false;

        model.toggle(row);

        assertThat(notices.lastStep().target()).isEqualTo("Court \"Court 5\"");
        assertThat(notices.lastStep().consequence())
                .contains("its 6 slots from today on stay on sale (20 places free, " + "4 booked)");
        verify(service, never()).setActive(5, false, ACTOR);

        notices.answer = true;
        model.toggle(row);
        verify(service).setActive(5, false, ACTOR);
    }

    @Test
    void enablingACourtAsksNothing() {
        when(service.list()).thenReturn(List.of());
        model.toggle(new CourtsViewModel.CourtRow(5, "Court 5", false));
        verify(service).setActive(5, true, ACTOR);
        assertThat(notices.steps).isEmpty();
    }
}
