package com.courtrush.closure;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
public interface CourtBlockMapper extends BaseMapper<CourtBlock> {

    /** A court's slots (on sale or not, not held by a block) played from {@code first} to {@code last}. */
    @Select("select id, slot_date, start_time, end_time, session_id from time_slot where court_id = #{courtId} "
            + "and block_id is null and slot_date between #{first} and #{last} order by slot_date, start_time, id")
    List<BlockSlot> unheld(
            @Param("courtId") long courtId, @Param("first") LocalDate first, @Param("last") LocalDate last);

    /** The slots a block holds from {@code first} on. */
    @Select("select id, slot_date, start_time, end_time, session_id from time_slot where block_id = #{blockId} "
            + "and slot_date >= #{first} order by slot_date, start_time, id")
    List<BlockSlot> heldFrom(@Param("blockId") long blockId, @Param("first") LocalDate first);

    @Select("select skip_date from court_block_skip where block_id = #{blockId} order by skip_date")
    List<LocalDate> skips(@Param("blockId") long blockId);

    @Insert("insert into court_block_skip (block_id, skip_date, actor, create_time) "
            + "values (#{blockId}, #{day}, #{actor}, #{now})")
    int skip(
            @Param("blockId") long blockId,
            @Param("day") LocalDate day,
            @Param("actor") String actor,
            @Param("now") LocalDateTime now);

    @Delete("delete from court_block_skip where block_id = #{blockId}")
    int forgetSkips(@Param("blockId") long blockId);

    /** A slot a block may hold or holds. */
    record BlockSlot(long id, LocalDate slotDate, LocalTime startTime, LocalTime endTime, long sessionId) {}
}
