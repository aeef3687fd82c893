package com.courtrush.recurring;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code opening_rule_exception} row: a rule's date closed, or changed once (null: as the rule says). */
@Getter
@Setter
@TableName("opening_rule_exception")
public class RuleException {
    @TableId(type = IdType.AUTO)
    private Long id;

    private Long ruleId;
    private LocalDate ruleDate;
    private Boolean closed;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private LocalTime flashTime;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private LocalTime startTime;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private LocalTime endTime;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private Integer capacity;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private Integer priceCents;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private Integer perUserLimit;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private String note;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
