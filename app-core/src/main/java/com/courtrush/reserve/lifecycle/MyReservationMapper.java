package com.courtrush.reserve.lifecycle;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The query behind "my bookings": a student's reservations with their slot and court, newest first. */
@Mapper
interface MyReservationMapper {

    @Select("select r.id as reservation_id, r.trace_id, r.slot_id, r.session_id, r.status, r.cancel_reason, "
            + "r.note, r.create_time, s.slot_date, s.start_time, s.end_time, s.court_id, c.name as court_name, "
            + "s.price_cents, r.checked_in_time "
            + "from reservation r join time_slot s on s.id = r.slot_id join court c on c.id = s.court_id "
            + "where r.user_id = #{userId} and (r.cancel_reason is null or r.cancel_reason <> 'COMPENSATION') "
            + "order by r.id desc limit #{limit}")
    List<MyReservation> findMine(@Param("userId") long userId, @Param("limit") int limit);
}
