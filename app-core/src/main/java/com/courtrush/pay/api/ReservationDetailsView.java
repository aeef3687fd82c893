package com.courtrush.pay.api;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.reserve.api.ReservationData;
import com.courtrush.slot.api.SlotView;
import java.util.List;

/**
 * One reservation whole, as staff see it: its slot and student, every pay order and refund (in part or whole,
 * oldest first), and its history (the audit
 * entries of the reservation, its trace and its orders, oldest first, details in the reader's language).
 */
public record ReservationDetailsView(
        ReservationData reservation,
        SlotView slot,
        String courtName,
        String studentId,
        String studentName,
        List<PayOrderView> payOrders,
        List<PayRefundView> refunds,
        List<AuditEntry> history) {}
