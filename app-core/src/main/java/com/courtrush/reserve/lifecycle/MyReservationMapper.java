package com.courtrush.reserve.lifecycle;

import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * The queries behind "my bookings": a student's reservations with their slot and court — the recent ones (play dates
 * from a day on) newest first, and the older ones a page at a time — each reading only the bookings it answers,
 * through the bookings' own play date (idx_reservation_user_date), whatever the student's past.
 *
 * <p>Each picks the student's bookings first, in a derived table with its own limit, and only then joins their slots
 * and courts: a database cannot merge such a table into the join, so it cannot start from the courts instead. Joined
 * flat, MariaDB did on a campus's year (40 courts, 30,000 students): it read every slot of the year through
 * idx_slot_court_date and sorted them, 13 ms on day one and 820 ms on day 365 (issue 77) — a plan that depended on
 * the optimizer's estimates, not on the data the request answers.
 */
@Mapper
interface MyReservationMapper {

    String COLUMNS = "select r.id as reservation_id, r.trace_id, r.slot_id, r.session_id, r.status, r.cancel_reason, "
            + "r.note, r.create_time, s.slot_date, s.start_time, s.end_time, s.court_id, c.name as court_name, "
            + "c.venue_id, c.sport, "
            + "coalesce(r.price_cents, s.price_cents) as price_cents, r.checked_in_time, r.pay_by from ";

    /** The chosen bookings ({@code r}, from a derived table) with their slots and courts. */
    String WITH_SLOTS = " r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id ";

    /** A student's bookings, picked by idx_reservation_user_date before anything is joined to them. */
    String THE_STUDENTS = "(select id, trace_id, slot_id, session_id, status, cancel_reason, note, create_time, "
            + "checked_in_time, pay_by, slot_date, price_cents from reservation where user_id = #{userId} and ";

    String NOT_COMPENSATED_HERE =
            "(cancel_reason is null or cancel_reason != 'COMPENSATION')"; // no <>: in a <script> too
    String NOT_COMPENSATED = "(r.cancel_reason is null or r.cancel_reason != 'COMPENSATION')";

    /** The student's bookings played on {@code from} or later, newest first, at most {@code limit}. */
    @Select(COLUMNS + THE_STUDENTS + "slot_date >= #{from} and " + NOT_COMPENSATED_HERE
            + " order by id desc limit #{limit})" + WITH_SLOTS + "order by r.id desc")
    List<MyReservation> findFrom(
            @Param("userId") long userId, @Param("from") LocalDate from, @Param("limit") int limit);

    /** The bookings of others the student accepted being a partner on, marked so, with the booker's name. */
    String PARTNER_COLUMNS = "select r.id as reservation_id, r.trace_id, r.slot_id, r.session_id, r.status, "
            + "r.cancel_reason, r.create_time, s.slot_date, s.start_time, s.end_time, s.court_id, "
            + "c.name as court_name, c.venue_id, c.sport, coalesce(r.price_cents, s.price_cents) as price_cents, r.checked_in_time, "
            + "true as as_partner, "
            + "u.display_name as booker_name "
            + "from booking_partner p join reservation r on r.id = p.reservation_id "
            + "join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id "
            + "join user_account u on u.id = r.user_id "
            + "where p.partner_user_id = #{userId} and p.status = 'ACCEPTED' and ";

    /** Older bookings' keyset: after the booking played on {@code afterDate} with id {@code afterId} (none: all). */
    String AFTER_PLAYED = "<if test='afterDate != null'> and (r.slot_date &lt; #{afterDate} or (r.slot_date = "
            + "#{afterDate} and r.id &lt; #{afterId}))</if>";

    String AFTER_PLAYED_HERE = "<if test='afterDate != null'> and (slot_date &lt; #{afterDate} or (slot_date = "
            + "#{afterDate} and id &lt; #{afterId}))</if>";

    /**
     * The bookings of others the student accepted being a partner on, played on {@code from} or later, newest first,
     * at most {@code limit}: through the student's accepted partnerships (idx_booking_partner_user), which the day's
     * cap on bookings a student appears on keeps to a few a day.
     */
    @Select(PARTNER_COLUMNS + "r.slot_date >= #{from} and " + NOT_COMPENSATED + " order by r.id desc limit #{limit}")
    List<MyReservation> partnerFrom(
            @Param("userId") long userId, @Param("from") LocalDate from, @Param("limit") int limit);

    /**
     * The bookings of others the student accepted being a partner on, played before {@code until}, in the order of
     * {@link #findBefore} and after the same booking, at most {@code size}.
     */
    @Select("<script>" + PARTNER_COLUMNS + "r.slot_date &lt; #{until} and " + NOT_COMPENSATED + AFTER_PLAYED
            + " order by r.slot_date desc, r.id desc limit #{size}</script>")
    List<MyReservation> partnerBefore(
            @Param("userId") long userId,
            @Param("until") LocalDate until,
            @Param("afterDate") LocalDate afterDate,
            @Param("afterId") Long afterId,
            @Param("size") int size);

    /** 1 when the student accepted being a partner on the booking, else 0. */
    @Select("select count(*) from booking_partner where reservation_id = #{id} and partner_user_id = #{userId} "
            + "and status = 'ACCEPTED'")
    int acceptedPartner(@Param("id") long reservationId, @Param("userId") long userId);

    /**
     * The student's bookings played before {@code until}, latest play date first, after the booking played on
     * {@code afterDate} with id {@code afterId} in that order (null: from the latest), at most {@code size}.
     */
    @Select("<script>" + COLUMNS + THE_STUDENTS + "slot_date &lt; #{until} and " + NOT_COMPENSATED_HERE
            + AFTER_PLAYED_HERE + " order by user_id desc, slot_date desc, id desc limit #{size})" + WITH_SLOTS
            + "order by r.slot_date desc, r.id desc</script>")
    List<MyReservation> findBefore(
            @Param("userId") long userId,
            @Param("until") LocalDate until,
            @Param("afterDate") LocalDate afterDate,
            @Param("afterId") Long afterId,
            @Param("size") int size);

    /** One booking's owner and play date, by its id; null for no booking. */
    @Select("select user_id, slot_date from reservation where id = #{id}")
    Played played(@Param("id") long reservationId);

    /** Whose a booking is, and when it is played. */
    record Played(long userId, LocalDate slotDate) {}
}
