package com.courtrush.venue;

import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Which venues' desks staff members work (SPEC §21). */
@Mapper
interface StaffVenueMapper {

    @Select("select venue_id from staff_venue where user_id = #{userId} order by venue_id")
    List<Long> venuesOf(@Param("userId") long userId);

    @Select("select user_id, venue_id from staff_venue order by user_id, venue_id")
    List<Assignment> all();

    @Delete("delete from staff_venue where user_id = #{userId}")
    int clear(@Param("userId") long userId);

    @Insert("<script>insert into staff_venue (user_id, venue_id, create_time) values "
            + "<foreach collection='venueIds' item='v' separator=','>(#{userId}, #{v}, #{now})</foreach></script>")
    int assign(
            @Param("userId") long userId,
            @Param("venueIds") Collection<Long> venueIds,
            @Param("now") LocalDateTime now);

    /** A staff member's venue. */
    record Assignment(long userId, long venueId) {}

    /** The venue of a slot's court; null for no such slot. */
    @Select("select c.venue_id from time_slot s join court c on c.id = s.court_id where s.id = #{id}")
    Long venueOfSlot(@Param("id") long slotId);

    /** The venue an opening sells; null for no such opening. */
    @Select("select venue_id from reserve_session where id = #{id}")
    Long venueOfOpening(@Param("id") long sessionId);

    /** The venue of a court; null for no such court. */
    @Select("select venue_id from court where id = #{id}")
    Long venueOfCourt(@Param("id") long courtId);
}
