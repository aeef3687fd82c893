package com.courtrush.notice;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The channels' settings as a manager set them. */
@Mapper
interface NoticeChannelMapper {

    @Select("select channel, enabled, config from notice_channel")
    List<Stored> all();

    @Insert("insert into notice_channel (channel, enabled, config, update_time) "
            + "values (#{channel}, #{enabled}, #{config}, #{now}) "
            + "on duplicate key update enabled = #{enabled}, config = #{config}, update_time = #{now}")
    int keep(
            @Param("channel") String channel,
            @Param("enabled") boolean enabled,
            @Param("config") String config,
            @Param("now") LocalDateTime now);

    record Stored(String channel, boolean enabled, String config) {}
}
