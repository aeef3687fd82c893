package com.courtrush.reserve.data;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationData;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.reserve.api.ReservationView;
import java.time.LocalDate;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/**
 * One reservation. {@code holderId} equals {@code userId} while it is active and is null once it
 * is cancelled, so the unique key (slot_id, holder_id) keeps a student to one active place per
 * slot (G2) without blocking the slot after a cancel (G3).
 */
@Getter
@Setter
@TableName("reservation")
public class Reservation {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String traceId;
    private Long userId;
    private Long slotId;
    private Long sessionId;

    /** The slot's play date, kept with the booking (a slot's date never changes): a window's bookings by date. */
    @TableField(updateStrategy = FieldStrategy.NEVER)
    private LocalDate slotDate;

    private ReservationStatus status;
    private CancelReason cancelReason;
    private String note;

    /**
     * On a compensation row: what a database guard refused the grant as (an outcome's name: SHARE_USED,
     * QUOTA_EXCEEDED, DUP_REQ, OUT_OF_STOCK), which its result tells the student; null for a place lost on its way.
     */
    @TableField(updateStrategy = FieldStrategy.NEVER)
    private String refusal;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private Long holderId;

    /** When the desk checked the booking in (SPEC §16); null until then. */
    @TableField(updateStrategy = FieldStrategy.NEVER)
    private LocalDateTime checkedInTime;

    @TableField(updateStrategy = FieldStrategy.NEVER)
    private String checkedInBy;

    /**
     * When an unpaid booking must be paid by, given when it was won ({@code PAY_TIMEOUT_MINUTE} after then) and kept
     * whatever the setting becomes; null on a row an older engine wrote. {@code ReservationDeadlines.payBy} reads it.
     */
    @TableField(updateStrategy = FieldStrategy.NEVER)
    private LocalDateTime payBy;

    /** What the booking costs, fixed as it was granted (SPEC §21); null on a row an older engine wrote: its slot's. */
    @TableField(updateStrategy = FieldStrategy.NEVER)
    private Integer priceCents;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    public boolean compensated() {
        return cancelReason == CancelReason.COMPENSATION;
    }

    /** The reservation as the API shows it after a change. */
    public ReservationView view() {
        return new ReservationView(id, slotId, sessionId, status, cancelReason, note, createTime);
    }

    /** The reservation as the staff's details of it show it. */
    public ReservationData data() {
        return new ReservationData(
                getId(),
                getTraceId(),
                getUserId(),
                getSlotId(),
                getSessionId(),
                getStatus(),
                getCancelReason(),
                getNote(),
                getHolderId(),
                getCheckedInTime(),
                getCheckedInBy(),
                getCreateTime(),
                getUpdateTime());
    }
}
