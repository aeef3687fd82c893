package com.courtrush.opening;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.courtrush.opening.api.SessionState;
import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface ReserveSessionMapper extends BaseMapper<ReserveSession> {

    /** Compare-and-set of the state; 1 when this call made the transition. */
    @Update("update reserve_session set state = #{to}, update_time = #{now} where id = #{id} and state = #{from}")
    int transition(
            @Param("id") long id,
            @Param("from") SessionState from,
            @Param("to") SessionState to,
            @Param("now") LocalDateTime now);

    /** Staff opened it before its flash time: the flash time becomes that moment. */
    @Update("update reserve_session set flash_time = #{flash}, update_time = #{now} where id = #{id}")
    int moveFlashTime(@Param("id") long id, @Param("flash") LocalDateTime flash, @Param("now") LocalDateTime now);

    /** The highest opening id there is (0 when there is none): larger ids need no query to be unknown. */
    @Select("select coalesce(max(id), 0) from reserve_session")
    long highestId();
}
