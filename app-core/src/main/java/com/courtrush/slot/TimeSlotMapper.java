package com.courtrush.slot;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface TimeSlotMapper extends BaseMapper<TimeSlot> {

    /**
     * Guard G1 for several slots in one statement: takes each slot's places if the slot is active and
     * has them free. Returns the number of slots it took them from; fewer than asked means at least
     * one slot did not have them, and the caller must roll back.
     */
    @Update("<script>update time_slot set booked = booked + " + PLACES_OF_ROW + ", update_time = #{now}"
            + " where id in (<foreach collection='places' item='p' separator=','>#{p.slotId}</foreach>)"
            + " and active = true and booked + " + PLACES_OF_ROW + " &lt;= capacity</script>")
    int takePlaces(@Param("places") List<Places> places, @Param("now") LocalDateTime now);

    /** The places {@link #takePlaces} asks of the row's slot. */
    String PLACES_OF_ROW =
            "case id <foreach collection='places' item='p'>when #{p.slotId} then #{p.places} </foreach>end";

    /** Places to take in one slot. */
    record Places(long slotId, int places) {}

    /** Gives one place back; call only in the transaction that ended an active reservation. */
    @Update("update time_slot set booked = booked - 1, update_time = #{now} where id = #{id} and booked > 0")
    int givePlaceBack(@Param("id") long id, @Param("now") LocalDateTime now);

    /** An opening's slots with their court, and the label of the class or team block holding one (SPEC §21). */
    @Select("select s.*, c.name as court_name, c.venue_id, c.sport, b.label as held_for from time_slot s "
            + "join court c on c.id = s.court_id left join court_block b on b.id = s.block_id "
            + "where s.session_id = #{sessionId} order by s.start_time, c.name, s.id")
    List<SlotWithCourt> findBySessionWithCourt(@Param("sessionId") long sessionId);

    @Select(
            "<script>select s.*, c.name as court_name, c.venue_id, c.sport from time_slot s join court c on c.id = s.court_id "
                    + "where s.id in <foreach collection='ids' item='id' open='(' separator=',' close=')'>#{id}</foreach>"
                    + "</script>")
    List<SlotWithCourt> findByIdsWithCourt(@Param("ids") List<Long> ids);

    /** The closures (SPEC §21) that meet the day from {@code from} to {@code until}: no slot is made in them. */
    @Select("select court_id, venue_id, sport, starts, ends from closure where starts < #{until} and ends > #{from}")
    List<ClosedHours> closedBetween(@Param("from") LocalDateTime from, @Param("until") LocalDateTime until);

    /**
     * A closure's court, or venue, or sport (a venue with a sport: that sport's courts there), and its time.
     *
     * @param courtId null unless a court is closed
     */
    record ClosedHours(Long courtId, Long venueId, String sport, LocalDateTime starts, LocalDateTime ends) {

        /** Whether it closes this court (of this venue and sport) from {@code start} to {@code end}. */
        boolean closes(long court, long venue, String courtSport, LocalDateTime start, LocalDateTime end) {
            boolean covers = courtId != null
                    ? courtId == court
                    : (venueId == null || venueId == venue) && (sport == null || sport.equals(courtSport));
            return covers && starts.isBefore(end) && ends.isAfter(start);
        }
    }

    /** The class and team blocks (SPEC §21) that hold a court on {@code day} (its ISO {@code weekday}), not skipped. */
    @Select("select b.id as block_id, b.court_id, b.starts, b.ends from court_block b where b.weekday = #{weekday} "
            + "and b.first_day <= #{day} and b.last_day >= #{day} and not exists (select 1 from court_block_skip k "
            + "where k.block_id = b.id and k.skip_date = #{day})")
    List<HeldHours> heldOn(@Param("day") LocalDate day, @Param("weekday") int weekday);

    /** A block's court and hours on a day. */
    record HeldHours(long blockId, long courtId, LocalTime starts, LocalTime ends) {

        /** Whether it holds this court from {@code start} to {@code end}. */
        boolean holds(long court, LocalTime start, LocalTime end) {
            return courtId == court && starts.isBefore(end) && ends.isAfter(start);
        }
    }
}
