package com.courtrush.notice;

import com.courtrush.core.EngineMessages;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** The notices, and what they are about, read with the booking's court and time. */
@Mapper
interface NoticeMapper {

    /** An unpaid booking's deadline, as {@code core.PayDeadline.given} reads it, before the slot's start caps it. */
    String DUE = "coalesce(r.pay_by, timestampadd(minute, #{minutes}, r.create_time))";

    /** The slot {@code s} starts after {@code from} and by {@code until} (its day and start time; a booking's window). */
    String STARTS_IN_WINDOW =
            "and (s.slot_date > #{fromDay} or (s.slot_date = #{fromDay} and s.start_time > #{fromTime})) "
                    + "and (s.slot_date < #{untilDay} or (s.slot_date = #{untilDay} and s.start_time <= #{untilTime})) ";

    /** One notice; a second post of the same message id changes nothing (0 or 2 rows touched: MySQL's count). */
    @Insert("insert into notice (message_id, user_id, kind, reservation_id, slot_id, params, create_time, "
            + "email_to, email_state, email_next_time) "
            + "values (#{messageId}, #{userId}, #{kind}, #{reservationId}, #{slotId}, #{params}, #{now}, "
            + "#{emailTo,jdbcType=VARCHAR}, #{emailState,jdbcType=VARCHAR}, #{now}) "
            + "on duplicate key update message_id = message_id")
    int post(
            @Param("messageId") String messageId,
            @Param("userId") long userId,
            @Param("kind") String kind,
            @Param("reservationId") Long reservationId,
            @Param("slotId") Long slotId,
            @Param("params") String params,
            @Param("now") LocalDateTime now,
            @Param("emailTo") String emailTo,
            @Param("emailState") String emailState);

    /** A WON notice for each reservation the grants with these traces made (one statement, in the consumer's). */
    @Insert("<script>insert into notice (message_id, user_id, kind, reservation_id, slot_id, params, create_time, "
            + "email_to, email_state, email_next_time) "
            + "select concat('WON:', r.id), r.user_id, 'WON', r.id, r.slot_id, #{params}, #{now}, "
            + "<if test='email'>u.email, case when u.email is null then null else 'PENDING' end, #{now} "
            + "from reservation r left join user_account u on u.id = r.user_id and u.email_verified_time is not null "
            + "</if><if test='!email'>null, null, null from reservation r </if>"
            + "where r.trace_id in <foreach item='t' collection='traces' open='(' separator=',' close=')'>#{t}"
            + "</foreach></script>")
    int postWon(
            @Param("traces") List<String> traces,
            @Param("params") String params,
            @Param("now") LocalDateTime now,
            @Param("email") boolean email);

    /** The student's address notices are emailed to: null unless verified. */
    @Select("select email from user_account where id = #{userId} and email_verified_time is not null")
    String verifiedEmail(@Param("userId") long userId);

    /** Notices whose email is due and not being sent by another node, oldest first. */
    @Select("select id from notice where email_state = 'PENDING' and email_next_time <= #{now} "
            + "and (email_lease_until is null or email_lease_until < #{now}) order by id limit #{limit}")
    List<Long> dueEmails(@Param("now") LocalDateTime now, @Param("limit") int limit);

    /**
     * Takes a due email for this node until {@code until}; 1 when it is this node's to send. Its tries count from the
     * first (an engine that was off for days gives its queued mail the whole window once it is back).
     */
    @Update("update notice set email_lease_until = #{until}, email_attempts = email_attempts + 1, "
            + "email_retry_from = coalesce(email_retry_from, #{now}) "
            + "where id = #{id} and email_state = 'PENDING' "
            + "and (email_lease_until is null or email_lease_until < #{now})")
    int claimEmail(@Param("id") long id, @Param("now") LocalDateTime now, @Param("until") LocalDateTime until);

    @Select("select message_id, email_to, email_attempts, coalesce(email_retry_from, create_time) as tries_from "
            + "from notice where id = #{id}")
    Outgoing outgoing(@Param("id") long id);

    /** How many emails were given up (FAILED): tried for as long as the settings say, until staff send them again. */
    @Select("select count(*) from notice where email_state = 'FAILED'")
    int givenUpEmails();

    /** The given-up emails tried again from {@code now}, for as long again; how many. */
    @Update("update notice set email_state = 'PENDING', email_attempts = 0, email_next_time = #{now}, "
            + "email_retry_from = #{now}, email_lease_until = null where email_state = 'FAILED'")
    int sendEmailsAgain(@Param("now") LocalDateTime now);

    @Update("update notice set email_state = 'SENT', email_sent_time = #{now}, email_lease_until = null, "
            + "email_error = null where id = #{id}")
    int emailSent(@Param("id") long id, @Param("now") LocalDateTime now);

    /** A failed send: tried again at {@code next} (state PENDING), or given up (FAILED). */
    @Update("update notice set email_state = #{state}, email_next_time = #{next}, email_lease_until = null, "
            + "email_error = #{error} where id = #{id}")
    int emailFailed(
            @Param("id") long id,
            @Param("state") String state,
            @Param("next") LocalDateTime next,
            @Param("error") String error);

    /**
     * Unpaid bookings not reminded yet, after {@code afterId}, in id order, at most {@code limit}: those whose deadline
     * falls in ({@code now}, {@code soon}] (the one each was given when won; for a row an older engine wrote without
     * one, its creation + {@code minutes}) and those whose slot starts by {@code soon} (due by the start, SPEC §12).
     * Only unpaid bookings are walked (idx_reservation_status_id).
     */
    @Select("select r.id, r.user_id, r.slot_id, r.create_time, r.pay_by, s.slot_date, s.start_time from reservation r "
            + "join time_slot s on s.id = r.slot_id where r.status = 'PENDING_PAYMENT' and r.id > #{afterId} "
            + "and ((" + DUE + " > #{now} and " + DUE + " <= #{soon}) "
            + "or s.slot_date < #{startByDay} or (s.slot_date = #{startByDay} and s.start_time <= #{startByTime})) "
            + "and not exists (select 1 from notice n where n.message_id = concat('PAY_DUE:', r.id)) "
            + "order by r.id limit #{limit}")
    List<Unpaid> unreminded(
            @Param("now") LocalDateTime now,
            @Param("soon") LocalDateTime soon,
            @Param("minutes") int minutes,
            @Param("startByDay") LocalDate startByDay,
            @Param("startByTime") LocalTime startByTime,
            @Param("afterId") long afterId,
            @Param("limit") int limit);

    /**
     * Paid bookings not checked in whose slot starts after {@code from} and by {@code until} that have not been
     * reminded yet, soonest first, at most {@code limit}.
     */
    @Select("select r.id, r.user_id, r.slot_id, s.slot_date, s.start_time from reservation r "
            + "join time_slot s on s.id = r.slot_id where r.status = 'CONFIRMED' and r.checked_in_time is null "
            + STARTS_IN_WINDOW
            + "and not exists (select 1 from notice n where n.message_id = concat('BOOKING_SOON:', r.id)) "
            + "order by s.slot_date, s.start_time, r.id limit #{limit}")
    List<Upcoming> unremindedBookings(
            @Param("fromDay") LocalDate fromDay,
            @Param("fromTime") LocalTime fromTime,
            @Param("untilDay") LocalDate untilDay,
            @Param("untilTime") LocalTime untilTime,
            @Param("limit") int limit);

    @Select("select n.id, n.kind, n.reservation_id, n.params, n.create_time, n.read_time, "
            + "s.slot_date, s.start_time, s.end_time, c.name as court_name, n.slot_id, v.name_zh as venue_zh, v.name_en as venue_en "
            + "from notice n left join time_slot s on s.id = n.slot_id left join court c on c.id = s.court_id left join venue v on v.id = c.venue_id "
            + "where n.id = #{id}")
    Row one(@Param("id") long id);

    @Select(
            "<script>select n.id, n.kind, n.reservation_id, n.params, n.create_time, n.read_time, "
                    + "s.slot_date, s.start_time, s.end_time, c.name as court_name, n.slot_id, v.name_zh as venue_zh, v.name_en as venue_en "
                    // the student's notices from the newest (before: Long.MAX_VALUE), in the order of idx_notice_user:
                    // a page of them, not all of them (H2 wants the index's columns in the ORDER BY, and MariaDB took
                    // the primary key for the id bound and walked every student's notices back to the 20th of theirs)
                    + "from notice n use index (idx_notice_user) left join time_slot s on s.id = n.slot_id "
                    + "left join court c on c.id = s.court_id left join venue v on v.id = c.venue_id "
                    + "where n.user_id = #{userId} and n.id &lt; #{before} order by n.user_id desc, n.id desc limit #{size}</script>")
    List<Row> page(@Param("userId") long userId, @Param("before") long before, @Param("size") int size);

    @Select("select count(*) from notice where user_id = #{userId} and read_time is null")
    int unread(@Param("userId") long userId);

    /**
     * The badge and the change stamp in one read of the student's notices (idx_notice_unread holds all three
     * columns): how many are unread, how many there are and the newest's id.
     */
    @Select("select coalesce(sum(case when read_time is null then 1 else 0 end), 0) as unread, count(*) as total, "
            + "coalesce(max(id), 0) as newest from notice where user_id = #{userId}")
    Badge badge(@Param("userId") long userId);

    /** What {@link #badge} read. */
    record Badge(int unread, int total, long newest) {}

    @Update("update notice set read_time = #{now} where user_id = #{userId} and id = #{id} and read_time is null")
    int read(@Param("userId") long userId, @Param("id") long id, @Param("now") LocalDateTime now);

    @Update("update notice set read_time = #{now} where user_id = #{userId} and read_time is null")
    int readAll(@Param("userId") long userId, @Param("now") LocalDateTime now);

    @Select("select count(*) from notice where user_id = #{userId} and id = #{id}")
    int owns(@Param("userId") long userId, @Param("id") long id);

    /** A notice as stored, with its booking's court, venue and time (null when it is about no booking). */
    record Row(
            long id,
            String kind,
            Long reservationId,
            String params,
            LocalDateTime createTime,
            LocalDateTime readTime,
            LocalDate slotDate,
            LocalTime startTime,
            LocalTime endTime,
            String courtName,
            Long slotId,
            String venueZh,
            String venueEn) {

        /** The court, and its venue when that is named apart from the gym (several venues, SPEC §21). */
        String courtIn(Locale locale) {
            String venue = EngineMessages.either(locale, venueZh, venueEn);
            return venue == null ? courtName : courtName + ", " + venue;
        }
    }

    /** A notice's email as the sender needs it; its tries began at {@code triesFrom}. */
    record Outgoing(String messageId, String emailTo, int emailAttempts, LocalDateTime triesFrom) {}

    /** {@code payBy}: the deadline the booking was given when won; null on a row an older engine wrote. */
    record Unpaid(
            long id,
            long userId,
            long slotId,
            LocalDateTime createTime,
            LocalDateTime payBy,
            LocalDate slotDate,
            LocalTime startTime) {}

    /**
     * The accepted partners of paid bookings not checked in whose slot starts after {@code from} and by {@code until}
     * that have not been reminded yet (the booking's id, the partner's user id), soonest first, at most
     * {@code limit}.
     */
    @Select("select r.id, p.partner_user_id as user_id, r.slot_id, s.slot_date, s.start_time from reservation r "
            + "join time_slot s on s.id = r.slot_id join booking_partner p on p.reservation_id = r.id "
            + "where r.status = 'CONFIRMED' and r.checked_in_time is null and p.status = 'ACCEPTED' "
            + "and p.partner_user_id is not null "
            + STARTS_IN_WINDOW
            + "and not exists (select 1 from notice n "
            + "where n.message_id = concat('BOOKING_SOON:', r.id, ':', p.partner_user_id)) "
            + "order by s.slot_date, s.start_time, r.id, p.id limit #{limit}")
    List<Upcoming> unremindedPartners(
            @Param("fromDay") LocalDate fromDay,
            @Param("fromTime") LocalTime fromTime,
            @Param("untilDay") LocalDate untilDay,
            @Param("untilTime") LocalTime untilTime,
            @Param("limit") int limit);

    /** A paid booking whose slot starts soon (for a partner's reminder: the partner's user id). */
    record Upcoming(long id, long userId, long slotId, LocalDate slotDate, LocalTime startTime) {}
}
