package com.courtrush.pay;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Students' openids at the gym's official account, asked of WeChat once each. */
@Mapper
interface WechatOpenIdMapper {

    @Select("select openid from wechat_openid where user_id = #{userId} and app_id = #{appId}")
    String find(@Param("userId") long userId, @Param("appId") String appId);

    @Select("select user_id from wechat_openid where app_id = #{appId} and openid = #{openid} order by user_id")
    List<Long> usersOf(@Param("appId") String appId, @Param("openid") String openid);

    @Delete("delete from wechat_openid where app_id = #{appId} and openid = #{openid} and user_id <> #{userId}")
    int unbindOthers(@Param("appId") String appId, @Param("openid") String openid, @Param("userId") long userId);

    @Delete("delete from wechat_openid where user_id = #{userId}")
    int unbind(@Param("userId") long userId);

    @Insert("insert into wechat_openid (user_id, app_id, openid, create_time) values (#{userId}, #{appId}, #{openid}, "
            + "#{now}) on duplicate key update openid = #{openid}")
    int keep(
            @Param("userId") long userId,
            @Param("appId") String appId,
            @Param("openid") String openid,
            @Param("now") LocalDateTime now);
}
