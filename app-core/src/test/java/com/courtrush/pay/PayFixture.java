package com.courtrush.pay;

import static org.mockito.Mockito.mock;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.notice.Notices;
import com.courtrush.notice.StaffAlerts;
import com.courtrush.pay.api.PayScene;
import com.courtrush.reserve.lifecycle.Lifecycles;
import com.courtrush.reserve.lifecycle.ReservationCancellation;
import com.courtrush.reserve.lifecycle.ReservationEnder;
import com.courtrush.setting.FakeSettings;
import com.courtrush.support.MovingClock;
import com.courtrush.support.TestProperties;
import com.courtrush.support.fakes.FakeGateway;
import com.courtrush.support.fakes.FakePayOrders;
import com.courtrush.support.fakes.FakePayRefunds;
import com.courtrush.support.fakes.FakePlaceReturns;
import com.courtrush.support.fakes.FakeReservations;
import com.courtrush.support.fakes.FakeSlots;
import com.courtrush.support.fakes.FakeTransactions;
import com.courtrush.till.Receipts;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.springframework.scheduling.TaskScheduler;

/**
 * Payments and refunds on fakes: the tables in memory, transactions that roll them back, the gateway, the lock,
 * the clock at 10:00 on the day of a slot from 18:00 to 19:00, and the lifecycle's real end (pay orders closed by
 * {@link PayOrderCloser} through {@link ClosingOrders}, the place given back once).
 */
class PayFixture {

    static final long SESSION = 2;
    static final long SLOT = 20;
    static final long STUDENT = 5;
    static final LocalDate DAY = LocalDate.of(2026, 11, 25);

    final MovingClock clock = new MovingClock(Instant.parse("2026-11-25T02:00:00Z"));
    final FakeReservations reservations = new FakeReservations();
    final FakeSlots slots = new FakeSlots();
    final FakePayOrders orders = new FakePayOrders();
    final FakePayRefunds refundRows = new FakePayRefunds();
    final FakePlaceReturns places = new FakePlaceReturns();
    final FakeTransactions transactions = new FakeTransactions(reservations, slots, orders, refundRows);
    final FakeSettings settings = new FakeSettings();
    final FakeGateway gateway = new FakeGateway(clock);
    final FakePaymentLocks locks = new FakePaymentLocks();
    final Notices notices = mock(Notices.class);
    final AuditTrail audit = mock(AuditTrail.class);
    final StaffAlerts alerts = mock(StaffAlerts.class);
    final Receipts receipts = mock(Receipts.class);
    final Refunds giving = new Refunds(
            orders,
            refundRows,
            PaymentGateways.only(gateway),
            alerts,
            audit,
            clock,
            receipts,
            reservations,
            notices,
            transactions.template());
    final NewPayOrders newOrders = new NewPayOrders(orders, settings, clock);
    final PaymentSettlement settlement = new PaymentSettlement(
            orders,
            reservations,
            PaymentGateways.only(gateway),
            giving,
            notices,
            transactions.template(),
            audit,
            alerts,
            clock);
    final ClosingOrders closing = new ClosingOrders(
            orders,
            PaymentGateways.only(gateway),
            settlement,
            mock(TaskScheduler.class),
            TestProperties.courtRush(Map.of()),
            clock);
    final PaymentService payments = new PaymentService(
            orders,
            reservations,
            Lifecycles.access(reservations),
            slots,
            PaymentGateways.only(gateway),
            mock(WechatOpenIds.class),
            Lifecycles.deadlines(settings),
            locks,
            transactions.template(),
            clock,
            newOrders,
            settlement,
            mock(OrderDescriptions.class));
    final DeskPayments desk = new DeskPayments(
            closing,
            reservations,
            Lifecycles.access(reservations),
            slots,
            newOrders,
            receipts,
            notices,
            transactions.template(),
            audit,
            clock);
    final ReservationEnder ender =
            Lifecycles.ender(reservations, slots, places, List.of(new PayOrderCloser(closing)), clock);
    final ReservationCancellation cancellation =
            Lifecycles.cancellation(reservations, ender, transactions.template(), audit);
    final RefundService refunds = new RefundService(
            reservations,
            Lifecycles.access(reservations),
            ender,
            orders,
            slots,
            giving,
            Lifecycles.deadlines(settings),
            transactions.template(),
            audit,
            clock);

    PayFixture() {
        slots.slot(SLOT, SESSION, DAY, LocalTime.of(18, 0), LocalTime.of(19, 0), 4, 0);
    }

    LocalDateTime now() {
        return LocalDateTime.now(clock);
    }

    /** A student's reservation of the slot, unpaid, made a minute ago. */
    long pending(long id, long userId) {
        slots.book(SLOT);
        places.held(SLOT, userId);
        reservations.pending(id, userId, SLOT, SESSION, now().minusMinutes(1));
        return id;
    }

    /** A student's reservation, paid through the gateway; the order's number. */
    String paid(long id, long userId) {
        pending(id, userId);
        String order = payments.createOrder(id, student(userId), PayScene.H5, "127.0.0.1")
                .outTradeNo();
        settlement.onPaid(order, "staff:desk");
        return order;
    }

    static Caller student(long userId) {
        return new Caller(userId, "s" + userId, Role.STUDENT, null, null);
    }

    static Caller staff() {
        return new Caller(900L, "t900", Role.STAFF, null, null);
    }
}
