package com.courtrush.support.fakes;

import com.courtrush.pay.PayRefund;
import com.courtrush.pay.PayRefundMapper;
import com.courtrush.pay.api.RefundStatus;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.dao.DuplicateKeyException;

/** The refund table in memory: the unique refund number refused as the database refuses it, settling once. */
public final class FakePayRefunds extends FakeMapper<PayRefund> implements PayRefundMapper, FakeTransactions.Undoable {

    private final Map<Long, PayRefund> rows = new TreeMap<>();
    private long nextId = 1;

    /** Every refund, oldest first (copies). */
    public synchronized List<PayRefund> all() {
        return rows.values().stream().map(FakePayRefunds::copy).toList();
    }

    @Override
    public synchronized Runnable checkpoint() {
        Map<Long, PayRefund> saved = rows.values().stream()
                .collect(Collectors.toMap(PayRefund::getId, FakePayRefunds::copy, (a, b) -> a, TreeMap::new));
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
    public synchronized int insert(PayRefund refund) {
        if (rows.values().stream().anyMatch(r -> r.getOutRefundNo().equals(refund.getOutRefundNo()))) {
            throw new DuplicateKeyException("Duplicate entry for pay_refund " + refund.getOutRefundNo());
        }
        refund.setId(nextId++);
        rows.put(refund.getId(), copy(refund));
        return 1;
    }

    @Override
    public synchronized PayRefund selectById(Serializable id) {
        PayRefund row = rows.get(((Number) id).longValue());
        return row == null ? null : copy(row);
    }

    @Override
    public synchronized PayRefund findByNumber(String outRefundNo) {
        return rows.values().stream()
                .filter(r -> r.getOutRefundNo().equals(outRefundNo))
                .findFirst()
                .map(FakePayRefunds::copy)
                .orElse(null);
    }

    @Override
    public synchronized int countOf(long orderId) {
        return (int)
                rows.values().stream().filter(r -> r.getPayOrderId() == orderId).count();
    }

    @Override
    public synchronized List<PayRefund> findAll(long reservationId) {
        return rows.values().stream()
                .filter(r -> r.getReservationId() == reservationId)
                .map(FakePayRefunds::copy)
                .toList();
    }

    @Override
    public synchronized List<PayRefund> ofReservations(Collection<Long> reservationIds) {
        return rows.values().stream()
                .filter(r -> reservationIds.contains(r.getReservationId()))
                .map(FakePayRefunds::copy)
                .toList();
    }

    @Override
    public synchronized List<PayRefund> findUnsettled(LocalDateTime before, int limit) {
        return rows.values().stream()
                .filter(r -> r.getStatus() == RefundStatus.REFUNDING)
                .limit(limit)
                .map(FakePayRefunds::copy)
                .toList();
    }

    @Override
    public synchronized int settle(
            long id, RefundStatus to, String refundId, LocalDateTime successTime, LocalDateTime now) {
        PayRefund row = rows.get(id);
        if (row == null || row.getStatus() != RefundStatus.REFUNDING) {
            return 0;
        }
        row.setStatus(to);
        if (refundId != null) {
            row.setRefundId(refundId);
        }
        row.setSuccessTime(successTime);
        return 1;
    }

    static PayRefund copy(PayRefund row) {
        PayRefund copy = new PayRefund();
        copy.setId(row.getId());
        copy.setOutRefundNo(row.getOutRefundNo());
        copy.setPayOrderId(row.getPayOrderId());
        copy.setReservationId(row.getReservationId());
        copy.setAmountCents(row.getAmountCents());
        copy.setWhole(row.getWhole());
        copy.setStatus(row.getStatus());
        copy.setReason(row.getReason());
        copy.setActor(row.getActor());
        copy.setRefundId(row.getRefundId());
        copy.setSuccessTime(row.getSuccessTime());
        copy.setCreateTime(row.getCreateTime());
        return copy;
    }
}
