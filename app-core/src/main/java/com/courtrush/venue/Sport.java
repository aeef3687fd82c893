package com.courtrush.venue;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.venue.api.SportView;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code sport} row; a null share is the gym's setting. */
@Getter
@Setter
@TableName("sport")
public class Sport {

    /** The sport of every court of an installation from before venues. */
    public static final String BADMINTON = "BADMINTON";

    @TableId(type = IdType.INPUT)
    private String code;

    private String nameZh;
    private String nameEn;
    private Integer slotMinutes;
    private Integer placesPerCourt;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private Integer perDay;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private Integer perWeek;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    public SportView view() {
        return new SportView(code, nameZh, nameEn, slotMinutes, placesPerCourt, perDay, perWeek);
    }
}
