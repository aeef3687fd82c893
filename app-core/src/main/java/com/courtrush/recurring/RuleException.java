package com.courtrush.recurring;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.recurring.api.DateChange;
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

    /** The date's change as staff see it. */
    DateChange change() {
        return new DateChange(closed, flashTime, startTime, endTime, capacity, priceCents, perUserLimit, note);
    }

    /** Takes a validated change's values; a blank note is none. */
    void take(DateChange change) {
        closed = Boolean.TRUE.equals(change.closed());
        flashTime = change.flashTime();
        startTime = change.startTime();
        endTime = change.endTime();
        capacity = change.capacity();
        priceCents = change.priceCents();
        perUserLimit = change.perUserLimit();
        note = change.note() == null || change.note().isBlank()
                ? null
                : change.note().strip();
    }
}
