package com.courtrush.calendar;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** The feed keys (their hashes) and the bookings a feed shows. */
@Mapper
interface CalendarMapper {

    String BOOKING_COLUMNS = "select r.id as reservation_id, r.status, r.cancel_reason, r.update_time, "
            + "s.slot_date, s.start_time, s.end_time, c.name as court_name, "
            + "(select p.out_trade_no from pay_order p where p.reservation_id = r.id "
            + "and p.status in ('SUCCESS', 'REFUNDED') order by p.id desc limit 1) as out_trade_no "
            + "from reservation r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id ";

    @Delete("delete from calendar_feed where user_id = #{userId}")
    int forget(@Param("userId") long userId);

    /**
     * The student's one feed key, of the account's token generation now: made, or replaced (two renews at once
     * leave one key, never an error).
     */
    @Insert("insert into calendar_feed (user_id, key_hash, create_time, token_generation) "
            + "values (#{userId}, #{hash}, #{now}, #{generation}) "
            + "on duplicate key update key_hash = #{hash}, create_time = #{now}, read_time = null, "
            + "token_generation = #{generation}")
    int keep(
            @Param("userId") long userId,
            @Param("hash") String hash,
            @Param("now") LocalDateTime now,
            @Param("generation") int generation);

    @Select("select token_generation from user_account where id = #{userId}")
    int generation(@Param("userId") long userId);

    /**
     * The student a key reads the feed of; none for a disabled account, nor once the sign-ins the feed was made
     * with have been ended (a password change or reset, every session ended).
     */
    @Select("select f.user_id from calendar_feed f join user_account u on u.id = f.user_id "
            + "where f.key_hash = #{hash} and u.active = true and f.token_generation = u.token_generation")
    Long ownerOf(@Param("hash") String hash);

    @Update("update calendar_feed set read_time = #{now} where user_id = #{userId}")
    int read(@Param("userId") long userId, @Param("now") LocalDateTime now);

    /** The student's feed, while it reads (made with the account's sign-ins as they are now). */
    @Select("select f.create_time, f.read_time from calendar_feed f join user_account u on u.id = f.user_id "
            + "where f.user_id = #{userId} and f.token_generation = u.token_generation")
    FeedState state(@Param("userId") long userId);

    /** The student's latest 500 bookings from {@code from} on (never a compensated grant), latest first. */
    @Select(BOOKING_COLUMNS
            + "where r.user_id = #{userId} and s.slot_date >= #{from} "
            + "and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION') "
            + "order by s.slot_date desc, s.start_time desc, r.id desc limit 500")
    List<CalendarBooking> bookings(@Param("userId") long userId, @Param("from") LocalDate from);

    @Select(BOOKING_COLUMNS
            + "where r.id = #{id} and r.user_id = #{userId} "
            + "and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION')")
    CalendarBooking booking(@Param("id") long reservationId, @Param("userId") long userId);

    /** When the feed was made and last read by a calendar app; null when the student has none. */
    record FeedState(LocalDateTime createTime, LocalDateTime readTime) {}
}
