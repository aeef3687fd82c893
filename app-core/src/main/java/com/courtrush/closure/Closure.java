package com.courtrush.closure;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.courtrush.closure.api.ClosureView;
import java.time.LocalDateTime;
import lombok.Getter;
import lombok.Setter;

/** One {@code closure} row. */
@Getter
@Setter
@TableName("closure")
public class Closure {
    @TableId(type = IdType.AUTO)
    private Long id;

    private Long venueId;
    private Long courtId;
    private String sport;
    private LocalDateTime starts;
    private LocalDateTime ends;
    private String reason;
    private String actor;
    private Integer slotsClosed;
    private Integer cancelled;
    private Integer refunded;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;

    public ClosureView view() {
        return new ClosureView(
                id, courtId, venueId, sport, starts, ends, reason, actor, slotsClosed, cancelled, refunded);
    }
}
