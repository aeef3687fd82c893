package com.courtrush.court;

import com.baomidou.mybatisplus.annotation.FieldFill;
import com.baomidou.mybatisplus.annotation.FieldStrategy;
import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableField;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
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

    @TableField(updateStrategy = FieldStrategy.ALWAYS)
    private String activeName;

    @TableField(fill = FieldFill.INSERT)
    private LocalDateTime createTime;

    @TableField(fill = FieldFill.INSERT_UPDATE)
    private LocalDateTime updateTime;
}
