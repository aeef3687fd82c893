package com.courtrush.reserve.record;

import com.courtrush.account.api.Category;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * Recording's insert into the reservation table ({@code reserve.data.ReservationMapper} has the rest): it takes the
 * grant message, which is recording's, so it lives here rather than with the row.
 */
@Mapper
interface GrantMapper {

    /**
     * Granted places as PENDING_PAYMENT reservations held by their students, in one statement; the
     * unique keys refuse the whole statement if any of them is a redelivery or a second place. Each
     * row's play date is given, not read from its slot: a read of the slot in the insert is a locking
     * read on MariaDB, and two consumers sharing a slot then each waited to turn their shared lock
     * into the one their counter's update takes (the growth bench: twice the transactions, three
     * times the recording lag). {@code payBy}: the deadline the bookings keep (issue 74); each its price and the
     * category it was granted as, fixed as it is granted (SPEC §21).
     */
    @Insert("<script>insert into reservation (trace_id, user_id, slot_id, session_id, slot_date, status, holder_id, "
            + "pay_by, price_cents, category, create_time, update_time) values "
            + "<foreach collection='grants' item='g' separator=','>"
            + "(#{g.grant.traceId}, #{g.grant.userId}, #{g.grant.slotId}, #{g.grant.sessionId}, #{g.slotDate}, "
            + "'PENDING_PAYMENT', #{g.grant.userId}, #{payBy}, #{g.priceCents}, #{g.category}, #{now}, #{now})"
            + "</foreach></script>")
    int insertGranted(
            @Param("grants") List<Granted> grants,
            @Param("now") LocalDateTime now,
            @Param("payBy") LocalDateTime payBy);

    /** A grant, its slot's play date, what its student books as and what it costs them. */
    record Granted(ReserveMessage grant, LocalDate slotDate, int priceCents, Category category) {}

    /**
     * Locks the students' accounts until the transaction ends, in id order (recordings of one student's grants take
     * turns, so each counts the places the others recorded), reading each one's booking category, which prices the
     * grants — the lock's own row read, no statement more.
     */
    @Select("<script>select id, category from user_account where id in "
            + "(<foreach collection='userIds' item='id' separator=','>#{id}</foreach>) order by id for update</script>")
    List<Booker> lockBookers(@Param("userIds") Collection<Long> userIds);

    /** A student whose grants are recorded, and what they book as. */
    record Booker(long id, Category category) {}
}
