package com.courtrush.reserve.waitlist;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.notice.Notices;
import com.courtrush.setting.AppSettings;
import com.courtrush.share.Shares;
import com.courtrush.slot.SlotCatalog;
import com.courtrush.support.MovingClock;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * An offer that ran out tells its student (issue 55), in the transaction that ends their wait — and only the call
 * that ended it (another node's sweep finding it ended already tells nobody).
 */
class OfferLapseTest {

    final MovingClock clock = new MovingClock(Instant.parse("2026-11-28T01:11:11Z"));
    final WaitlistMapper waitlist = mock(WaitlistMapper.class);
    final Notices notices = mock(Notices.class);
    final Offers offers = new Offers(
            notices,
            mock(PlatformTransactionManager.class),
            mock(SlotCatalog.class),
            waitlist,
            mock(AppSettings.class),
            mock(Shares.class),
            clock);

    @Test
    void theStudentWhoseOfferLapsedIsToldOnce() {
        LocalDateTime now = LocalDateTime.now(clock);
        when(waitlist.end(12, 42, "EXPIRED", null, now)).thenReturn(1, 0);

        offers.lapsed(12, 42);
        offers.lapsed(12, 42); // a second node's sweep: the wait was ended already

        verify(notices).offerLapsed(42, 12, now);
        verify(waitlist, never()).end(anyLong(), anyLong(), eq("DECLINED"), isNull(), any());
    }
}
