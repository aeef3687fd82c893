package com.courtrush.notice;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Students' reminders of openings' flash times. */
@Mapper
interface ReminderMapper {

    /** An opening's flash time; null when there is no such opening. */
    @Select("select flash_time from reserve_session where id = #{sessionId}")
    LocalDateTime flashTime(@Param("sessionId") long sessionId);

    @Insert("insert into opening_reminder (user_id, session_id, create_time) values (#{userId}, #{sessionId}, #{now}) "
            + "on duplicate key update user_id = user_id")
    int keep(@Param("userId") long userId, @Param("sessionId") long sessionId, @Param("now") LocalDateTime now);

    @Delete("delete from opening_reminder where user_id = #{userId} and session_id = #{sessionId} "
            + "and sent_time is null")
    int drop(@Param("userId") long userId, @Param("sessionId") long sessionId);

    /** The openings the student asked to be reminded of whose flash time is still to come. */
    @Select("select r.session_id from opening_reminder r join reserve_session s on s.id = r.session_id "
            + "where r.user_id = #{userId} and s.flash_time > #{now} order by s.flash_time")
    List<Long> upcoming(@Param("userId") long userId, @Param("now") LocalDateTime now);

    /** Reminders not sent whose opening's flash time comes between now and {@code until}. */
    @Select("select r.user_id, r.session_id, s.session_date, s.flash_time from opening_reminder r "
            + "join reserve_session s on s.id = r.session_id "
            + "where r.sent_time is null and s.flash_time > #{now} and s.flash_time <= #{until} "
            + "order by s.flash_time limit #{limit}")
    List<Due> due(@Param("now") LocalDateTime now, @Param("until") LocalDateTime until, @Param("limit") int limit);

    @Update("update opening_reminder set sent_time = #{now} where user_id = #{userId} and session_id = #{sessionId} "
            + "and sent_time is null")
    int sent(@Param("userId") long userId, @Param("sessionId") long sessionId, @Param("now") LocalDateTime now);

    record Due(long userId, long sessionId, LocalDate sessionDate, LocalDateTime flashTime) {}
}
