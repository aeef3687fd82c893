package com.courtrush.till;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.till.api.DeskChannel;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** A receipt of money taken (PAYMENT) or given back (REFUND) at the desk. Never changed once written. */
@Getter
@Setter
@TableName("desk_receipt")
public class DeskReceipt {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String receiptNo;
    private String kind;
    private Long reservationId;
    private String outTradeNo;
    private String outRefundNo;
    private DeskChannel channel;
    private Integer amountCents;
    private String actor;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
