package com.courtrush.desktop.venues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import com.courtrush.closure.desk.ClosureDesk;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.venue.api.SportForm;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueForm;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class VenuesViewModelTest {

    static final Caller MANAGER = Caller.atDesk(901, "m901", Role.MANAGER);
    static final SportView TABLE_TENNIS = new SportView("TABLE_TENNIS", "乒乓球", "Table tennis", 60, 1, null, null);
    static final VenueView ROOM = new VenueView(
            2,
            "乒乓球室",
            "Table-tennis room",
            "North block",
            LocalTime.of(8, 0),
            LocalTime.of(22, 0),
            true,
            List.of(TABLE_TENNIS));

    final VenueDesk venues = mock(VenueDesk.class);
    final ClosureDesk closures = mock(ClosureDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final CourtDesk courts = mock(CourtDesk.class);
    final VenuesViewModel model =
            new VenuesViewModel(venues, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), MANAGER);
    final ClosuresViewModel closing = new ClosuresViewModel(
            courts, closures, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), MANAGER);

    {
        model.whenLoaded(closing::refresh); // as the Venues screen wires them
    }

    @Test
    void theVenuesSportsAndClosuresAreShownInWords() {
        when(venues.list()).thenReturn(List.of(ROOM));
        when(venues.sports()).thenReturn(List.of(TABLE_TENNIS));
        when(courts.list()).thenReturn(List.of(new CourtView(31, "T1", true, 2, "TABLE_TENNIS")));
        LocalDate day = LocalDate.of(2026, 12, 19);
        when(closures.recent())
                .thenReturn(List.of(
                        new ClosureView(
                                4,
                                null,
                                2L,
                                null,
                                day.atStartOfDay(),
                                day.plusDays(1).atStartOfDay(),
                                "Tournament",
                                "m901",
                                12,
                                3,
                                5),
                        new ClosureView(
                                5, 31L, null, null, day.atTime(14, 0), day.atTime(16, 0), "New net", "m901", 2, 0, 0)));
        model.refresh();
        assertThat(model.venueRows())
                .containsExactly(new VenuesViewModel.VenueRow(
                        2, "Table-tennis room", "North block", "08:00–22:00", "Table tennis", true));
        assertThat(model.sportRows().get(0).dayShare()).isEqualTo("The gym's");
        assertThat(closing.rows())
                .extracting(ClosuresViewModel.ClosureRow::what)
                .containsExactly("Table-tennis room", "Table-tennis room · T1");
        assertThat(closing.rows().get(0).did()).isEqualTo("12 slots off sale, 3 cancelled, 5 refunded");
        assertThat(closing.rows().get(1).when()).isEqualTo("2026-12-19 14:00 – 2026-12-19 16:00");
        // what can be closed: the venue, the sport everywhere, the court
        assertThat(closing.targets())
                .containsExactly(
                        new ClosuresViewModel.Target("Table-tennis room", null, 2L, null),
                        new ClosuresViewModel.Target("Table tennis, every venue", null, null, "TABLE_TENNIS"),
                        new ClosuresViewModel.Target("Table-tennis room · T1", 31L, null, null));
        assertThat(closing.targetProperty().get().venueId()).isEqualTo(2);
    }

    @Test
    void aManagerAddsAVenueNamesASportAndChangesOnesSlotPlacesAndShare() {
        when(venues.create(eq(MANAGER), any(VenueForm.class))).thenReturn(ROOM);
        model.nameZhProperty().set("乒乓球室");
        model.nameEnProperty().set("Table-tennis room");
        model.add();
        verify(venues).create(MANAGER, new VenueForm("乒乓球室", "Table-tennis room", "", null, null, null));
        assertThat(notices.infos).containsExactly("Venue \"Table-tennis room\" added.");

        // picking a sport fills the form; a changed slot length and day's share saved, the week's left the gym's
        model.pick(new VenuesViewModel.SportRow("Table tennis", "60 min", "The gym's", "The gym's", TABLE_TENNIS));
        assertThat(model.slotMinutesProperty().get()).isEqualTo("60");
        assertThat(model.perWeekProperty().get()).isEmpty();
        model.slotMinutesProperty().set("30");
        model.perDayProperty().set("1");
        when(venues.saveSport(eq(MANAGER), eq("TABLE_TENNIS"), any(SportForm.class)))
                .thenReturn(TABLE_TENNIS);
        model.saveSport();
        verify(venues).saveSport(MANAGER, "TABLE_TENNIS", new SportForm("乒乓球", "Table tennis", 30, 1, 1, null));

        // a new code names a new sport
        SportView squash = new SportView("SQUASH", "壁球", "Squash", 45, 2, null, 3);
        when(venues.saveSport(eq(MANAGER), eq("SQUASH"), any(SportForm.class))).thenReturn(squash);
        model.sportCodeProperty().set("squash");
        model.sportZhProperty().set("壁球");
        model.sportEnProperty().set("Squash");
        model.slotMinutesProperty().set("45");
        model.placesProperty().set("2");
        model.perDayProperty().set("");
        model.perWeekProperty().set("3");
        model.saveSport();
        verify(venues).saveSport(MANAGER, "SQUASH", new SportForm("壁球", "Squash", 45, 2, null, 3));
        assertThat(notices.infos).contains("Sport \"Squash\" saved.");

        // a slot length out of bounds is refused in words, nothing sent
        model.slotMinutesProperty().set("one");
        model.saveSport();
        assertThat(notices.lastFailureMessage()).contains("5").contains("720");
        verify(venues, times(1)).saveSport(eq(MANAGER), eq("SQUASH"), any(SportForm.class));
    }

    @Test
    void closingIsAskedFirstAndTakesWholeDaysOrTheHoursTyped() {
        when(venues.list()).thenReturn(List.of(ROOM));
        when(venues.sports()).thenReturn(List.of(TABLE_TENNIS));
        when(courts.list()).thenReturn(List.of(new CourtView(31, "T1", true, 2, "TABLE_TENNIS")));
        model.refresh();
        LocalDate first = LocalDate.of(2026, 12, 19);
        closing.fromProperty().set(first);
        closing.untilProperty().set(first.plusDays(1));
        closing.reasonProperty().set("Tournament");
        notices.answer = false;
        closing.close();
        verify(closures, never()).close(any(), any());

        notices.answer = true;
        ClosureView made = new ClosureView(
                4,
                null,
                2L,
                null,
                first.atStartOfDay(),
                first.plusDays(2).atStartOfDay(),
                "Tournament",
                "m901",
                24,
                1,
                2);
        when(closures.close(eq(MANAGER), any(NewClosure.class))).thenReturn(made);
        closing.close();
        verify(closures)
                .close(
                        MANAGER,
                        new NewClosure(
                                null,
                                2L,
                                null,
                                first.atStartOfDay(),
                                first.plusDays(2).atStartOfDay(),
                                "Tournament"));
        assertThat(notices.infos).contains("Closed: 24 slots off sale, 1 bookings cancelled, 2 refunded.");

        // one court, one afternoon
        closing.targetProperty().set(closing.targets().get(2));
        closing.untilProperty().set(null);
        closing.fromTimeProperty().set("14:00");
        closing.untilTimeProperty().set("16:30");
        closing.reasonProperty().set("New net");
        closing.close();
        verify(closures)
                .close(MANAGER, new NewClosure(31L, null, null, first.atTime(14, 0), first.atTime(16, 30), "New net"));

        // an hour that is not one is refused before anything is asked
        closing.fromTimeProperty().set("2pm");
        closing.reasonProperty().set("New net");
        closing.close();
        assertThat(notices.lastFailureMessage()).contains("2pm");
        verify(closures, times(2)).close(eq(MANAGER), any(NewClosure.class));
    }
}
