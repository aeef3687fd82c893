package com.courtrush.court;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDate;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
public interface CourtMapper extends BaseMapper<Court> {

    /** Locks the courts' rows until the transaction ends: slot generation for one court is serialized. */
    @Select("<script>select * from court where id in "
            + "<foreach collection='ids' item='id' open='(' separator=',' close=')'>#{id}</foreach> "
            + "order by id for update</script>")
    List<Court> lockByIds(@Param("ids") List<Long> ids);

    /** The court's active slots played on {@code from} or later. */
    @Select("select count(*) from time_slot where court_id = #{id} and active = true and slot_date >= #{from}")
    long slotsToCome(@Param("id") long id, @Param("from") LocalDate from);
}
