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
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.slot.api.CourtOnSale;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.venue.api.DeskScope;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CourtsViewModelTest {

    static final Caller ACTOR = Caller.atDesk(900, "t900", Role.STAFF);
    static final LocalDate TODAY = LocalDate.of(2026, 11, 22);
    final CourtDesk service = mock(CourtDesk.class);
    final SlotDesk slots = mock(SlotDesk.class);
    final VenueDesk venues = mock(VenueDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final CourtsViewModel model = new CourtsViewModel(
            service, venues, slots, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), () -> TODAY, ACTOR);

    @BeforeEach
    void aDeskOfEveryVenue() {
        when(venues.deskScope(ACTOR)).thenReturn(DeskScope.ALL);
    }

    @Test
    void refreshShowsEveryCourt() {
        when(service.list(ACTOR)).thenReturn(List.of(court(1, "A", true), court(2, "B", false)));
        model.refresh();
        assertThat(model.rows())
                .containsExactly(
                        new CourtsViewModel.CourtRow(1, "A", true, ""),
                        new CourtsViewModel.CourtRow(2, "B", false, ""));
    }

    @Test
    void aCourtIsShownInItsVenueAndMadeInTheVenueAndSportChosen() {
        SportView tableTennis = new SportView("TABLE_TENNIS", "乒乓球", "Table tennis", 60, 1, null, null);
        VenueView room = new VenueView(
                2, "乒乓球室", "Table-tennis room", null, LocalTime.of(8, 0), LocalTime.of(22, 0), true, List.of());
        when(venues.list()).thenReturn(List.of(room));
        when(venues.sports()).thenReturn(List.of(tableTennis));
        when(service.list(ACTOR)).thenReturn(List.of(new CourtView(5, "T1", true, 2, "TABLE_TENNIS")));
        model.refresh();
        assertThat(model.rows())
                .containsExactly(new CourtsViewModel.CourtRow(5, "T1", true, "Table-tennis room · Table tennis"));
        assertThat(model.placeProperty().get().sport()).isEqualTo("TABLE_TENNIS");

        when(service.create("T2", 2, "TABLE_TENNIS", ACTOR))
                .thenReturn(new CourtView(6, "T2", true, 2, "TABLE_TENNIS"));
        model.newNameProperty().set("T2");
        model.create();
        verify(service).create("T2", 2, "TABLE_TENNIS", ACTOR);

        when(service.move(5, 2L, "TABLE_TENNIS", ACTOR)).thenReturn(new CourtView(5, "T1", true, 2, "TABLE_TENNIS"));
        model.move(model.rows().get(0));
        verify(service).move(5, 2L, "TABLE_TENNIS", ACTOR);
    }

    @Test
    void aDeskWorkerIsOfferedTheirOwnVenuesToMakeACourtIn() {
        VenueView east =
                new VenueView(2, "东馆", "East hall", null, LocalTime.of(8, 0), LocalTime.of(22, 0), true, List.of());
        VenueView west =
                new VenueView(3, "西馆", "West hall", null, LocalTime.of(8, 0), LocalTime.of(22, 0), true, List.of());
        when(venues.deskScope(ACTOR)).thenReturn(new DeskScope(java.util.Set.of(2L)));
        when(venues.list()).thenReturn(List.of(east, west));
        when(venues.sports()).thenReturn(List.of(new SportView("BADMINTON", "羽毛球", "Badminton", 60, 4, null, null)));
        when(service.list(ACTOR)).thenReturn(List.of(new CourtView(5, "E1", true, 2, "BADMINTON")));
        model.refresh();
        assertThat(model.places()).extracting(CourtsViewModel.Place::venueId).containsExactly(2L);
        assertThat(model.rows()).extracting(CourtsViewModel.CourtRow::where).containsExactly("East hall · Badminton");
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
        when(service.create("Court 1", 1, "BADMINTON", ACTOR)).thenReturn(court(3, "Court 1", true));
        when(service.list(ACTOR)).thenReturn(List.of(court(3, "Court 1", true)));
        model.newNameProperty().set("  Court 1 ");
        model.create();
        verify(service).create("Court 1", 1, "BADMINTON", ACTOR);
        assertThat(model.newNameProperty().get()).isEmpty();
        assertThat(notices.infos).containsExactly("Court \"Court 1\" created.");
        assertThat(model.rows()).hasSize(1);
    }

    @Test
    void aRefusedNameIsShownAndTheFieldKept() {
        when(service.create("A", 1, "BADMINTON", ACTOR))
                .thenThrow(CourtRushException.conflict("An active court is already named 'A'."));
        model.newNameProperty().set("A");
        model.create();
        assertThat(notices.lastFailureMessage()).contains("already named");
        assertThat(model.newNameProperty().get()).isEqualTo("A");
    }

    @Test
    void disablingAndRenamingGoThroughTheService() {
        when(service.list(ACTOR)).thenReturn(List.of());
        CourtsViewModel.CourtRow row = new CourtsViewModel.CourtRow(5, "Old", true, "");
        model.setActive(row, false);
        model.rename(row, "New");
        verify(service).setActive(5, false, ACTOR);
        verify(service).rename(5, "New", ACTOR);
    }

    @Test
    void disablingACourtAsksNamingItAndSaysWhatOfItStaysOnSale() {
        when(service.list(ACTOR)).thenReturn(List.of());
        when(slots.onSale(5, TODAY)).thenReturn(new CourtOnSale(5, 6, 20, 4));
        CourtsViewModel.CourtRow row = new CourtsViewModel.CourtRow(5, "Court 5", true, "");
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
        when(service.list(ACTOR)).thenReturn(List.of());
        model.toggle(new CourtsViewModel.CourtRow(5, "Court 5", false, ""));
        verify(service).setActive(5, true, ACTOR);
        assertThat(notices.steps).isEmpty();
    }
}
