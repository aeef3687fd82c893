package com.courtrush.reserve.waitlist;

import com.courtrush.reserve.recover.PlaceOffers.LiveOffer;
import com.courtrush.reserve.recover.PlaceOffers.Waiting;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/**
 * The waitlist in the database (SPEC §16): each student's wait of a slot and what became of it. Redis
 * decides; these follow its decisions, and give back offers and lines Redis lost ({@link #liveOffers},
 * {@link #waiting}; their rows are the port {@code recover.PlaceOffers}'s, through which a re-sync reads them).
 */
@Mapper
interface WaitlistMapper {

    /** A student joins a slot's line; the unique key refuses a second live wait of the same slot. */
    @Insert("insert into waitlist_entry (session_id, slot_id, user_id, status, live_user_id, create_time, update_time) "
            + "values (#{sessionId}, #{slotId}, #{userId}, 'WAITING', #{userId}, #{now}, #{now})")
    int join(
            @Param("sessionId") long sessionId,
            @Param("slotId") long slotId,
            @Param("userId") long userId,
            @Param("now") LocalDateTime now);

    /** A student's live waits (waiting or offered), over every opening. */
    @Select("select count(*) from waitlist_entry where live_user_id = #{userId}")
    int liveWaits(@Param("userId") long userId);

    /** The student was offered the slot's place until {@code expires}. */
    @Update("update waitlist_entry set status = 'OFFERED', offered_time = #{now}, offer_expires = #{expires}, "
            + "update_time = #{now} where slot_id = #{slotId} and live_user_id = #{userId}")
    int offered(
            @Param("slotId") long slotId,
            @Param("userId") long userId,
            @Param("expires") LocalDateTime expires,
            @Param("now") LocalDateTime now);

    /** The student's wait of the slot ended: TAKEN (with the grant's trace), DECLINED, EXPIRED, LEFT, SKIPPED. */
    @Update("update waitlist_entry set status = #{status}, live_user_id = null, ended_time = #{now}, "
            + "trace_id = #{traceId}, update_time = #{now} where slot_id = #{slotId} and live_user_id = #{userId}")
    int end(
            @Param("slotId") long slotId,
            @Param("userId") long userId,
            @Param("status") String status,
            @Param("traceId") String traceId,
            @Param("now") LocalDateTime now);

    /** Offers the database holds as live and not expired, of an opening: what a re-sync puts back if Redis lost them. */
    @Select("select slot_id, user_id, offer_expires from waitlist_entry where session_id = #{sessionId} "
            + "and status = 'OFFERED' and offer_expires > #{now}")
    List<LiveOffer> liveOffers(@Param("sessionId") long sessionId, @Param("now") LocalDateTime now);

    /** Students waiting in an opening's lines, first joined first: what a re-sync puts back if Redis lost them. */
    @Select("select slot_id, user_id, create_time from waitlist_entry where session_id = #{sessionId} "
            + "and status = 'WAITING' order by create_time, id")
    List<Waiting> waiting(@Param("sessionId") long sessionId);

    /** Offers whose time is over that Redis no longer has to pass on (a re-sync dropped them): EXPIRED. */
    @Update(
            "update waitlist_entry set status = 'EXPIRED', live_user_id = null, ended_time = #{now}, update_time = #{now} "
                    + "where status = 'OFFERED' and offer_expires < #{before}")
    int expireOverdue(@Param("before") LocalDateTime before, @Param("now") LocalDateTime now);

    /** Waits of slots that have started end: nothing is offered once a slot starts. */
    @Update(
            "update waitlist_entry set status = 'CLOSED', live_user_id = null, ended_time = #{now}, update_time = #{now} "
                    + "where status = 'WAITING' and exists (select 1 from time_slot s where s.id = waitlist_entry.slot_id "
                    + "and (s.slot_date < #{day} or (s.slot_date = #{day} and s.start_time <= #{time})))")
    int closeStarted(@Param("day") LocalDate day, @Param("time") LocalTime time, @Param("now") LocalDateTime now);
}
