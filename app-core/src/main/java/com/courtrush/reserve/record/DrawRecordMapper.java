package com.courtrush.reserve.record;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** A fair draw's secret, its commitment and, once drawn, its published record. */
@Mapper
interface DrawRecordMapper {

    /** The opening's commitment, made once: a second call (a warm-up run again) keeps the first. */
    @Insert("insert into draw_record (session_id, secret, commitment, create_time) "
            + "values (#{sessionId}, #{secret}, #{commitment}, #{now}) "
            + "on duplicate key update session_id = session_id")
    int commit(
            @Param("sessionId") long sessionId,
            @Param("secret") String secret,
            @Param("commitment") String commitment,
            @Param("now") LocalDateTime now);

    @Select("select session_id, secret, commitment, drawn_time, publication from draw_record "
            + "where session_id = #{sessionId}")
    Row find(@Param("sessionId") long sessionId);

    @Update("update draw_record set drawn_time = #{now}, publication = #{publication} "
            + "where session_id = #{sessionId} and drawn_time is null")
    int published(
            @Param("sessionId") long sessionId,
            @Param("publication") String publication,
            @Param("now") LocalDateTime now);

    record Row(long sessionId, String secret, String commitment, LocalDateTime drawnTime, String publication) {}
}
