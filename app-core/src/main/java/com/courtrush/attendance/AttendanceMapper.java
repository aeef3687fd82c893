package com.courtrush.attendance;

import com.courtrush.account.api.Category;
import com.courtrush.attendance.api.Strike;
import com.courtrush.infra.config.SqlDialect;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Check-ins, no-shows and strikes in the database. */
@Mapper
interface AttendanceMapper {

    String DESK_COLUMNS =
            "select r.id as reservation_id, r.user_id, r.slot_id, u.student_id, u.display_name as student_name, "
                    + "r.status, r.cancel_reason, s.slot_date, s.start_time, s.end_time, s.court_id, c.name as court_name, "
                    + "c.venue_id, "
                    + "(select p.out_trade_no from pay_order p where p.reservation_id = r.id order by p.id desc limit 1) "
                    + "as out_trade_no, r.checked_in_time, r.checked_in_by, r.create_time as booked_time, "
                    + "coalesce(r.price_cents, s.price_cents) as price_cents, "
                    + "(select group_concat(pu.display_name order by bp.id separator ', ') from booking_partner bp "
                    + "join user_account pu on pu.id = bp.partner_user_id "
                    + "where bp.reservation_id = r.id and bp.status = 'ACCEPTED') as partner_names "
                    + "from reservation r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id "
                    + "join user_account u on u.id = r.user_id ";

    /**
     * A day's bookings at the desk, by start time and court: the active ones and those that ended as
     * no-shows; {@code query} (optional) is a student id, an order number or part of a name.
     */
    @Select("<script>" + DESK_COLUMNS
            + "where s.slot_date = #{day} and (r.holder_id is not null or r.cancel_reason = 'NO_SHOW') "
            + "<if test='query != null'>and (u.student_id = #{query} or u.display_name like concat('%', #{query}, '%') "
            + "or exists (select 1 from pay_order p where p.reservation_id = r.id and p.out_trade_no = #{query}))</if> "
            + "order by s.start_time, c.name, r.id limit 2000</script>")
    List<DeskBooking> day(@Param("day") LocalDate day, @Param("query") String query);

    /**
     * A day's active slots, and those a class or team block holds (SPEC §21), with their court, by start time and court
     * name: the board's cells.
     */
    @Select("select s.id as slot_id, s.session_id, s.court_id, c.venue_id, c.sport, c.name as court_name, s.slot_date, "
            + "s.start_time, s.end_time, s.capacity, s.price_cents, b.label as held_for "
            + "from time_slot s join court c on c.id = s.court_id left join court_block b on b.id = s.block_id "
            + "where s.slot_date = #{day} and (s.active = true or s.block_id is not null) "
            + "order by s.start_time, c.name limit 2000")
    List<BoardSlot> slotsOn(@Param("day") LocalDate day);

    @Select(DESK_COLUMNS + "where r.id = #{id}")
    DeskBooking booking(@Param("id") long reservationId);

    /** 1 when the student accepted being a partner on the booking (and is still on it), else 0. */
    @Select("select count(*) from booking_partner where reservation_id = #{id} and partner_user_id = #{userId} "
            + "and status = 'ACCEPTED'")
    int acceptedPartner(@Param("id") long reservationId, @Param("userId") long userId);

    /** Checks an active booking in; 1 when this call did. */
    @Update("update reservation set checked_in_time = #{now}, checked_in_by = #{by}, update_time = #{now} "
            + "where id = #{id} and holder_id is not null and checked_in_time is null")
    int checkIn(@Param("id") long reservationId, @Param("by") String by, @Param("now") LocalDateTime now);

    /** Takes a check-in back if it was made at or after {@code since}; 1 when this call did. */
    @Update("update reservation set checked_in_time = null, checked_in_by = null, update_time = #{now} "
            + "where id = #{id} and holder_id is not null and checked_in_time >= #{since}")
    int undoCheckIn(
            @Param("id") long reservationId, @Param("since") LocalDateTime since, @Param("now") LocalDateTime now);

    /**
     * Paid bookings not checked in whose slot started at or before {@code (day, time)} and at or after
     * {@code (fromDay, fromTime)}: the no-shows, once that is the start plus the grace. (An unpaid one
     * cannot be checked in, nor paid once its slot started: the payment timeout ends it, no strike.)
     */
    @Select("select r.id from reservation r join time_slot s on s.id = r.slot_id "
            + "where r.slot_date between #{fromDay} and #{day} and r.status = 'CONFIRMED' and r.checked_in_time is null "
            + "and (s.slot_date < #{day} or (s.slot_date = #{day} and s.start_time <= #{time})) "
            + "and (s.slot_date > #{fromDay} or (s.slot_date = #{fromDay} and s.start_time >= #{fromTime})) "
            + "order by r.id limit #{limit}")
    List<Long> notCheckedIn(
            @Param("day") LocalDate day,
            @Param("time") LocalTime time,
            @Param("fromDay") LocalDate fromDay,
            @Param("fromTime") LocalTime fromTime,
            @Param("limit") int limit);

    @Insert("insert into no_show_strike (user_id, reservation_id, struck_time, create_time, update_time) "
            + "values (#{userId}, #{reservationId}, #{now}, #{now}, #{now})")
    int strike(
            @Param("userId") long userId, @Param("reservationId") long reservationId, @Param("now") LocalDateTime now);

    /** The times of a student's strikes not forgiven since {@code since}, newest first. */
    @Select("select struck_time from no_show_strike where user_id = #{userId} and forgiven_time is null "
            + "and struck_time > #{since} order by struck_time desc")
    List<LocalDateTime> standingStrikes(@Param("userId") long userId, @Param("since") LocalDateTime since);

    @Select("select blocked_until from user_account where id = #{userId}")
    LocalDateTime blockedUntil(@Param("userId") long userId);

    /** Takes the student's row: their block is recomputed by one at a time. */
    @Select("select id from user_account where id = #{userId} for update")
    Long lockAccount(@Param("userId") long userId);

    /** Students whose block the strike rules decide now: strikes not forgiven since then, or blocked now. */
    @Select("select user_id from no_show_strike where forgiven_time is null and struck_time > #{since} "
            + "union select id from user_account where blocked_until > #{now} and blocked_until < "
            + SqlDialect.BEFORE_NULLS)
    List<Long> striking(@Param("since") LocalDateTime since, @Param("now") LocalDateTime now);

    /** The booking of the student's latest strike not forgiven; null when none. */
    @Select("select reservation_id from no_show_strike where user_id = #{userId} and forgiven_time is null "
            + "order by struck_time desc, id desc limit 1")
    Long latestStrike(@Param("userId") long userId);

    @Update("update user_account set blocked_until = #{until}, update_time = #{now} where id = #{userId}")
    int block(@Param("userId") long userId, @Param("until") LocalDateTime until, @Param("now") LocalDateTime now);

    /** A student's strikes, newest first, with the booking each was for. */
    @Select("select k.id, k.reservation_id, k.struck_time, k.forgiven_time, k.forgiven_by, k.forgive_reason, "
            + "s.slot_date, s.start_time, c.name as court_name "
            + "from no_show_strike k join reservation r on r.id = k.reservation_id "
            + "join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id "
            + "where k.user_id = #{userId} order by k.struck_time desc, k.id desc limit 200")
    List<Strike> strikes(@Param("userId") long userId);

    @Select("select user_id from no_show_strike where id = #{id} for update")
    Long lockStrike(@Param("id") long strikeId);

    @Update("update no_show_strike set forgiven_time = #{now}, forgiven_by = #{by}, forgive_reason = #{reason}, "
            + "update_time = #{now} where id = #{id} and forgiven_time is null")
    int forgive(
            @Param("id") long strikeId,
            @Param("by") String by,
            @Param("reason") String reason,
            @Param("now") LocalDateTime now);

    /** What the student books as (SPEC §21). */
    @Select("select category from user_account where id = #{userId}")
    Category categoryOf(@Param("userId") long userId);

    @Select("select id from user_account where student_id = #{studentId} and role = 'STUDENT'")
    Long studentNamed(@Param("studentId") String studentId);
}
