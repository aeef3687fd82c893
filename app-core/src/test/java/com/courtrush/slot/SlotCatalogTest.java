package com.courtrush.slot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.reset;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.infra.config.BackgroundWork;
import com.courtrush.opening.ReserveSession;
import com.courtrush.opening.ReserveSessionMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

class SlotCatalogTest {

    final ReserveSessionMapper sessions = mock(ReserveSessionMapper.class);
    final TimeSlotMapper slots = mock(TimeSlotMapper.class);
    final SlotCatalog catalog = new SlotCatalog(sessions, slots, new BackgroundWork());

    static ReserveSession opening(long id) {
        ReserveSession session = new ReserveSession();
        session.setId(id);
        return session;
    }

    @Test
    void anInvalidationDuringAnOutageServesTheLastReadAndAsksTheDatabaseOnceNotOncePerRequest() {
        when(sessions.highestId()).thenReturn(7L);
        when(sessions.selectById(7L)).thenReturn(opening(7));
        when(slots.findBySessionWithCourt(7L)).thenReturn(List.of());
        assertThat(catalog.session(7)).isPresent();

        // the database goes away, and a change elsewhere drops this node's cache
        reset(sessions, slots);
        CannotGetJdbcConnectionException down = new CannotGetJdbcConnectionException("connection timed out");
        when(sessions.highestId()).thenThrow(down);
        when(sessions.selectById(anyLong())).thenThrow(down);
        catalog.invalidateAll();

        // every reservation of the rush asks: the first waits on the database, the others do not
        for (int request = 0; request < 50; request++) {
            assertThat(catalog.session(7)).map(found -> found.session().getId()).contains(7L);
            catalog.invalidateAll();
        }
        verify(sessions, times(1)).highestId();
        verify(sessions, times(0)).selectById(anyLong());

        // an opening never read before is refused at once meanwhile, not after another wait for a connection
        assertThatThrownBy(() -> catalog.session(5)).isInstanceOf(DataAccessResourceFailureException.class);
        verify(sessions, times(0)).selectById(anyLong());
    }

    @Test
    void withNothingReadBeforeTheOutageIsSaid() {
        when(sessions.highestId()).thenThrow(new CannotGetJdbcConnectionException("connection timed out"));
        assertThatThrownBy(() -> catalog.session(3)).isInstanceOf(CannotGetJdbcConnectionException.class);
    }

    @Test
    void aFailureThatIsNotAnOutageIsNotHidden() {
        when(sessions.highestId()).thenReturn(7L);
        when(sessions.selectById(7L)).thenReturn(opening(7));
        when(slots.findBySessionWithCourt(7L)).thenReturn(List.of());
        catalog.session(7);
        reset(sessions, slots);
        when(sessions.highestId()).thenReturn(7L);
        when(sessions.selectById(7L)).thenThrow(new IllegalStateException("a bug"));
        catalog.invalidateAll();
        assertThatThrownBy(() -> catalog.session(7)).hasMessage("a bug");
    }
}
