package com.courtrush.recurring;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.recurring.api.RuleForm;
import com.courtrush.recurring.api.RuleView;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
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

    /** The rule as staff see it. */
    RuleView view() {
        return new RuleView(
                id,
                name,
                Boolean.TRUE.equals(active),
                daysAhead,
                weekdayList(),
                flashTime,
                flashDaysBefore,
                warmupLeadMinutes,
                perUserLimit,
                courtIdList(),
                startTime,
                endTime,
                durationMinutes,
                capacity,
                priceCents);
    }

    /** Takes a validated form's values (a missing warm-up lead: the default). */
    OpeningRule take(RuleForm form) {
        name = form.name().strip();
        daysAhead = form.daysAhead();
        weekdays = form.weekdays().stream()
                .distinct()
                .sorted()
                .map(String::valueOf)
                .collect(Collectors.joining());
        flashTime = form.flashTime().withSecond(0).withNano(0);
        flashDaysBefore = form.flashDaysBefore();
        warmupLeadMinutes =
                form.warmupLeadMinutes() == null ? NewOpening.DEFAULT_WARMUP_LEAD_MINUTES : form.warmupLeadMinutes();
        perUserLimit = form.perUserLimit();
        courtIds = form.courtIds().stream().distinct().map(String::valueOf).collect(Collectors.joining(","));
        startTime = form.startTime();
        endTime = form.endTime();
        durationMinutes = form.durationMinutes();
        capacity = form.capacity();
        priceCents = form.priceCents();
        return this;
    }

    /** The ISO day numbers the rule opens. */
    List<Integer> weekdayList() {
        return weekdays.chars().map(c -> c - '0').boxed().toList();
    }

    /** The courts the rule opens. */
    List<Long> courtIdList() {
        return Arrays.stream(courtIds.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(Long::valueOf)
                .toList();
    }
}
