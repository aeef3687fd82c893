package com.courtrush.till;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.time.LocalDate;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** A shift at a console; {@code openConsole} is its console while open, null once closed. */
@Getter
@Setter
@TableName("desk_shift")
public class DeskShift {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String actor;

    /** The day it opened on, in the gym's zone, and its number among that day's shifts (1 for the first). */
    private LocalDate shiftDay;

    private Integer dayNo;
    private String console;
    private String openConsole;
    private LocalDateTime openedTime;
    private LocalDateTime closedTime;
    private String closedBy;
    private Integer cashTaken;
    private Integer cashBack;
    private Integer cardTaken;
    private Integer cardBack;
    private Integer wechatTaken;
    private Integer wechatBack;
    private Integer countedCash;
    private Integer receipts;
    private Integer mismatches;
    private String note;
    /** The venue whose desk it kept: its staff member's one venue; null for several, or all (SPEC §21). */
    private Long venueId;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
