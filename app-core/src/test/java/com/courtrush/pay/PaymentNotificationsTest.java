package com.courtrush.pay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.EngineText;
import com.courtrush.notice.StaffAlerts;
import com.courtrush.pay.PaymentNotifications.Signed;
import com.courtrush.pay.PaymentNotifications.Taken;
import com.courtrush.pay.api.PayScene;
import com.courtrush.pay.api.RefundStatus;
import com.courtrush.pay.api.WechatPaySettings;
import com.courtrush.reserve.api.ReservationStatus;
import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.payments.model.TransactionAmount;
import com.wechat.pay.java.service.refund.model.Amount;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
import java.lang.reflect.Proxy;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * What the engine does with each kind of WeChat Pay notification (issue 74, 7b), which decides its answer: done —
 * handled, a duplicate, or set aside with the reason audited (a forged signature; another amount or merchant than the
 * order's, which also alerts staff) — or thrown, so that WeChat Pay sends it again, only when the engine's database
 * failed for a moment. Payments settle on fakes; the signature is checked by the SDK's own parser.
 */
class PaymentNotificationsTest extends PayFixture {

    static final String MCHID = "1900000109";
    static final String KEY_ID = "PUB_KEY_ID_0119000001092026112500000000";

    /** WeChat Pay's key is one nobody here has: every signature this test sends is forged. */
    static final NotificationParser PARSER = new NotificationParser(config());

    final WechatPayClients clients = mock(WechatPayClients.class);
    final WechatPayClients.Clients merchant = new WechatPayClients.Clients(
            new WechatPaySettings(true, MCHID, "wx0000000000000001", "5157F09EFDC0", KEY_ID, "Gym", "https://g.edu"),
            null,
            null,
            null,
            null,
            null,
            null,
            PARSER,
            null);
    final AtomicBoolean databaseDown = new AtomicBoolean();
    final PaymentNotifications notifications = new PaymentNotifications(
            clients,
            settlement,
            giving,
            failingWhenDown(orders),
            refundRows,
            audit,
            new WechatPayWatch(alerts, clock),
            alerts,
            clock);

    {
        when(clients.merchant()).thenReturn(Optional.of(merchant));
    }

    @Test
    void aPaymentIsHandledOnceAndItsDuplicateChangesNothingTwice() {
        String order = unpaidOrder(1);

        assertThat(notifications.paid(transaction(order, MCHID, 2000), merchant))
                .isEqualTo(Taken.HANDLED);
        assertThat(notifications.paid(transaction(order, MCHID, 2000), merchant))
                .isEqualTo(Taken.HANDLED);

        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
        verify(audit, times(1)).record(any(), eq(AuditAction.PAID_WECHAT), any(), eq(order), any(EngineText.class));
    }

    /** It answered 500 (WeChat Pay resent it for a day) with no audit nor alert: now set aside, said, and alerted. */
    @Test
    void aPaymentOfAnotherAmountIsSetAsideAuditedAndStaffAlerted() {
        String order = unpaidOrder(1);

        assertThat(notifications.paid(transaction(order, MCHID, 1999), merchant))
                .isEqualTo(Taken.SET_ASIDE);

        assertThat(reservations.row(1).getStatus()).as("nothing settled").isEqualTo(ReservationStatus.PENDING_PAYMENT);
        verify(audit)
                .record(
                        eq(PaymentNotifications.ACTOR),
                        eq(AuditAction.PAY_NOTIFY_SET_ASIDE),
                        eq(AuditTarget.PAY_ORDER),
                        eq(order),
                        eq(new EngineText("audit.notifySetAside.amount", "19.99", "20.00")));
        verify(alerts).notifyMismatch(StaffAlerts.Mismatch.AMOUNT, order, "19.99", "20.00");
    }

    @Test
    void aPaymentToAnotherMerchantIsSetAsideAuditedAndStaffAlerted() {
        String order = unpaidOrder(1);

        assertThat(notifications.paid(transaction(order, "1900000999", 2000), merchant))
                .isEqualTo(Taken.SET_ASIDE);

        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.PENDING_PAYMENT);
        verify(audit).record(any(), eq(AuditAction.PAY_NOTIFY_SET_ASIDE), any(), eq(order), any(EngineText.class));
        verify(alerts).notifyMismatch(StaffAlerts.Mismatch.MERCHANT, order, "1900000999", MCHID);
    }

    @Test
    void aRefundOfAnotherAmountIsSetAsideAndOneOfTheRightAmountSettles() {
        String order = paid(1, STUDENT);
        gateway.payRefundsBackLater(RefundStatus.SUCCESS);
        refunds.refundPart(1, 500, "lights out", staff());

        assertThat(notifications.refunded(refund(order + "R1", 400), merchant)).isEqualTo(Taken.SET_ASIDE);
        assertThat(refundRows.all()).extracting(PayRefund::getStatus).containsExactly(RefundStatus.REFUNDING);
        verify(alerts).notifyMismatch(StaffAlerts.Mismatch.AMOUNT, order + "R1", "4.00", "5.00");

        assertThat(notifications.refunded(refund(order + "R1", 500), merchant)).isEqualTo(Taken.HANDLED);
        assertThat(refundRows.all()).extracting(PayRefund::getStatus).containsExactly(RefundStatus.SUCCESS);
    }

    @Test
    void aForgedSignatureIsSetAsideAndAuditedOnceAMinutePerSender() {
        String body = "{\"id\":\"n1\",\"event_type\":\"TRANSACTION.SUCCESS\",\"resource_type\":\"encrypt-resource\","
                + "\"resource\":{\"algorithm\":\"AEAD_AES_256_GCM\",\"ciphertext\":\"AAAA\",\"nonce\":\"n\"}}";
        Signed forged = new Signed(KEY_ID, "Zm9yZ2VkIHNpZ25hdHVyZQ==", sentNow(), "nonce", null);

        assertThat(notifications.take(body, forged, "203.0.113.9")).isEqualTo(Taken.SET_ASIDE);
        assertThat(notifications.take(body, forged, "203.0.113.9")).isEqualTo(Taken.SET_ASIDE);

        verify(audit, times(1))
                .record(
                        PaymentNotifications.ACTOR,
                        AuditAction.PAY_NOTIFY_REFUSED,
                        AuditTarget.PAY_NOTIFY,
                        "203.0.113.9",
                        new EngineText("audit.notifyRefused.signature"));
        verify(alerts, never()).notifyMismatch(any(), any(), any(), any());
    }

    /** The only kind WeChat Pay is asked to send again: the engine's own trouble, and the next one is taken. */
    @Test
    void aDatabaseDownForAMomentIsThrownSoWechatPaySendsItAgainAndTheNextIsTaken() {
        String order = unpaidOrder(1);
        databaseDown.set(true);

        assertThatThrownBy(() -> notifications.paid(transaction(order, MCHID, 2000), merchant))
                .isInstanceOf(DataAccessResourceFailureException.class);
        verify(audit, never()).record(any(), any(), any(), any(), any(EngineText.class));

        databaseDown.set(false);
        assertThat(notifications.paid(transaction(order, MCHID, 2000), merchant))
                .isEqualTo(Taken.HANDLED);
        assertThat(reservations.row(1).getStatus()).isEqualTo(ReservationStatus.CONFIRMED);
    }

    private String unpaidOrder(long id) {
        pending(id, STUDENT);
        return payments.createOrder(id, student(STUDENT), PayScene.H5, "127.0.0.1")
                .outTradeNo();
    }

    private String sentNow() {
        return Long.toString(clock.instant().getEpochSecond());
    }

    private static Transaction transaction(String outTradeNo, String mchid, int cents) {
        Transaction transaction = new Transaction();
        transaction.setMchid(mchid);
        transaction.setOutTradeNo(outTradeNo);
        transaction.setTransactionId("4200000000202611250000000001");
        transaction.setTradeState(Transaction.TradeStateEnum.SUCCESS);
        transaction.setSuccessTime("2026-11-25T10:01:00+08:00");
        TransactionAmount amount = new TransactionAmount();
        amount.setTotal(cents);
        transaction.setAmount(amount);
        return transaction;
    }

    private static RefundNotification refund(String outRefundNo, long cents) {
        RefundNotification notification = new RefundNotification();
        notification.setOutRefundNo(outRefundNo);
        notification.setRefundId("50000000002026112500000000001");
        notification.setRefundStatus(Status.SUCCESS);
        notification.setSuccessTime("2026-11-25T10:02:00+08:00");
        Amount amount = new Amount();
        amount.setRefund(cents);
        notification.setAmount(amount);
        return notification;
    }

    /** The pay orders, failing as a database that is down while {@link #databaseDown} is set. */
    private PayOrderMapper failingWhenDown(PayOrderMapper orders) {
        return (PayOrderMapper) Proxy.newProxyInstance(
                PayOrderMapper.class.getClassLoader(), new Class<?>[] {PayOrderMapper.class}, (proxy, method, args) -> {
                    if (databaseDown.get()) {
                        throw new DataAccessResourceFailureException("Connection refused");
                    }
                    try {
                        return method.invoke(orders, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    private static RSAPublicKeyConfig config() {
        try {
            KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
            rsa.initialize(2048);
            KeyPair merchantKey = rsa.generateKeyPair();
            KeyPair wechatPay = rsa.generateKeyPair();
            return new RSAPublicKeyConfig.Builder()
                    .merchantId(MCHID)
                    .privateKey(merchantKey.getPrivate())
                    .merchantSerialNumber("5157F09EFDC0")
                    .publicKey(wechatPay.getPublic())
                    .publicKeyId(KEY_ID)
                    .apiV3Key("0123456789abcdef0123456789abcdef")
                    .build();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
