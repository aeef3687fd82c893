package com.courtrush.pay;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import lombok.Getter;
import lombok.Setter;

/** What a reconciliation found of one payment or refund. */
@Getter
@Setter
@TableName("pay_reconciliation_item")
public class ReconciliationItem {
    @TableId(type = IdType.AUTO)
    private Long id;

    private Long reconciliationId;
    private String kind;
    private String number;
    private String outTradeNo;
    private Integer hereCents;
    private Integer thereCents;
    private String outcome;
}
