package com.courtrush.support.fakes;

import com.courtrush.pay.PayOrder;
import com.courtrush.pay.PayOrderMapper;
import com.courtrush.pay.api.PayOrderStatus;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.dao.DuplicateKeyException;

/**
 * The pay order table in memory: ids given in order, the unique order number and G4 (one PAYING order per
 * reservation, its {@code paying_key}) refused as the database refuses them, every status change a
 * compare-and-set answering how many rows it changed.
 */
public final class FakePayOrders extends FakeMapper<PayOrder> implements PayOrderMapper, FakeTransactions.Undoable {

    private final Map<Long, PayOrder> rows = new TreeMap<>();
    private long nextId = 1;

    @Override
    public synchronized List<PayOrder> paidOf(Collection<Long> reservationIds) {
        return rows.values().stream()
                .filter(r -> reservationIds.contains(r.getReservationId())
                        && (r.getStatus() == PayOrderStatus.SUCCESS || r.getStatus() == PayOrderStatus.REFUNDED))
                .map(FakePayOrders::copy)
                .toList();
    }

    /** Every order of the reservation, oldest first (copies). */
    public synchronized List<PayOrder> of(long reservationId) {
        return findAll(reservationId);
    }

    /** Changes the stored order in place (for what no statement of the mapper's does). */
    public synchronized void change(String outTradeNo, java.util.function.Consumer<PayOrder> change) {
        rows.values().stream().filter(o -> o.getOutTradeNo().equals(outTradeNo)).forEach(change);
    }

    @Override
    public synchronized Runnable checkpoint() {
        Map<Long, PayOrder> saved = rows.values().stream()
                .collect(Collectors.toMap(PayOrder::getId, FakePayOrders::copy, (a, b) -> a, TreeMap::new));
        long savedNext = nextId;
        return () -> {
            synchronized (this) {
                rows.clear();
                rows.putAll(saved);
                nextId = savedNext;
            }
        };
    }

    @Override
    public synchronized int insert(PayOrder order) {
        for (PayOrder row : rows.values()) {
            if (row.getOutTradeNo().equals(order.getOutTradeNo())
                    || (order.getPayingKey() != null && order.getPayingKey().equals(row.getPayingKey()))) {
                throw new DuplicateKeyException("Duplicate entry for pay_order " + order.getOutTradeNo());
            }
        }
        order.setId(nextId++);
        rows.put(order.getId(), copy(order));
        return 1;
    }

    @Override
    public synchronized PayOrder selectById(Serializable id) {
        PayOrder row = rows.get(((Number) id).longValue());
        return row == null ? null : copy(row);
    }

    @Override
    public synchronized PayOrder findByOutTradeNo(String outTradeNo) {
        return rows.values().stream()
                .filter(o -> o.getOutTradeNo().equals(outTradeNo))
                .findFirst()
                .map(FakePayOrders::copy)
                .orElse(null);
    }

    @Override
    public synchronized PayOrder findPaying(long reservationId) {
        return findLatest(reservationId, PayOrderStatus.PAYING);
    }

    @Override
    public synchronized PayOrder findLatest(long reservationId, PayOrderStatus status) {
        return rows.values().stream()
                .filter(o -> o.getReservationId() == reservationId && o.getStatus() == status)
                .max(Comparator.comparing(PayOrder::getId))
                .map(FakePayOrders::copy)
                .orElse(null);
    }

    @Override
    public synchronized List<PayOrder> findAll(long reservationId) {
        return rows.values().stream()
                .filter(o -> o.getReservationId() == reservationId)
                .map(FakePayOrders::copy)
                .toList();
    }

    @Override
    public synchronized int markPaid(long id, LocalDateTime now, String transactionId) {
        PayOrder row = rows.get(id);
        if (row == null || row.getStatus() != PayOrderStatus.PAYING) {
            return 0;
        }
        row.setStatus(PayOrderStatus.SUCCESS);
        row.setPayingKey(null);
        row.setPaidTime(now);
        row.setTransactionId(transactionId);
        return 1;
    }

    @Override
    public synchronized int refundPart(long id, int cents, LocalDateTime now) {
        PayOrder row = rows.get(id);
        if (row == null || row.getStatus() != PayOrderStatus.SUCCESS || refunded(row) + cents >= row.getAmountCents()) {
            return 0;
        }
        row.setRefundedCents(refunded(row) + cents);
        row.setRefundTime(now);
        return 1;
    }

    @Override
    public synchronized int noteTransaction(long id, String transactionId, LocalDateTime now) {
        PayOrder row = rows.get(id);
        if (row == null || row.getTransactionId() != null) {
            return 0;
        }
        row.setTransactionId(transactionId);
        return 1;
    }

    @Override
    public int openAt(String mchid) {
        throw notFaked(); // a manager's change of merchant: not a service these fakes serve
    }

    private static int refunded(PayOrder row) {
        return row.getRefundedCents() == null ? 0 : row.getRefundedCents();
    }

    @Override
    public synchronized int markRefunded(long id, PayOrderStatus from, LocalDateTime now) {
        PayOrder row = rows.get(id);
        if (row == null || row.getStatus() != from) {
            return 0;
        }
        row.setStatus(PayOrderStatus.REFUNDED);
        row.setPayingKey(null);
        row.setPaidTime(Objects.requireNonNullElse(row.getPaidTime(), now));
        row.setRefundTime(now);
        row.setRefundedCents(row.getAmountCents());
        return 1;
    }

    @Override
    public synchronized int markExpired(long id, LocalDateTime now) {
        PayOrder row = rows.get(id);
        if (row == null || row.getStatus() != PayOrderStatus.PAYING) {
            return 0;
        }
        row.setStatus(PayOrderStatus.FAILED);
        row.setPayingKey(null);
        return 1;
    }

    @Override
    public synchronized int closePaying(long reservationId, LocalDateTime now) {
        int closed = 0;
        for (PayOrder row : rows.values()) {
            if (row.getReservationId() == reservationId && row.getStatus() == PayOrderStatus.PAYING) {
                row.setStatus(PayOrderStatus.CLOSED);
                row.setPayingKey(null);
                closed++;
            }
        }
        return closed;
    }

    @Override
    public synchronized int markClosing(long id, LocalDateTime now) {
        PayOrder row = rows.get(id);
        if (row == null || row.getStatus() != PayOrderStatus.PAYING) {
            return 0;
        }
        row.setStatus(PayOrderStatus.CLOSING);
        row.setPayingKey(null);
        row.setUpdateTime(now);
        return 1;
    }

    @Override
    public synchronized int markClosed(long id, LocalDateTime now) {
        PayOrder row = rows.get(id);
        if (row == null || row.getStatus() != PayOrderStatus.CLOSING) {
            return 0;
        }
        row.setStatus(PayOrderStatus.CLOSED);
        row.setUpdateTime(now);
        return 1;
    }

    @Override
    public synchronized List<PayOrder> findClosing(int limit) {
        return rows.values().stream()
                .filter(o -> o.getStatus() == PayOrderStatus.CLOSING)
                .limit(limit)
                .map(FakePayOrders::copy)
                .toList();
    }

    static PayOrder copy(PayOrder row) {
        PayOrder copy = new PayOrder();
        copy.setId(row.getId());
        copy.setOutTradeNo(row.getOutTradeNo());
        copy.setReservationId(row.getReservationId());
        copy.setChannel(row.getChannel());
        copy.setAmountCents(row.getAmountCents());
        copy.setStatus(row.getStatus());
        copy.setPayingKey(row.getPayingKey());
        copy.setExpireTime(row.getExpireTime());
        copy.setPaidTime(row.getPaidTime());
        copy.setRefundTime(row.getRefundTime());
        copy.setMchid(row.getMchid());
        copy.setScene(row.getScene());
        copy.setTransactionId(row.getTransactionId());
        copy.setRefundedCents(row.getRefundedCents() == null ? 0 : row.getRefundedCents());
        copy.setCreateTime(row.getCreateTime());
        copy.setUpdateTime(row.getUpdateTime());
        return copy;
    }
}
