package com.courtrush.reserve.waitlist;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** The query behind a student's waits; and the openings whose offers the sweep looks at. */
@Mapper
interface MyWaitMapper {

    @Select("select w.session_id, w.slot_id, w.status, s.slot_date, s.start_time, s.end_time, c.name as court_name, "
            + "s.price_cents, w.offer_expires from waitlist_entry w join time_slot s on s.id = w.slot_id "
            + "join court c on c.id = s.court_id where w.live_user_id = #{userId} order by s.slot_date, s.start_time")
    List<MyWait> mine(@Param("userId") long userId);

    /** Openings with a live offer or wait: the only ones whose offers may come due. */
    @Select("select distinct session_id from waitlist_entry where status in ('WAITING', 'OFFERED')")
    List<Long> openingsWaiting();
}
