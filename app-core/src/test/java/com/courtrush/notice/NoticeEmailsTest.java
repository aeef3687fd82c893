package com.courtrush.notice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.infra.config.Repeated;
import com.courtrush.notice.api.EmailServer;
import com.courtrush.notice.api.SmtpSecurity;
import com.courtrush.support.MovingClock;
import com.courtrush.support.TestProperties;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.mail.MailSendException;

/**
 * An email whose mail server is away is tried for as long as {@code courtrush.notices.retry-for} says (3 days by
 * default), on the engine's clock moved from one try to the next — not 10 tries, 51 minutes, as before issue 45 —
 * then given up, and staff are told how many wait to be sent again.
 */
class NoticeEmailsTest {

    final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T05:00:00Z"));
    final NoticeMapper mapper = mock(NoticeMapper.class);
    final Mailer mailer = mock(Mailer.class);
    final StaffAlerts alerts = mock(StaffAlerts.class);
    final EmailServer server = new EmailServer("127.0.0.1", 25, null, null, "courts@gym.example", SmtpSecurity.NONE);

    /** The one email's row as the outbox changes it. */
    String state = "PENDING";

    int attempts;
    LocalDateTime next;
    LocalDateTime createTime;
    String error;

    NoticeEmails emails(Map<String, String> settings) {
        NoticeChannels channels = mock(NoticeChannels.class);
        when(channels.email()).thenReturn(Optional.of(server));
        NoticeInbox notices = mock(NoticeInbox.class);
        when(notices.view(any(), any(Locale.class)))
                .thenReturn(new NoticeInbox.Notice(
                        1, NoticeKind.WON, "title", "text", 7L, createTime, false, "#/mine/booking/7"));
        return new NoticeEmails(
                TestProperties.courtRush(settings),
                mapper,
                notices,
                channels,
                mailer,
                alerts,
                mock(Repeated.class),
                clock,
                () -> page);
    }

    /** The students' page as the engine knows it ({@code courtrush.public-url}); null: none known yet. */
    String page = "https://gym.example.edu/";

    @BeforeEach
    void oneEmailWhoseServerIsAway() {
        createTime = LocalDateTime.now(clock);
        next = createTime;
        when(mapper.dueEmails(any(), anyInt()))
                .thenAnswer(call ->
                        state.equals("PENDING") && !next.isAfter(call.getArgument(0)) ? List.of(1L) : List.of());
        when(mapper.claimEmail(eq(1L), any(), any())).thenAnswer(call -> {
            attempts++;
            return 1;
        });
        when(mapper.outgoing(1L))
                .thenAnswer(call -> new NoticeMapper.Outgoing("WON:7", "ann@campus.example", attempts, createTime));
        doAnswer(call -> {
                    state = call.getArgument(1);
                    next = call.getArgument(2);
                    error = call.getArgument(3);
                    return 1;
                })
                .when(mapper)
                .emailFailed(eq(1L), anyString(), any(), any());
        when(mapper.givenUpEmails()).thenAnswer(call -> state.equals("FAILED") ? 1 : 0);
        doThrow(new MailSendException("Mail server connection failed", new java.net.ConnectException("refused")))
                .when(mailer)
                .send(any(), anyString(), anyString(), anyString(), anyString());
    }

    /** Moves the clock to the email's next try and lets the outbox run, until it is given up or {@code until}. */
    void tryUntil(NoticeEmails emails, LocalDateTime until) {
        while (state.equals("PENDING") && !next.isAfter(until)) {
            clock.move(Duration.between(LocalDateTime.now(clock), next));
            emails.sendDue();
        }
    }

    @Test
    void anEmailIsTriedForThreeDaysThenGivenUpAndStaffAreToldHowMany() {
        NoticeEmails emails = emails(Map.of());
        tryUntil(emails, createTime.plusDays(3).minusMinutes(1));
        assertThat(state).as("still tried after %s tries", attempts).isEqualTo("PENDING");
        assertThat(attempts).isGreaterThan(250);
        assertThat(error).isEqualTo("unreachable");
        assertThat(Duration.between(LocalDateTime.now(clock), next)).isLessThanOrEqualTo(Duration.ofMinutes(15));
        verify(alerts, never()).emailsGivenUp(anyInt(), any());

        tryUntil(emails, createTime.plusDays(4));
        assertThat(state).isEqualTo("FAILED");
        assertThat(LocalDateTime.now(clock)).as("given up at its deadline").isEqualTo(createTime.plusDays(3));
        verify(alerts).emailsGivenUp(1, Duration.ofDays(3));
    }

    @Test
    void theSettingSaysHowLong() {
        NoticeEmails emails = emails(Map.of("courtrush.notices.retry-for", "2h"));
        tryUntil(emails, createTime.plusDays(1));
        assertThat(state).isEqualTo("FAILED");
        assertThat(LocalDateTime.now(clock)).isEqualTo(createTime.plusHours(2));
        verify(alerts).emailsGivenUp(1, Duration.ofHours(2));
    }

    @Test
    void anEmailDeliveredIsMarkedSentAndNobodyIsTold() {
        NoticeEmails emails = emails(Map.of());
        doAnswer(call -> null).when(mailer).send(any(), anyString(), anyString(), anyString(), anyString());
        assertThat(emails.sendDue()).isEqualTo(1);
        verify(mapper).emailSent(eq(1L), any());
        verify(alerts, never()).emailsGivenUp(anyInt(), any());
        verify(mapper, never()).emailFailed(anyLong(), anyString(), any(), any());
    }

    @Test
    void anEmailLinksStraightToItsBookingOnThePublicAddressAndWithoutOneSaysNoLink() {
        NoticeEmails emails = emails(Map.of());
        List<String> texts = new java.util.ArrayList<>();
        doAnswer(call -> texts.add(call.getArgument(4)))
                .when(mailer)
                .send(any(), anyString(), anyString(), anyString(), anyString());
        emails.sendDue();
        assertThat(texts).hasSize(1);
        assertThat(texts.get(0)).contains("https://gym.example.edu/#/mine/booking/7");

        page = null;
        state = "PENDING";
        emails.sendDue();
        assertThat(texts).hasSize(2);
        assertThat(texts.get(1)).doesNotContain("#/mine").doesNotContain("http");
    }
}
