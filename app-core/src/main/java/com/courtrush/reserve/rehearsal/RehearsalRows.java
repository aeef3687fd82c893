package com.courtrush.reserve.rehearsal;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

/**
 * The rows a rehearsal's grants need in the database — their opening, its slots and court, their students — under
 * their ids' mirror images (below zero, so no table's counter moves), written only inside the transaction the
 * rehearsal always rolls back. A court disabled and a student with no password: neither could be used if one
 * were ever seen.
 */
@Mapper
interface RehearsalRows {

    @Insert("insert into court (id, name, active, active_name) values (#{id}, 'rehearsal', false, null)")
    void court(@Param("id") long id);

    @Insert("insert into reserve_session (id, session_date, flash_time, per_user_limit, state) "
            + "values (#{id}, #{date}, #{flash}, #{perUserLimit}, 'OPEN')")
    void opening(
            @Param("id") long id,
            @Param("date") LocalDate date,
            @Param("flash") LocalDateTime flash,
            @Param("perUserLimit") int perUserLimit);

    @Insert("<script>insert into time_slot (id, session_id, court_id, slot_date, start_time, end_time, capacity, "
            + "booked, active) values <foreach collection='slots' item='s' separator=','>(#{s.id}, #{sessionId}, "
            + "#{courtId}, #{s.date}, #{s.start}, #{s.end}, #{s.capacity}, 0, true)</foreach></script>")
    void slots(@Param("sessionId") long sessionId, @Param("courtId") long courtId, @Param("slots") List<Slot> slots);

    @Insert("<script>insert into user_account (id, student_id, display_name, role, active) values "
            + "<foreach collection='ids' item='id' separator=','>(#{id}, concat('~rehearsal', #{id}), 'rehearsal', "
            + "'STUDENT', true)</foreach></script>")
    void students(@Param("ids") List<Long> ids);

    /** A slot's row. */
    record Slot(long id, LocalDate date, LocalTime start, LocalTime end, int capacity) {}
}
