package com.courtrush.share;

import com.courtrush.share.api.Holding;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The bookings that count against students' shares, read from the database, the last word. */
@Mapper
public interface ShareMapper {

    String COUNTS = "(r.holder_id is not null or r.cancel_reason = 'NO_SHOW')";

    /**
     * Played from {@code from} to {@code to}, said of the booking and of its slot (the same date): some students'
     * bookings are found by {@code (user_id, slot_date)}, everyone's by the slots of the dates. With the booking's
     * date alone H2 read every slot of every court and their bookings for an opening's warm-up (2 s on a year). The
     * partners' part of everyone's is read from the slots of the dates (the index named: else H2 reads every partner
     * ever asked); of some students', from their partners' rows.
     */
    String PLAYED = "r.slot_date between #{from} and #{to} and s.slot_date between #{from} and #{to}";

    String HOLDINGS = "<script>select * from ("
            + "select r.user_id, r.id as reservation_id, r.slot_id, r.session_id, c.name as court_name, s.slot_date, "
            + "s.start_time, s.end_time, false as as_partner, c.sport from reservation r join time_slot s on s.id = r.slot_id "
            + "join court c on c.id = s.court_id where " + COUNTS + " and " + PLAYED
            + "<if test='userIds != null'> and r.user_id in "
            + "(<foreach collection='userIds' item='id' separator=','>#{id}</foreach>)</if>"
            + "<if test='exceptSession != null'> and not (r.session_id = #{exceptSession} and r.holder_id is not null)</if>"
            + " union all "
            + "select p.partner_user_id, r.id, r.slot_id, r.session_id, c.name, s.slot_date, s.start_time, s.end_time, "
            + "true, c.sport from time_slot s <if test='userIds == null'>use index (idx_slot_date) </if>"
            + "join reservation r on r.slot_id = s.id "
            + "join booking_partner p on p.reservation_id = r.id join court c on c.id = s.court_id "
            + "where p.status = 'ACCEPTED' and " + COUNTS + " and " + PLAYED
            + "<if test='userIds != null'> and p.partner_user_id in "
            + "(<foreach collection='userIds' item='id' separator=','>#{id}</foreach>)</if>"
            + ") h order by user_id, slot_date, start_time</script>";

    /**
     * The bookings that count against shares and are played from {@code from} to {@code to}: of these students
     * ({@code null}: of all), without the active places of opening {@code exceptSession} (null: with). A plain read: what a transaction sees after locking the students' rows.
     */
    @Select(HOLDINGS)
    List<Holding> holdings(
            @Param("userIds") Collection<Long> userIds,
            @Param("from") LocalDate from,
            @Param("to") LocalDate to,
            @Param("exceptSession") Long exceptSession);

    /** Openings Redis may hold: not closed, of {@code from} or later. */
    @Select("select id from reserve_session where state <> 'CLOSED' and session_date >= #{from}")
    List<Long> liveFrom(@Param("from") LocalDate from);

    /** The accepted partners of a booking. */
    @Select("select partner_user_id from booking_partner where reservation_id = #{reservationId} "
            + "and status = 'ACCEPTED' and partner_user_id is not null")
    List<Long> partnersOf(@Param("reservationId") long reservationId);
}
