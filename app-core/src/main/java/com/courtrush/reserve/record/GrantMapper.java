package com.courtrush.reserve.record;

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
     * unique keys refuse the whole statement if any of them is a redelivery or a second place.
     */
    @Insert("<script>insert into reservation (trace_id, user_id, slot_id, session_id, slot_date, status, holder_id, "
            + "create_time, update_time) values <foreach collection='grants' item='g' separator=','>"
            + "(#{g.traceId}, #{g.userId}, #{g.slotId}, #{g.sessionId}, "
            + "(select s.slot_date from time_slot s where s.id = #{g.slotId}), 'PENDING_PAYMENT', #{g.userId}, #{now}, "
            + "#{now})</foreach></script>")
    int insertGranted(@Param("grants") List<ReserveMessage> grants, @Param("now") LocalDateTime now);
}
