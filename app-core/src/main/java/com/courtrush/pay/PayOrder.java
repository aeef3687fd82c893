package com.courtrush.pay;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.pay.api.PayOrderStatus;
import com.courtrush.pay.api.PayOrderView;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** One pay order. {@code payingKey} equals the reservation id while PAYING (unique: guard G4). */
@Getter
@Setter
@TableName("pay_order")
public class PayOrder {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String outTradeNo;
    private Long reservationId;
    private String channel;
    private Integer amountCents;
    private PayOrderStatus status;
    private Long payingKey;
    private LocalDateTime expireTime;
    private LocalDateTime paidTime;
    private LocalDateTime refundTime;
    /** The merchant the order was made at (live WeChat Pay); null for the simulated gateway and the desk. */
    private String mchid;
    /** Where a live order is paid (H5, NATIVE, JSAPI): WeChat Pay keeps an order to the way it was first asked. */
    private String scene;
    /** The provider's number of the payment, once paid. */
    private String transactionId;
    /** What has gone back so far, in part or whole: paid = refunded + kept (I6). */
    private Integer refundedCents;
    /** A DESK order: CASH or CARD (the till's channel); null for the others. */
    private String deskChannel;
    /** A DESK order: who took the money (the till sums each staff member's). */
    private String takenBy;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    /** What is left to give back. */
    public int refundable() {
        return amountCents - (refundedCents == null ? 0 : refundedCents);
    }

    /** Made at WeChat Pay itself (not the simulated gateway, not the desk). */
    boolean live() {
        return mchid != null;
    }

    /** The order as the staff's details of a reservation show it. */
    public PayOrderView view() {
        return new PayOrderView(
                getId(),
                getOutTradeNo(),
                getReservationId(),
                getChannel(),
                getAmountCents(),
                getStatus(),
                getPayingKey(),
                getExpireTime(),
                getPaidTime(),
                getRefundTime(),
                getMchid(),
                getTransactionId(),
                getRefundedCents() == null ? 0 : getRefundedCents(),
                getCreateTime(),
                getUpdateTime());
    }
}
