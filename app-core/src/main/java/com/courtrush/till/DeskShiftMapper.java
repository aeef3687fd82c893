package com.courtrush.till;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Shifts. A shift is closed once, by compare-and-set on its open console. */
@Mapper
interface DeskShiftMapper extends BaseMapper<DeskShift> {

    @Select("select * from desk_shift where open_console = #{console}")
    DeskShift openAt(@Param("console") String console);

    /** The highest number a shift of {@code day} has (0: none yet). */
    @Select("select coalesce(max(day_no), 0) from desk_shift where shift_day = #{day}")
    int lastNumberOn(@Param("day") LocalDate day);

    /** The shifts opened from {@code from} (included) to {@code to} (excluded), oldest first. */
    @Select("select * from desk_shift where opened_time >= #{from} and opened_time < #{to} order by id")
    List<DeskShift> openedBetween(@Param("from") LocalDateTime from, @Param("to") LocalDateTime to);

    /** Closes an open shift with its sums; 1 when this call did. */
    @Update("update desk_shift set open_console = null, closed_time = #{s.closedTime}, closed_by = #{s.closedBy}, "
            + "cash_taken = #{s.cashTaken}, cash_back = #{s.cashBack}, card_taken = #{s.cardTaken}, "
            + "card_back = #{s.cardBack}, wechat_taken = #{s.wechatTaken}, wechat_back = #{s.wechatBack}, "
            + "counted_cash = #{s.countedCash}, receipts = #{s.receipts}, mismatches = #{s.mismatches}, "
            + "note = #{s.note}, update_time = #{s.closedTime} where id = #{s.id} and open_console is not null")
    int close(@Param("s") DeskShift closing);

    /** The display name of a staff account by its id (the part of an actor after "staff:"). */
    @Select("select display_name from user_account where student_id = #{staffId}")
    String nameOf(@Param("staffId") String staffId);
}
