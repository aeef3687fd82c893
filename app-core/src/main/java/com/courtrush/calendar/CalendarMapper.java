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
            + "s.slot_date, s.start_time, s.end_time, c.name as court_name, v.name_zh as venue_zh, v.name_en as venue_en, v.location as venue_location, "
            + "(select p.out_trade_no from pay_order p where p.reservation_id = r.id "
            + "and p.status in ('SUCCESS', 'REFUNDED') order by p.id desc limit 1) as out_trade_no "
            + "from reservation r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id left join venue v on v.id = c.venue_id ";

    @Delete("delete from calendar_feed where user_id = #{userId}")
    int forget(@Param("userId") long userId);

    /**
     * The student's one feed key, with the stamp of their password now: made, or replaced (two renews at once leave
     * one key, never an error).
     */
    @Insert("insert into calendar_feed (user_id, key_hash, create_time, password_stamp) "
            + "values (#{userId}, #{hash}, #{now}, #{stamp}) "
            + "on duplicate key update key_hash = #{hash}, create_time = #{now}, read_time = null, "
            + "password_stamp = #{stamp}")
    int keep(
            @Param("userId") long userId,
            @Param("hash") String hash,
            @Param("now") LocalDateTime now,
            @Param("stamp") String stamp);

    @Select("select password_hash from user_account where id = #{userId}")
    String passwordHash(@Param("userId") long userId);

    /** A feed made before feeds were stamped takes the stamp of the password it is read under. */
    @Update("update calendar_feed set password_stamp = #{stamp} where user_id = #{userId} and password_stamp is null")
    int adopt(@Param("userId") long userId, @Param("stamp") String stamp);

    /** The feed a key reads, with its owner's password hash now; none for a disabled account. */
    @Select("select f.user_id, f.password_stamp, u.password_hash, f.create_time, f.read_time from calendar_feed f "
            + "join user_account u on u.id = f.user_id where f.key_hash = #{hash} and u.active = true")
    Feed byKey(@Param("hash") String hash);

    @Update("update calendar_feed set read_time = #{now} where user_id = #{userId}")
    int read(@Param("userId") long userId, @Param("now") LocalDateTime now);

    /** The student's feed, with their password hash now; null when they have none. */
    @Select("select f.user_id, f.password_stamp, u.password_hash, f.create_time, f.read_time from calendar_feed f "
            + "join user_account u on u.id = f.user_id where f.user_id = #{userId}")
    Feed ofStudent(@Param("userId") long userId);

    /**
     * The latest 500 bookings of others the student accepted being a partner on, from {@code from} on, latest first,
     * with the booker's name: through the student's accepted partnerships (idx_booking_partner_user).
     */
    @Select("select r.id as reservation_id, r.status, r.cancel_reason, r.update_time, s.slot_date, s.start_time, "
            + "s.end_time, c.name as court_name, v.name_zh as venue_zh, v.name_en as venue_en, v.location as venue_location, u.display_name as booker_name from booking_partner bp "
            + "join reservation r on r.id = bp.reservation_id join time_slot s on s.id = r.slot_id "
            + "join court c on c.id = s.court_id left join venue v on v.id = c.venue_id join user_account u on u.id = r.user_id "
            + "where bp.partner_user_id = #{userId} and bp.status = 'ACCEPTED' and r.slot_date >= #{from} "
            + "and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION') "
            + "order by s.slot_date desc, s.start_time desc, r.id desc limit 500")
    List<CalendarBooking> partnerBookings(@Param("userId") long userId, @Param("from") LocalDate from);

    /** The student's latest 500 bookings from {@code from} on (never a compensated grant), latest first. */
    @Select(BOOKING_COLUMNS
            + "where r.user_id = #{userId} and r.slot_date >= #{from} "
            + "and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION') "
            + "order by s.slot_date desc, s.start_time desc, r.id desc limit 500")
    List<CalendarBooking> bookings(@Param("userId") long userId, @Param("from") LocalDate from);

    /**
     * One booking of the student's own, or one they accepted being a partner on (then with the booker's name; its
     * order number is the booker's and is left out); null for any other.
     */
    @Select("select r.id as reservation_id, r.status, r.cancel_reason, r.update_time, "
            + "s.slot_date, s.start_time, s.end_time, c.name as court_name, v.name_zh as venue_zh, v.name_en as venue_en, v.location as venue_location, "
            + "case when r.user_id = #{userId} then (select p.out_trade_no from pay_order p "
            + "where p.reservation_id = r.id and p.status in ('SUCCESS', 'REFUNDED') order by p.id desc limit 1) "
            + "end as out_trade_no, case when r.user_id = #{userId} then null else u.display_name end as booker_name "
            + "from reservation r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id left join venue v on v.id = c.venue_id "
            + "join user_account u on u.id = r.user_id "
            + "where r.id = #{id} and (r.user_id = #{userId} or exists (select 1 from booking_partner bp "
            + "where bp.reservation_id = r.id and bp.partner_user_id = #{userId} and bp.status = 'ACCEPTED')) "
            + "and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION')")
    CalendarBooking booking(@Param("id") long reservationId, @Param("userId") long userId);

    /**
     * A feed as it is kept: whose, the stamp of the password it was made under (null: made before stamps), the
     * owner's password hash now, when it was made and last read by a calendar app.
     */
    record Feed(
            long userId, String passwordStamp, String passwordHash, LocalDateTime createTime, LocalDateTime readTime) {}
}
