package com.courtrush.desktop.venues;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.closure.api.BlockView;
import com.courtrush.closure.api.NewBlock;
import com.courtrush.closure.desk.BlockDesk;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.venue.api.VenueView;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Class and team blocks at the console (SPEC §21): listed by court, made after asking, a date skipped, ended. */
class BlocksViewModelTest {

    static final Caller MANAGER = Caller.atDesk(901, "m901", Role.MANAGER);
    static final LocalDate FIRST = LocalDate.of(2026, 9, 8);
    static final LocalTime SEVEN = LocalTime.of(19, 0);

    final CourtDesk courts = mock(CourtDesk.class);
    final BlockDesk blocks = mock(BlockDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final BlocksViewModel model =
            new BlocksViewModel(courts, blocks, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), MANAGER);

    @Test
    void aBlockTypedInIsMadeAfterAskingAndListedWithItsCourtsVenue() {
        VenueView hall = new VenueView(2, "东区馆", "East hall", "", SEVEN, SEVEN, true, List.of());
        when(courts.list()).thenReturn(List.of(new CourtView(5, "Court 3", true, 2, "BADMINTON")));
        when(blocks.recent()).thenReturn(List.of());
        model.refresh(List.of(hall));
        assertThat(model.courtProperty().get().label()).isEqualTo("East hall · Court 3");

        model.weekdayProperty().set(DayOfWeek.TUESDAY);
        model.startsProperty().set("19:00");
        model.endsProperty().set("21:00");
        model.firstDayProperty().set(FIRST);
        model.lastDayProperty().set(FIRST.plusWeeks(16));
        model.labelProperty().set("Badminton team");
        NewBlock asked = new NewBlock(5L, 2, SEVEN, SEVEN.plusHours(2), FIRST, FIRST.plusWeeks(16), "Badminton team");
        BlockView made = new BlockView(
                3,
                5,
                2,
                SEVEN,
                SEVEN.plusHours(2),
                FIRST,
                FIRST.plusWeeks(16),
                "Badminton team",
                "m901",
                List.of(),
                17,
                1,
                2);
        notices.answer = false;
        model.hold();
        verify(blocks, never()).hold(any(), any());
        assertThat(notices.lastStep().target()).contains("East hall · Court 3").contains("Tuesday 19:00–21:00");

        notices.answer = true;
        when(blocks.hold(MANAGER, asked)).thenReturn(made);
        when(blocks.recent()).thenReturn(List.of(made));
        model.hold();
        verify(blocks).hold(MANAGER, asked);
        assertThat(notices.infos).contains("Held: 17 slots, 1 bookings cancelled, 2 refunded.");
        assertThat(model.rows()).singleElement().satisfies(row -> {
            assertThat(row.court()).isEqualTo("East hall · Court 3");
            assertThat(row.hours()).isEqualTo("Tuesday 19:00–21:00");
            assertThat(row.label()).isEqualTo("Badminton team");
        });

        LocalDate holiday = LocalDate.of(2026, 10, 6);
        model.skipDayProperty().set(holiday);
        when(blocks.skip(MANAGER, 3, holiday)).thenReturn(made);
        model.skip(model.rows().get(0));
        verify(blocks).skip(MANAGER, 3, holiday);
        model.end(model.rows().get(0));
        verify(blocks).end(MANAGER, 3);
    }

    @Test
    void aBlockWithABadHourIsNotSentAndStaffAreTold() {
        when(courts.list()).thenReturn(List.of());
        model.refresh(List.of());
        model.startsProperty().set("7pm");
        model.labelProperty().set("PE");
        model.hold();
        verify(blocks, never()).hold(any(), any());
        verify(blocks, never()).skip(any(), anyLong(), any());
        assertThat(notices.failures).hasSize(1);
    }
}
