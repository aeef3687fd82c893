package com.courtrush.closure;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code court_block} row: a court held every week at an hour for a term. */
@Getter
@Setter
@TableName("court_block")
public class CourtBlock {
    @TableId(type = IdType.AUTO)
    private Long id;

    private Long courtId;
    /** ISO day of the week, Monday 1 to Sunday 7. */
    private Integer weekday;

    private LocalTime starts;
    private LocalTime ends;
    private LocalDate firstDay;
    private LocalDate lastDay;
    private String label;
    private String actor;
    private Integer slotsHeld;
    private Integer cancelled;
    private Integer refunded;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    /** Whether it falls on {@code day} (its weekday, in its term); a skipped date is the caller's to check. */
    boolean fallsOn(LocalDate day) {
        return day.getDayOfWeek() == DayOfWeek.of(weekday) && !day.isBefore(firstDay) && !day.isAfter(lastDay);
    }

    /** Whether its hours meet {@code start} to {@code end}. */
    boolean meets(LocalTime start, LocalTime end) {
        return starts.isBefore(end) && ends.isAfter(start);
    }
}
