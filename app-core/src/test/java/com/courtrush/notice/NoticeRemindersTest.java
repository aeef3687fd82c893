package com.courtrush.notice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.infra.config.Repeated;
import com.courtrush.setting.AppSettings;
import com.courtrush.setting.api.SettingKey;
import com.courtrush.support.MovingClock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue 55 on a fixed clock: a paid booking's reminder before its start (the check-in deadline, what a no-show
 * costs, a link to it), an offer's deadline to the second, an offer that lapsed, a pay deadline told never after the
 * slot's start.
 */
class NoticeRemindersTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 28);

    // 08:45:00 in the gym's zone
    final MovingClock clock = new MovingClock(Instant.parse("2026-11-28T00:45:00Z"));
    final NoticeMapper mapper = mock(NoticeMapper.class);
    final NoticeChannels channels = mock(NoticeChannels.class);
    final AppSettings settings = mock(AppSettings.class);
    final Notices notices = new Notices(mapper, channels, mock(WechatNotices.class), clock);
    final NoticeInbox inbox = new NoticeInbox(mapper, clock);

    /** The notices posted: message id → params; a second post of one id changes nothing, as the table's key. */
    final java.util.Map<String, String> posted = new java.util.LinkedHashMap<>();

    @BeforeEach
    void inATransaction() {
        TransactionSynchronizationManager.setActualTransactionActive(true);
        when(channels.email()).thenReturn(Optional.empty());
        doAnswer(call -> posted.putIfAbsent(call.getArgument(0), call.getArgument(5)) == null ? 1 : 0)
                .when(mapper)
                .post(anyString(), anyLong(), anyString(), any(), any(), anyString(), any(), any(), any());
        when(settings.getInt(SettingKey.BOOKING_REMINDER_MINUTES, 0)).thenReturn(60);
        when(settings.getInt(SettingKey.NO_SHOW_GRACE_MINUTES, 0)).thenReturn(15);
    }

    @AfterEach
    void done() {
        TransactionSynchronizationManager.setActualTransactionActive(false);
    }

    BookingReminders reminders() {
        return new BookingReminders(mapper, notices, settings, transactions(), mock(Repeated.class), clock);
    }

    TransactionTemplate transactions() {
        TransactionTemplate transactions = mock(TransactionTemplate.class);
        doAnswer(call -> {
                    call.<java.util.function.Consumer<Object>>getArgument(0).accept(null);
                    return null;
                })
                .when(transactions)
                .executeWithoutResult(any());
        when(transactions.execute(any()))
                .thenAnswer(call -> call.<TransactionCallback<?>>getArgument(0).doInTransaction(null));
        return transactions;
    }

    NoticeMapper.Row row(NoticeKind kind, Long reservationId, long slotId, String params, LocalTime start) {
        return new NoticeMapper.Row(
                1,
                kind.name(),
                reservationId,
                params,
                LocalDateTime.now(clock),
                null,
                DAY,
                start,
                start.plusHours(1),
                "Court 1",
                slotId,
                null,
                null);
    }

    @Test
    void eachAcceptedPartnerIsRemindedOnceWithTheirOwnNoticeSayingTheyPlayAsAPartner() {
        NoticeMapper.Upcoming booking = new NoticeMapper.Upcoming(7, 42, 12, DAY, LocalTime.of(9, 40));
        // the same booking's two accepted partners (user ids 43 and 44)
        when(mapper.unremindedBookings(DAY, LocalTime.of(8, 45), DAY, LocalTime.of(9, 45), 500))
                .thenReturn(List.of(booking));
        when(mapper.unremindedPartners(DAY, LocalTime.of(8, 45), DAY, LocalTime.of(9, 45), 500))
                .thenReturn(List.of(
                        new NoticeMapper.Upcoming(7, 43, 12, DAY, LocalTime.of(9, 40)),
                        new NoticeMapper.Upcoming(7, 44, 12, DAY, LocalTime.of(9, 40))));

        assertThat(reminders().remind()).isEqualTo(3);
        reminders().remind(); // a second node's run
        assertThat(posted)
                .as("the booker's and one per partner")
                .containsOnlyKeys("BOOKING_SOON:7", "BOOKING_SOON:7:43", "BOOKING_SOON:7:44");
        NoticeInbox.Notice zh = inbox.view(
                row(NoticeKind.BOOKING_SOON, 7L, 12, posted.get("BOOKING_SOON:7:43"), LocalTime.of(9, 40)),
                Locale.SIMPLIFIED_CHINESE);
        assertThat(zh.text()).contains("搭档").contains("09:55").doesNotContain("不退");
        assertThat(zh.link()).isEqualTo("#/mine/booking/7");
        NoticeInbox.Notice en = inbox.view(
                row(NoticeKind.BOOKING_SOON, 7L, 12, posted.get("BOOKING_SOON:7:44"), LocalTime.of(9, 40)),
                Locale.ENGLISH);
        assertThat(en.text()).contains("as a partner").contains("by 09:55").doesNotContain("strike");
    }

    @Test
    void aPaidBookingIsRemindedOnceAnHourBeforeWithItsCheckInDeadlineWhatANoShowCostsAndItsLink() {
        NoticeMapper.Upcoming booking = new NoticeMapper.Upcoming(7, 42, 12, DAY, LocalTime.of(9, 40));
        // the window asked: slots starting after now and by now + 60 min
        when(mapper.unremindedBookings(DAY, LocalTime.of(8, 45), DAY, LocalTime.of(9, 45), 500))
                .thenReturn(List.of(booking));

        assertThat(reminders().remind()).isEqualTo(1);
        reminders().remind(); // a second node's run, before the first one's notice is read back
        assertThat(posted).as("once per booking: one message id").containsOnlyKeys("BOOKING_SOON:7");

        NoticeInbox.Notice en = inbox.view(
                row(NoticeKind.BOOKING_SOON, 7L, 12, posted.get("BOOKING_SOON:7"), LocalTime.of(9, 40)),
                Locale.ENGLISH);
        assertThat(en.text())
                .contains("Court 1")
                .contains("09:40")
                .contains("by 09:55")
                .contains("no-show")
                .contains("strike")
                .contains("the payment is kept");
        assertThat(en.link()).isEqualTo("#/mine/booking/7");
        NoticeInbox.Notice zh = inbox.view(
                row(NoticeKind.BOOKING_SOON, 7L, 12, posted.get("BOOKING_SOON:7"), LocalTime.of(9, 40)),
                Locale.SIMPLIFIED_CHINESE);
        assertThat(zh.text()).contains("09:55").contains("不退");
    }

    @Test
    void aRefundingGymSaysSoAndNoReminderIsMadeWhenTheSettingIsZero() {
        when(settings.getInt(SettingKey.NO_SHOW_REFUND, 0)).thenReturn(1);
        when(mapper.unremindedBookings(any(), any(), any(), any(), anyInt()))
                .thenReturn(List.of(new NoticeMapper.Upcoming(7, 42, 12, DAY, LocalTime.of(9, 40))));
        reminders().remind();
        assertThat(inbox.view(
                                row(NoticeKind.BOOKING_SOON, 7L, 12, posted.get("BOOKING_SOON:7"), LocalTime.of(9, 40)),
                                Locale.ENGLISH)
                        .text())
                .contains("refunded");

        posted.clear();
        when(settings.getInt(SettingKey.BOOKING_REMINDER_MINUTES, 0)).thenReturn(0);
        assertThat(reminders().remind()).isZero();
        assertThat(posted).isEmpty();
        verify(mapper).unremindedBookings(any(), any(), any(), any(), anyInt());
    }

    @Test
    void anOfferIsToldToTheSecondWithItsLinkAndItsLapseIsTold() {
        notices.offered(42, 12, DAY.atTime(9, 11, 10));
        String params = posted.values().iterator().next();
        NoticeInbox.Notice offer =
                inbox.view(row(NoticeKind.OFFER, null, 12, params, LocalTime.of(10, 0)), Locale.ENGLISH);
        assertThat(offer.text()).contains("until 2026-11-28 09:11:10");
        assertThat(offer.link()).isEqualTo("#/mine/offer/12");
        assertThat(inbox.view(row(NoticeKind.OFFER, null, 12, params, LocalTime.of(10, 0)), Locale.SIMPLIFIED_CHINESE)
                        .text())
                .contains("保留到 2026-11-28 09:11:10");

        posted.clear();
        notices.offerLapsed(42, 12, DAY.atTime(9, 11, 11));
        assertThat(posted).containsOnlyKeys("OFFER_LAPSED:12:42:20261128091111");
        NoticeInbox.Notice lapsed = inbox.view(
                row(
                        NoticeKind.OFFER_LAPSED,
                        null,
                        12,
                        posted.values().iterator().next(),
                        LocalTime.of(10, 0)),
                Locale.ENGLISH);
        assertThat(lapsed.title()).isEqualTo("Offer lapsed");
        assertThat(lapsed.text()).contains("Court 1").contains("went on to the next");
        assertThat(lapsed.link()).isEqualTo("#/slots/2026-11-28");
    }

    /**
     * Issue 74: "payment due soon" goes by the deadline a booking was given when won, whatever the payment timeout is
     * set to since, and never to a student WeChat Pay says has paid (its notification lost: settled instead).
     */
    @Test
    void aPayDueReminderGoesByTheKeptDeadlineAndNotToAStudentWechatPaySaysHasPaid() {
        when(settings.getPositiveInt(SettingKey.PAY_TIMEOUT_MINUTE)).thenReturn(30); // raised from 15 since
        // now 08:45; both booked at 08:34 and given 15 minutes: due at 08:49; booking 8 was paid at WeChat Pay
        LocalDateTime booked = DAY.atTime(8, 34);
        LocalDateTime given = DAY.atTime(8, 49);
        NoticeMapper.Unpaid unpaid = new NoticeMapper.Unpaid(7, 42, 12, booked, given, DAY, LocalTime.of(18, 0));
        NoticeMapper.Unpaid paid = new NoticeMapper.Unpaid(8, 43, 12, booked, given, DAY, LocalTime.of(18, 0));
        when(mapper.unreminded(DAY.atTime(8, 45), DAY.atTime(8, 50), 30, DAY, LocalTime.of(8, 50), 0L, 500))
                .thenReturn(List.of(unpaid, paid));
        List<Long> asked = new ArrayList<>();
        PayDueCheck wechatPay = reservationId -> {
            asked.add(reservationId);
            return reservationId != 8;
        };
        PaymentReminders reminders = new PaymentReminders(
                mapper, notices, settings, transactions(), mock(Repeated.class), clock, List.of(wechatPay));

        assertThat(reminders.remind()).isEqualTo(1);

        assertThat(asked).as("WeChat Pay asked before each reminder").containsExactly(7L, 8L);
        assertThat(posted).as("not to the student who has paid").containsOnlyKeys("PAY_DUE:7");
        NoticeInbox.Notice due = inbox.view(
                row(NoticeKind.PAY_DUE, 7L, 12, posted.get("PAY_DUE:7"), LocalTime.of(18, 0)), Locale.ENGLISH);
        assertThat(due.text()).as("the deadline it was given").contains("by 2026-11-28 08:49:00");
    }

    @Test
    void aPayDeadlinePastTheStartIsToldAsTheStart() {
        // booked 09:38 for 09:40 with a 15-minute timeout: the won notice says pay by 09:40, not 09:53
        List<String> params = new ArrayList<>();
        doAnswer(call -> {
                    params.add(call.getArgument(1));
                    return 1;
                })
                .when(mapper)
                .postWon(any(), anyString(), any(), eq(false));
        notices.won(List.of("t1"), DAY.atTime(9, 53, 0), DAY.atTime(9, 38));
        NoticeInbox.Notice won =
                inbox.view(row(NoticeKind.WON, 7L, 12, params.get(0), LocalTime.of(9, 40)), Locale.ENGLISH);
        assertThat(won.text()).contains("Pay by 2026-11-28 09:40:00").doesNotContain("09:53");
        // far from the start: the timeout, to the second
        notices.payDue(42, 8, 13, DAY.atTime(9, 53, 27));
        NoticeInbox.Notice due = inbox.view(
                row(NoticeKind.PAY_DUE, 8L, 13, posted.get("PAY_DUE:8"), LocalTime.of(11, 0)), Locale.ENGLISH);
        assertThat(due.text()).contains("by 2026-11-28 09:53:27");
        verify(mapper, never()).verifiedEmail(anyLong());
    }
}
