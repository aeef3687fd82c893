package com.courtrush.pay;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The gym's official account as a manager set it on its own, without a merchant: one row, without its AppSecret. */
@Mapper
interface OfficialAccountMapper {

    /** The account set on its own; null when none is. */
    record Saved(String appId, String publicUrl) {}

    @Select("select app_id, public_url from wechat_account where id = 1")
    Saved saved();

    @Insert(
            "insert into wechat_account (id, app_id, public_url, update_time) values (1, #{appId}, #{publicUrl}, #{now})"
                    + " on duplicate key update app_id = #{appId}, public_url = #{publicUrl}, update_time = #{now}")
    int keep(@Param("appId") String appId, @Param("publicUrl") String publicUrl, @Param("now") LocalDateTime now);
}
