package com.courtrush.reserve.record;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

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
     * times the recording lag). {@code payBy}: the deadline the bookings keep (issue 74).
     */
    @Insert("<script>insert into reservation (trace_id, user_id, slot_id, session_id, slot_date, status, holder_id, "
            + "pay_by, create_time, update_time) values <foreach collection='grants' item='g' separator=','>"
            + "(#{g.grant.traceId}, #{g.grant.userId}, #{g.grant.slotId}, #{g.grant.sessionId}, #{g.slotDate}, "
            + "'PENDING_PAYMENT', #{g.grant.userId}, #{payBy}, #{now}, #{now})</foreach></script>")
    int insertGranted(
            @Param("grants") List<Granted> grants,
            @Param("now") LocalDateTime now,
            @Param("payBy") LocalDateTime payBy);

    /** A grant and its slot's play date. */
    record Granted(ReserveMessage grant, LocalDate slotDate) {}
}
