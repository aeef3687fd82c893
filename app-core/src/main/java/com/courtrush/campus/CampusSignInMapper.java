package com.courtrush.campus;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The campus sign-in as a manager set it: one row. */
@Mapper
interface CampusSignInMapper {

    @Select("select config from campus_sign_in where id = 1")
    String config();

    @Insert("insert into campus_sign_in (id, enabled, config, update_time) values (1, #{enabled}, #{config}, #{now}) "
            + "on duplicate key update enabled = #{enabled}, config = #{config}, update_time = #{now}")
    int keep(@Param("enabled") boolean enabled, @Param("config") String config, @Param("now") LocalDateTime now);
}
