package com.courtrush.desktop.venues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import com.courtrush.closure.desk.ClosureDesk;
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
    final VenuesViewModel model =
            new VenuesViewModel(venues, closures, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), MANAGER);

    @Test
    void theVenuesSportsAndClosuresAreShownInWords() {
        when(venues.list()).thenReturn(List.of(ROOM));
        when(venues.sports()).thenReturn(List.of(TABLE_TENNIS));
        LocalDate day = LocalDate.of(2026, 12, 19);
        when(closures.recent())
                .thenReturn(List.of(new ClosureView(
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
                        5)));
        model.refresh();
        assertThat(model.venueRows())
                .containsExactly(new VenuesViewModel.VenueRow(
                        2, "Table-tennis room", "North block", "08:00–22:00", "Table tennis", true));
        assertThat(model.sportRows().get(0).dayShare()).isEqualTo("The gym's");
        assertThat(model.closureRows().get(0).what()).isEqualTo("Table-tennis room");
        assertThat(model.closureRows().get(0).did()).isEqualTo("12 slots off sale, 3 cancelled, 5 refunded");
        assertThat(model.closeVenueProperty().get().id()).isEqualTo(2);
    }

    @Test
    void aManagerAddsAVenueAndSetsASportsDayShare() {
        when(venues.create(eq(MANAGER), any(VenueForm.class))).thenReturn(ROOM);
        model.nameZhProperty().set("乒乓球室");
        model.nameEnProperty().set("Table-tennis room");
        model.add();
        verify(venues).create(MANAGER, new VenueForm("乒乓球室", "Table-tennis room", "", null, null, null));
        assertThat(notices.infos).containsExactly("Venue \"Table-tennis room\" added.");

        model.setDayShare(new VenuesViewModel.SportRow("Table tennis", "60 min", "The gym's", TABLE_TENNIS), "1");
        verify(venues).saveSport(MANAGER, "TABLE_TENNIS", new SportForm("乒乓球", "Table tennis", 60, 1, 1, null));
        model.setDayShare(new VenuesViewModel.SportRow("Table tennis", "60 min", "The gym's", TABLE_TENNIS), "one");
        assertThat(notices.lastFailureMessage()).isEqualTo("\"one\" is not a whole number.");
    }

    @Test
    void closingAVenueIsAskedFirstAndTakesWholeDays() {
        when(venues.list()).thenReturn(List.of(ROOM));
        model.refresh();
        LocalDate first = LocalDate.of(2026, 12, 19);
        model.closeFromProperty().set(first);
        model.closeUntilProperty().set(first.plusDays(1));
        model.closeReasonProperty().set("Tournament");
        notices.answer = false;
        model.close();
        verify(closures, never()).close(any(), any());

        notices.answer = true;
        when(closures.close(eq(MANAGER), any(NewClosure.class)))
                .thenReturn(new ClosureView(
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
                        2));
        model.close();
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
    }
}
