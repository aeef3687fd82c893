package com.courtrush.slot;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface TimeSlotMapper extends BaseMapper<TimeSlot> {

    /** Guard G1: takes that many places if the slot is active and has them free; 1 when taken. */
    @Update("update time_slot set booked = booked + #{places} where id = #{id} and active = true "
            + "and booked + #{places} <= capacity")
    int takePlaces(@Param("id") long id, @Param("places") int places);

    /** Gives one place back; call only in the transaction that ended an active reservation. */
    @Update("update time_slot set booked = booked - 1 where id = #{id} and booked > 0")
    int givePlaceBack(@Param("id") long id);

    @Select("select s.*, c.name as court_name from time_slot s join court c on c.id = s.court_id "
            + "where s.session_id = #{sessionId} order by s.start_time, c.name, s.id")
    List<SlotWithCourt> findBySessionWithCourt(@Param("sessionId") long sessionId);

    @Select("<script>select s.*, c.name as court_name from time_slot s join court c on c.id = s.court_id "
            + "where s.id in <foreach collection='ids' item='id' open='(' separator=',' close=')'>#{id}</foreach>"
            + "</script>")
    List<SlotWithCourt> findByIdsWithCourt(@Param("ids") List<Long> ids);
}
