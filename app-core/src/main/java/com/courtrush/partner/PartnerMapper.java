package com.courtrush.partner;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Partners of bookings, and what accepting needs to know of the bookings. */
@Mapper
interface PartnerMapper {

    /** A booking as naming and accepting partners see it; null when there is none. */
    @Select("select r.id as reservation_id, r.user_id, r.slot_id, r.session_id, r.holder_id is not null as active, "
            + "s.slot_date, s.start_time, s.end_time, c.sport from reservation r join time_slot s on s.id = r.slot_id "
            + "join court c on c.id = s.court_id "
            + "where r.id = #{id}")
    Booking booking(@Param("id") long reservationId);

    /** An active student account's id by student id; null for none (or a staff account). */
    @Select("select id from user_account where student_id = #{studentId} and role = 'STUDENT' and active = true")
    Long student(@Param("studentId") String studentId);

    /** Until when no-show strikes block the student (null: never blocked; may be past). */
    @Select("select blocked_until from user_account where id = #{userId}")
    LocalDateTime blockedUntil(@Param("userId") long userId);

    @Select("select display_name from user_account where id = #{userId}")
    String name(@Param("userId") long userId);

    /**
     * Names a student on a booking, or asks again one who declined or was withdrawn (same row, one more ask).
     * Called only when the row is new or not INVITED/ACCEPTED (checked under the booker's lock).
     */
    @Insert("insert into booking_partner (reservation_id, partner_student_id, partner_user_id, status, create_time, "
            + "asks, ask_time) values (#{reservationId}, #{studentId}, #{userId}, 'INVITED', #{now}, 1, #{now}) "
            + "on duplicate key update status = 'INVITED', asks = asks + 1, ask_time = #{now}, answer_time = null")
    int invite(
            @Param("reservationId") long reservationId,
            @Param("studentId") String studentId,
            @Param("userId") Long userId,
            @Param("now") LocalDateTime now);

    /** The student id named on this booking before, if it was: its status and how often it was asked. */
    @Select("select id, reservation_id, partner_student_id, partner_user_id, status, asks from booking_partner "
            + "where reservation_id = #{reservationId} and partner_student_id = #{studentId}")
    Row named(@Param("reservationId") long reservationId, @Param("studentId") String studentId);

    /**
     * The invitations the booker sent since then — each ask of a row last asked since then counts, so the bound is
     * never passed — and the earliest such ask (null with none).
     */
    @Select("select coalesce(sum(p.asks), 0) as asks, min(p.ask_time) as earliest from booking_partner p "
            + "join reservation r on r.id = p.reservation_id where r.user_id = #{bookerId} and p.ask_time > #{since}")
    Asked askedSince(@Param("bookerId") long bookerId, @Param("since") LocalDateTime since);

    record Asked(int asks, LocalDateTime earliest) {}

    /** Partners named on the booking and not out of it (invited or accepted). */
    @Select("select count(*) from booking_partner where reservation_id = #{reservationId} "
            + "and status in ('INVITED', 'ACCEPTED')")
    int standing(@Param("reservationId") long reservationId);

    /** The partners of these bookings, with the names of those who accepted. */
    @Select("<script>select p.id, p.reservation_id, p.partner_student_id, p.status, "
            + "case when p.status = 'ACCEPTED' then u.display_name end as name "
            + "from booking_partner p left join user_account u on u.id = p.partner_user_id "
            + "where p.status in ('INVITED', 'ACCEPTED') and p.reservation_id in "
            + "<foreach item='id' collection='ids' open='(' separator=',' close=')'>#{id}</foreach> "
            + "order by p.id</script>")
    List<Partners.Partner> ofBookings(@Param("ids") List<Long> reservationIds);

    /** The invitations waiting for this student's answer, of bookings still active and not ended. */
    @Select("select p.id, p.reservation_id, b.student_id as booker_student_id, b.display_name as booker_name, "
            + "s.slot_date, s.start_time, s.end_time, c.name as court_name "
            + "from booking_partner p join reservation r on r.id = p.reservation_id "
            + "join user_account b on b.id = r.user_id join time_slot s on s.id = r.slot_id "
            + "join court c on c.id = s.court_id "
            + "where p.partner_user_id = #{userId} and p.status = 'INVITED' and r.holder_id is not null "
            + "and s.slot_date >= #{today} order by s.slot_date, s.start_time")
    List<Partners.Invitation> invitations(@Param("userId") long userId, @Param("today") LocalDate today);

    @Select("select id, reservation_id, partner_student_id, partner_user_id, status, asks from booking_partner "
            + "where id = #{id} for update")
    Row lock(@Param("id") long id);

    @Select("select id from user_account where id = #{userId} for update")
    Long lockStudent(@Param("userId") long userId);

    @Update("update booking_partner set status = #{to}, answer_time = #{now} where id = #{id} and status = #{from}")
    int answer(
            @Param("id") long id, @Param("from") String from, @Param("to") String to, @Param("now") LocalDateTime now);

    record Booking(
            long reservationId,
            long userId,
            long slotId,
            long sessionId,
            boolean active,
            LocalDate slotDate,
            java.time.LocalTime startTime,
            java.time.LocalTime endTime,
            String sport) {}

    record Row(long id, long reservationId, String partnerStudentId, Long partnerUserId, String status, int asks) {}
}
