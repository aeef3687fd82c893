package com.courtrush.pay;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Students' openids at the gym's official account, asked of WeChat once each. */
@Mapper
interface WechatOpenIdMapper {

    @Select("select openid from wechat_openid where user_id = #{userId} and app_id = #{appId}")
    String find(@Param("userId") long userId, @Param("appId") String appId);

    @Insert("insert into wechat_openid (user_id, app_id, openid, create_time) values (#{userId}, #{appId}, #{openid}, "
            + "#{now}) on duplicate key update openid = #{openid}")
    int keep(
            @Param("userId") long userId,
            @Param("appId") String appId,
            @Param("openid") String openid,
            @Param("now") LocalDateTime now);
}
