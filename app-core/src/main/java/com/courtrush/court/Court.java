package com.courtrush.court;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.court.api.CourtView;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code court} row. {@code activeName} mirrors the name while active (unique among active courts). */
@Getter
@Setter
@TableName("court")
public class Court {
    @TableId(type = IdType.AUTO)
    private Long id;

    private String name;
    private Boolean active;
    /** The venue it is in (SPEC §21). */
    private Long venueId;
    /** The sport played on it: a {@code sport} code. */
    private String sport;

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private String activeName;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    /** The court as the API and the console see it. */
    public CourtView view() {
        return new CourtView(getId(), getName(), Boolean.TRUE.equals(getActive()), getVenueId(), getSport());
    }
}
