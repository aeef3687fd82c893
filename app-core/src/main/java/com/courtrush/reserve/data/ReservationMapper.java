package com.courtrush.reserve.data;

import com.baomidou.mybatisplus.core.conditions.Wrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.baomidou.mybatisplus.core.toolkit.Constants;
import com.courtrush.reserve.api.CancelReason;
import com.courtrush.reserve.api.ReservationStatus;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/**
 * The reservation table: a row read, locked, ended or confirmed by compare-and-set, the holders and holdings the
 * guards count, the students' locks recordings take turns on. (Recording's insert of granted places is
 * {@code record.GrantMapper}'s: it takes the grant message.)
 */
@Mapper
public interface ReservationMapper extends BaseMapper<Reservation> {

    /** The reservation a pay order (by its number) is for; null for none. */
    @Select("select reservation_id from pay_order where out_trade_no = #{outTradeNo}")
    Long reservationOfOrder(@Param("outTradeNo") String outTradeNo);

    /**
     * The accounts {@code text} names: by its student id, or by a part of its name ({@code like}: the text with the
     * LIKE pattern's own characters escaped). Reads every account (no index finds a part of a name), never a booking.
     */
    @Select("select id from user_account where student_id = #{text} or display_name like concat('%', #{like}, '%')")
    List<Long> accountsNamed(@Param("text") String text, @Param("like") String like);

    /**
     * The bookings played from {@code from} to {@code until} of the students of {@code groups} and, when
     * {@code orderEnding} is given (a text escaped as for {@link #accountsNamed}), those whose order number ends with
     * it: newest first, at most {@code limit}. A group's bookings are read through idx_reservation_user_date, those
     * dates' only: by the list, or with the students {@code joined} to them (SqlDialect). An order number's end is
     * looked for among the dates' bookings, each one's orders read by their index (counted: an EXISTS over weeks,
     * MariaDB answered by reading every pay order). Each part is picked in a table of its own (a union, or distinct),
     * which no database merges into the order and its limit: flat, MariaDB walked every booking in id order for the
     * newest (issue 77).
     */
    @Select("<script>select id from (<foreach collection='groups' item='group' separator=' union '>"
            + "select distinct r.id from reservation r<if test='joined'> join user_account u on u.id = r.user_id</if> "
            + "where <if test='joined'>u.id</if><if test='!joined'>r.user_id</if> in "
            + "(<foreach collection='group' item='id' separator=','>#{id}</foreach>) "
            + "and r.slot_date between #{from} and #{until}</foreach>"
            + "<if test='orderEnding != null'><if test='!groups.isEmpty()'> union </if>"
            + "select distinct r.id from reservation r where r.slot_date between #{from} and #{until} "
            + "and (select count(*) from pay_order p where p.reservation_id = r.id "
            + "and p.out_trade_no like concat('%', #{orderEnding})) &gt; 0</if>"
            + ") found order by id desc limit #{limit}</script>")
    List<Long> matching(
            @Param("from") LocalDate from,
            @Param("until") LocalDate until,
            @Param("groups") List<List<Long>> groups,
            @Param("joined") boolean joined,
            @Param("orderEnding") String orderEnding,
            @Param("limit") int limit);

    /**
     * A page of reservations: {@code page} holds the filter, its order and its limit. The page's ids are found first
     * from an index alone (the one the filter takes, read in the order asked for: a page, not every match), then
     * their rows — a plan the databases keep whatever their statistics say (MariaDB sorted all of a year's
     * confirmed bookings for a page of a hundred when it read whole rows).
     */
    @Select("select r.* from (select id from reservation ${ew.customSqlSegment}) page "
            + "join reservation r on r.id = page.id order by r.id desc")
    List<Reservation> pageOf(@Param(Constants.WRAPPER) Wrapper<Reservation> page);

    /** A slot's play date, which its bookings keep. */
    @Select("select slot_date from time_slot where id = #{slotId}")
    LocalDate slotDateOf(@Param("slotId") long slotId);

    @Select("select * from reservation where trace_id = #{traceId}")
    Reservation findByTrace(@Param("traceId") String traceId);

    /**
     * Locks the reservation's row until the transaction ends. Every change of a reservation's
     * status or of its pay orders takes this lock first, so they serialize without deadlocks.
     */
    @Select("select * from reservation where id = #{id} for update")
    Reservation lockById(@Param("id") long id);

    /** Ends an active reservation: compare-and-set from {@code from}; 1 when this call ended it. */
    @Update("update reservation set status = 'CANCELLED', cancel_reason = #{reason}, holder_id = null, "
            + "note = #{note}, update_time = #{now} where id = #{id} and status = #{from}")
    int cancel(
            @Param("id") long id,
            @Param("from") ReservationStatus from,
            @Param("reason") CancelReason reason,
            @Param("note") String note,
            @Param("now") LocalDateTime now);

    /** PENDING_PAYMENT → CONFIRMED; 1 when this call confirmed it. */
    @Update("update reservation set status = 'CONFIRMED', update_time = #{now} "
            + "where id = #{id} and status = 'PENDING_PAYMENT'")
    int confirm(@Param("id") long id, @Param("now") LocalDateTime now);

    /**
     * Ids of PENDING_PAYMENT reservations whose deadline passed by {@code now}, oldest first: the deadline each was
     * given when won ({@code pay_by}), or for a row an older engine wrote its creation + {@code minutes}.
     */
    @Select("select id from reservation where status = 'PENDING_PAYMENT' "
            + "and coalesce(pay_by, timestampadd(minute, #{minutes}, create_time)) <= #{now} "
            + "order by id limit #{limit}")
    List<Long> findOverdue(@Param("now") LocalDateTime now, @Param("minutes") int minutes, @Param("limit") int limit);

    /** Ids of PENDING_PAYMENT reservations whose slot started by then: due at its start at the latest. */
    @Select("select r.id from reservation r join time_slot s on s.id = r.slot_id where r.status = 'PENDING_PAYMENT' "
            + "and (s.slot_date < #{day} or (s.slot_date = #{day} and s.start_time <= #{time})) "
            + "order by r.id limit #{limit}")
    List<Long> findStartedUnpaid(@Param("day") LocalDate day, @Param("time") LocalTime time, @Param("limit") int limit);

    /** The venue of a booking's court (SPEC §21): whose desk it is. */
    @Select(
            "select c.venue_id from reservation r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id "
                    + "where r.id = #{id}")
    long venueOf(@Param("id") long reservationId);

    /** (slot_id, user_id) of every active reservation of an opening. */
    @Select("select slot_id, user_id from reservation where session_id = #{sessionId} and holder_id is not null")
    List<Holder> activeHolders(@Param("sessionId") long sessionId);

    /**
     * Locks the students' accounts until the transaction ends, in id order: recordings of one
     * student's grants take turns, so each counts the places the others recorded.
     */
    @Select("<script>select id from user_account where id in "
            + "(<foreach collection='userIds' item='id' separator=','>#{id}</foreach>) order by id for update</script>")
    List<Long> lockStudents(@Param("userIds") Collection<Long> userIds);

    /**
     * The active places of these students in these openings, with this transaction's own rows. A
     * plain read (a locking one took next-key locks that deadlocked consumers sharing a hot slot):
     * call it only after {@link #lockStudents}, the transaction's first statement, so that its
     * snapshot is taken after every earlier recording of these students committed.
     */
    @Select("<script>select session_id, user_id from reservation where holder_id is not null and user_id in "
            + "(<foreach collection='userIds' item='id' separator=','>#{id}</foreach>) and session_id in "
            + "(<foreach collection='sessionIds' item='id' separator=','>#{id}</foreach>)</script>")
    List<Holding> holdings(
            @Param("userIds") Collection<Long> userIds, @Param("sessionIds") Collection<Long> sessionIds);

    /** One active place of a student in an opening. */
    record Holding(long sessionId, long userId) {}

    /** Whether the student holds an active reservation of the slot (by whatever trace). */
    @Select("select count(*) > 0 from reservation where slot_id = #{slotId} and holder_id = #{userId}")
    boolean holds(@Param("slotId") long slotId, @Param("userId") long userId);

    /** Which of these trace ids the database has a row of (recorded or compensated). */
    @Select("<script>select trace_id from reservation where trace_id in "
            + "(<foreach collection='traceIds' item='t' separator=','>#{t}</foreach>)</script>")
    List<String> knownTraces(@Param("traceIds") Collection<String> traceIds);

    /** One active place: who holds which slot. */
    record Holder(long slotId, long userId) {}
}
