package com.courtrush.recurring;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code opening_rule} row: a standing opening. */
@Getter
@Setter
@TableName("opening_rule")
public class OpeningRule {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String name;
    private Boolean active;
    private Integer daysAhead;
    /** ISO day numbers the rule opens, e.g. "12345" for Monday to Friday. */
    private String weekdays;

    private LocalTime flashTime;
    /** 1: the gate opens the day before the play date; 0: on the day. */
    private Integer flashDaysBefore;

    private Integer warmupLeadMinutes;
    private Integer perUserLimit;
    /** e.g. "1,2,3". */
    private String courtIds;

    private LocalTime startTime;
    private LocalTime endTime;
    private Integer durationMinutes;
    private Integer capacity;
    private Integer priceCents;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
