package com.courtrush.notice;

import com.courtrush.notice.api.AlertDelivery;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** The staff alerts: the webhook's outbox (PENDING, SENT, FAILED), and those kept while it was off (UNSENT). */
@Mapper
interface StaffAlertMapper {

    /** An alert, once per id: PENDING for the webhook, or UNSENT when none is on. */
    @Insert("insert into staff_alert (message_id, kind, params, create_time, state, next_time) "
            + "values (#{messageId}, #{kind}, #{params}, #{now}, #{state}, #{now}) "
            + "on duplicate key update message_id = message_id")
    int post(
            @Param("messageId") String messageId,
            @Param("kind") String kind,
            @Param("params") String params,
            @Param("now") LocalDateTime now,
            @Param("state") String state);

    /**
     * An alert that gathers a count: posted to go at {@code sendAt}, and while it waits a later post of the same id
     * brings its params up to date (the count it will tell).
     */
    @Insert("insert into staff_alert (message_id, kind, params, create_time, state, next_time) "
            + "values (#{messageId}, #{kind}, #{params}, #{now}, #{state}, #{sendAt}) "
            + "on duplicate key update params = case when state in ('PENDING', 'UNSENT') and attempts = 0 "
            + "then #{params} else params end")
    int gather(
            @Param("messageId") String messageId,
            @Param("kind") String kind,
            @Param("params") String params,
            @Param("now") LocalDateTime now,
            @Param("sendAt") LocalDateTime sendAt,
            @Param("state") String state);

    @Select("select id from staff_alert where state = 'PENDING' and next_time <= #{now} "
            + "and (lease_until is null or lease_until < #{now}) order by id limit #{limit}")
    List<Long> due(@Param("now") LocalDateTime now, @Param("limit") int limit);

    /** Takes a due alert for this node until {@code until}; its tries count from the first. */
    @Update("update staff_alert set lease_until = #{until}, attempts = attempts + 1, "
            + "retry_from = coalesce(retry_from, #{now}) where id = #{id} "
            + "and state = 'PENDING' and (lease_until is null or lease_until < #{now})")
    int claim(@Param("id") long id, @Param("now") LocalDateTime now, @Param("until") LocalDateTime until);

    @Select(
            "select id, message_id, kind, params, create_time, attempts, coalesce(retry_from, create_time) as tries_from "
                    + "from staff_alert where id = #{id}")
    Alert one(@Param("id") long id);

    @Update("update staff_alert set state = 'SENT', sent_time = #{now}, lease_until = null, error = null "
            + "where id = #{id}")
    int sent(@Param("id") long id, @Param("now") LocalDateTime now);

    @Update("update staff_alert set state = #{state}, next_time = #{next}, lease_until = null, error = #{error} "
            + "where id = #{id}")
    int failed(
            @Param("id") long id,
            @Param("state") String state,
            @Param("next") LocalDateTime next,
            @Param("error") String error);

    @Select("select id, message_id, kind, params, create_time, attempts, state, sent_time, error from staff_alert "
            + "order by id desc limit #{limit}")
    List<AlertDelivery> recent(@Param("limit") int limit);

    /** How many were given up (FAILED): tried for as long as the settings say, until staff send them again. */
    @Select("select count(*) from staff_alert where state = 'FAILED'")
    int givenUp();

    /** The given-up alerts tried again from {@code now}, for as long again; how many. */
    @Update("update staff_alert set state = 'PENDING', attempts = 0, next_time = #{now}, retry_from = #{now}, "
            + "lease_until = null where state = 'FAILED'")
    int sendAgain(@Param("now") LocalDateTime now);

    /** An alert to send; its tries began at {@code triesFrom} (its posting, or when staff sent it again). */
    record Alert(
            long id,
            String messageId,
            String kind,
            String params,
            LocalDateTime createTime,
            int attempts,
            LocalDateTime triesFrom) {}
}
