package com.courtrush.pay;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.pay.api.PayRefundView;
import com.courtrush.pay.api.RefundStatus;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/**
 * One refund of a pay order, in part or whole. Its number is the order's and its place among the order's refunds
 * ({@code <out_trade_no>R<n>}): asked again after a lost answer, the provider sees the same refund, not a second.
 */
@Getter
@Setter
@TableName("pay_refund")
public class PayRefund {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String outRefundNo;
    private Long payOrderId;
    private Long reservationId;
    private Integer amountCents;
    private Boolean whole;
    private RefundStatus status;
    private String reason;
    private String actor;
    private String refundId;
    private LocalDateTime successTime;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    PayRefundView view(String outTradeNo) {
        return new PayRefundView(
                outRefundNo,
                outTradeNo,
                amountCents,
                Boolean.TRUE.equals(whole),
                status,
                reason,
                actor,
                createTime,
                successTime);
    }
}
