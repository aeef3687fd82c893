package com.courtrush.pay;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The live WeChat Pay merchant as a manager set it: one row, without its secrets. */
@Mapper
interface WechatPayMapper {

    @Select("select config from wechat_pay where id = 1")
    String config();

    @Insert("insert into wechat_pay (id, enabled, config, update_time) values (1, #{enabled}, #{config}, #{now}) "
            + "on duplicate key update enabled = #{enabled}, config = #{config}, update_time = #{now}")
    int keep(@Param("enabled") boolean enabled, @Param("config") String config, @Param("now") LocalDateTime now);
}
