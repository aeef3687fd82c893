package com.courtrush.pay;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.time.LocalDate;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** A run of the reconciliation of one bill date. */
@Getter
@Setter
@TableName("pay_reconciliation")
public class Reconciliation {
    @TableId(type = IdType.AUTO)
    private Long id;

    private LocalDate billDate;
    private LocalDate scheduledDate;
    private String actor;
    private String status;
    private Integer matched;
    private Integer onlyThere;
    private Integer onlyHere;
    private Integer differs;
    private String detail;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
