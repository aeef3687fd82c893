package com.courtrush.venue;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;

@Mapper
public interface VenueMapper extends BaseMapper<Venue> {

    /** Each venue's sports: those of its active courts. */
    @Select("select distinct venue_id, sport from court where active = true order by venue_id, sport")
    List<VenueSport> sportsOfActiveCourts();

    /** A sport one of a venue's active courts is of. */
    record VenueSport(long venueId, String sport) {}
}
