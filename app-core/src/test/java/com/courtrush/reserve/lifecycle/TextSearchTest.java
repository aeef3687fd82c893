package com.courtrush.reserve.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.infra.config.SqlDialect;
import com.courtrush.reserve.data.ReservationMapper;
import java.time.LocalDate;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The desk's text search (issue 77): the students a text names first, then their bookings of the dates, a group of
 * students at a time; the order numbers' ends only for a text that can end one.
 */
class TextSearchTest {

    static final LocalDate FROM = LocalDate.of(2026, 11, 26);
    static final LocalDate UNTIL = LocalDate.of(2026, 12, 2);

    final ReservationMapper reservations = mock(ReservationMapper.class);
    final SqlDialect dialect = mock(SqlDialect.class);
    final TextSearch search = new TextSearch(reservations, dialect);

    @Test
    void aChineseNameReadsItsStudentsBookingsAndNoOrders() {
        when(reservations.accountsNamed("马", "马")).thenReturn(List.of(4L, 9L));
        when(reservations.matching(FROM, UNTIL, List.of(List.of(4L, 9L)), false, null, 1000))
                .thenReturn(List.of(90L, 40L));

        assertThat(search.newest(FROM, UNTIL, "马", 1000)).containsExactly(90L, 40L);
    }

    @Test
    void aNameOfNoOneFindsNothingAndReadsNoBooking() {
        when(reservations.accountsNamed("马刚", "马刚")).thenReturn(List.of());

        assertThat(search.newest(FROM, UNTIL, "马刚", 1000)).isEmpty();
        verify(reservations, never()).matching(any(), any(), anyList(), anyBoolean(), any(), anyInt());
    }

    @Test
    void anyOtherTextIsLookedForAtTheEndOfTheOrderNumbersToo() {
        when(reservations.accountsNamed("10_1", "10\\_1")).thenReturn(List.of());
        when(dialect.joinsListedStudents()).thenReturn(true);
        when(reservations.matching(FROM, UNTIL, List.of(), true, "10\\_1", 50)).thenReturn(List.of(7L));

        assertThat(search.newest(FROM, UNTIL, "10_1", 50)).containsExactly(7L);
        assertThat(TextSearch.mayEndAnOrderNumber("0001")).isTrue();
        assertThat(TextSearch.mayEndAnOrderNumber("Wang")).isTrue();
        assertThat(TextSearch.mayEndAnOrderNumber("王2")).isFalse();
    }

    @Test
    void manyStudentsAreReadInGroupsMariaDbCountsInItsIndex() {
        List<Long> students = LongStream.rangeClosed(1, 401).boxed().toList();

        assertThat(TextSearch.groups(students))
                .extracting(List::size)
                .containsExactly(TextSearch.GROUP, TextSearch.GROUP, 1);
        assertThat(TextSearch.groups(students).stream().flatMap(List::stream)).containsExactlyElementsOf(students);
        assertThat(TextSearch.groups(List.of())).isEmpty();
    }
}
