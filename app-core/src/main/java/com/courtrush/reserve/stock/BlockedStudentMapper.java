package com.courtrush.reserve.stock;

import com.courtrush.infra.config.SqlDialect;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** What the openings' copies of the blocked students are made from. */
@Mapper
interface BlockedStudentMapper {

    /**
     * Students whose no-show block ends after {@code now}, by {@code idx_user_blocked}, bounded above (the never
     * blocked are null: {@link SqlDialect#BEFORE_NULLS}).
     */
    @Select("select id as user_id, blocked_until from user_account "
            + "where blocked_until > #{now} and blocked_until < " + SqlDialect.BEFORE_NULLS)
    List<BlockedStudent> blockedAfter(@Param("now") LocalDateTime now);

    /** Openings Redis may hold or will hold soon: not closed, of {@code from} or later. */
    @Select("select id, session_date from reserve_session where state <> 'CLOSED' and session_date >= #{from}")
    List<OpenOpening> openFrom(@Param("from") LocalDate from);

    /** A student blocked until a time. */
    record BlockedStudent(long userId, LocalDateTime blockedUntil) {}

    /** An opening and its date (its keys expire after its day). */
    record OpenOpening(long id, LocalDate sessionDate) {}
}
