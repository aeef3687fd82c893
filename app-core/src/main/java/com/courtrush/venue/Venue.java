package com.courtrush.venue;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import java.time.LocalDateTime;
import java.time.LocalTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code venue} row. Names null: the venue is named as the gym is (the installation from before venues). */
@Getter
@Setter
@TableName("venue")
public class Venue {

    /** The venue every court, opening and rule of an installation from before venues belongs to. */
    public static final long FIRST = 1;

    @TableId(type = IdType.AUTO)
    private Long id;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private String nameZh;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private String nameEn;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private String location;

    private LocalTime opens;
    private LocalTime closes;
    private Boolean active;

    /** Which booking categories may book its slots, comma separated (STUDENT,FACULTY). */
    private String categories;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
