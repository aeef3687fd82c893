package com.courtrush.attendance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.venue.Prices;
import com.courtrush.venue.api.DeskScope;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The board's columns are the slots' start times: an end on the hour is no column past the last start. */
class DeskBoardsTest {

    static final LocalDate DAY = LocalDate.parse("2026-11-23");

    final AttendanceMapper attendance = mock(AttendanceMapper.class);
    final CheckIns checkIns = mock(CheckIns.class);
    final Prices prices = mock(Prices.class);
    final DeskBoards boards = new DeskBoards(
            attendance,
            checkIns,
            prices,
            Clock.fixed(Instant.parse("2026-11-23T01:30:00Z"), ZoneId.of("Asia/Shanghai")));

    @Test
    void slotsEndingOnTheHourAddNoColumnPastTheLastStart() {
        when(checkIns.day(DAY, null, DeskScope.ALL)).thenReturn(List.of());
        when(attendance.slotsOn(DAY))
                .thenReturn(List.of(
                        slot(1, 1, "08:00", "09:00"),
                        slot(2, 1, "09:00", "10:00"),
                        slot(3, 2, "08:00", "09:00"),
                        slot(4, 2, "09:00", "10:00")));

        DeskBoard board = boards.board(DAY, DeskScope.ALL);

        assertThat(board.hours()).containsExactly(LocalTime.parse("08:00"), LocalTime.parse("09:00"));
        assertThat(board.slots()).hasSize(4);
    }

    /** SPEC §21: a desk worker's board holds their venues' courts only. */
    @Test
    void theBoardHoldsTheDesksVenuesCourtsOnly() {
        DeskScope east = new DeskScope(java.util.Set.of(1L));
        when(checkIns.day(DAY, null, east)).thenReturn(List.of());
        BoardSlot other = slot(3, 2, "08:00", "09:00");
        other.setVenueId(2L);
        when(attendance.slotsOn(DAY)).thenReturn(List.of(slot(1, 1, "08:00", "09:00"), other));

        DeskBoard board = boards.board(DAY, east);

        assertThat(board.courts()).extracting(DeskBoard.Court::courtId).containsExactly(1L);
        assertThat(board.slots()).extracting(DeskBoard.Cell::slotId).containsExactly(1L);
    }

    static BoardSlot slot(long id, long court, String start, String end) {
        BoardSlot slot = new BoardSlot();
        slot.setSlotId(id);
        slot.setSessionId(1L);
        slot.setCourtId(court);
        slot.setVenueId(1L);
        slot.setCourtName(court + "号场");
        slot.setSlotDate(DAY);
        slot.setStartTime(LocalTime.parse(start));
        slot.setEndTime(LocalTime.parse(end));
        slot.setCapacity(2);
        return slot;
    }
}
