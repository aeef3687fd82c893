package com.courtrush.reserve;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
public interface ReservationMapper extends BaseMapper<Reservation> {

    @Select("select * from reservation where trace_id = #{traceId}")
    Reservation findByTrace(@Param("traceId") String traceId);

    /** (slot_id, user_id) of every active reservation of an opening. */
    @Select("select slot_id, user_id from reservation where session_id = #{sessionId} and holder_id is not null")
    List<Holder> activeHolders(@Param("sessionId") long sessionId);

    @Select("select r.id as reservation_id, r.trace_id, r.slot_id, r.session_id, r.status, r.cancel_reason, "
            + "r.create_time, s.slot_date, s.start_time, s.end_time, s.court_id, c.name as court_name "
            + "from reservation r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id "
            + "where r.user_id = #{userId} and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION') "
            + "order by r.id desc limit #{limit}")
    List<MyReservation> findMine(@Param("userId") long userId, @Param("limit") int limit);

    /** One active place: who holds which slot. */
    record Holder(long slotId, long userId) {
    }
}
