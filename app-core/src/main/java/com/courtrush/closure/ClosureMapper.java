package com.courtrush.closure;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
public interface ClosureMapper extends BaseMapper<Closure> {

    /**
     * The active slots a closure may cover, played from {@code first} to {@code last}: of a court, of a venue (of a
     * sport there), or of a sport everywhere. The caller keeps those whose time meets the closure's.
     */
    @Select("<script>select s.id, s.slot_date, s.start_time, s.end_time from time_slot s "
            + "join court c on c.id = s.court_id where s.active = true "
            + "and s.slot_date between #{first} and #{last}"
            + "<if test='courtId != null'> and c.id = #{courtId}</if>"
            + "<if test='venueId != null'> and c.venue_id = #{venueId}</if>"
            + "<if test='sport != null'> and c.sport = #{sport}</if>"
            + " order by s.slot_date, s.start_time, s.id</script>")
    List<Covered> covered(
            @Param("courtId") Long courtId,
            @Param("venueId") Long venueId,
            @Param("sport") String sport,
            @Param("first") LocalDate first,
            @Param("last") LocalDate last);

    /** A slot on sale in a closure's days. */
    record Covered(long id, LocalDate slotDate, java.time.LocalTime startTime, java.time.LocalTime endTime) {}
}
