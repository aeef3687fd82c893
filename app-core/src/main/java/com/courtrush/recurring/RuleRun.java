package com.courtrush.recurring;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.recurring.api.RunOutcome;
import java.time.LocalDate;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code opening_rule_run} row: what a rule did for a date (one at most per rule and date). */
@Getter
@Setter
@TableName("opening_rule_run")
public class RuleRun {
    @TableId(type = IdType.AUTO)
    private Long id;

    private Long ruleId;
    private LocalDate ruleDate;
    private Long sessionId;
    private RunOutcome outcome;
    private String detail;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
