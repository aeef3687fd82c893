package com.courtrush.notice;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.notice.api.WebhookFormat;
import com.courtrush.notice.api.WebhookTarget;
import com.courtrush.support.MovingClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every alert is recorded, webhook or not (issue 74): staff read them in {@code /admin/staff-alerts} either way. */
class StaffAlertsTest {

    private final StaffAlertMapper mapper = mock(StaffAlertMapper.class);
    private final NoticeChannels channels = mock(NoticeChannels.class);
    private final StaffAlerts alerts =
            new StaffAlerts(mapper, channels, new MovingClock(Instant.parse("2026-11-25T05:00:00Z")));

    @Test
    void anAlertRaisedWithTheWebhookOffIsRecordedUnsent() {
        when(channels.webhook()).thenReturn(Optional.empty());

        alerts.refundFailed("CR1R1", 353, "ABNORMAL");
        alerts.emailsGivenUp(3, Duration.ofDays(3));

        verify(mapper).post(eq("REFUND_FAILED:CR1R1"), eq("REFUND_FAILED"), anyString(), any(), eq(StaffAlerts.UNSENT));
        verify(mapper).gather(anyString(), eq("EMAILS_GIVEN_UP"), anyString(), any(), any(), eq(StaffAlerts.UNSENT));
    }

    @Test
    void anAlertRaisedWithTheWebhookOnWaitsForIt() {
        when(channels.webhook())
                .thenReturn(Optional.of(new WebhookTarget("https://robot.example", WebhookFormat.JSON)));

        alerts.refundFailed("CR1R1", 353, "ABNORMAL");

        verify(mapper)
                .post(eq("REFUND_FAILED:CR1R1"), eq("REFUND_FAILED"), anyString(), any(), eq(StaffAlerts.PENDING));
    }
}
