package com.courtrush.audit;

import com.baomidou.mybatisplus.core.conditions.Wrapper;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.baomidou.mybatisplus.core.toolkit.Constants;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

@Mapper
interface AuditLogMapper extends BaseMapper<AuditLog> {

    /** A page of entries, newest first: its ids from an index alone, then their rows (see ReservationMapper#pageOf). */
    @Select("select a.* from (select id from audit_log ${ew.customSqlSegment}) page "
            + "join audit_log a on a.id = page.id order by a.id desc")
    List<AuditLog> pageOf(@Param(Constants.WRAPPER) Wrapper<AuditLog> page);

    /** The role (STAFF, MANAGER) of the staff account {@code staffId}; null when there is none. */
    @Select("select role from user_account where student_id = #{staffId} and role <> 'STUDENT'")
    String staffRoleOf(@Param("staffId") String staffId);

    /** Every staff account's id and role (STAFF, MANAGER) now. */
    @Select("select student_id as staff_id, role from user_account where role <> 'STUDENT'")
    List<StaffRole> staffRoles();

    /** A staff account's id and its role. */
    record StaffRole(String staffId, String role) {}

    /** Notes a filter choice (ACTION or ACTOR) once; a second note of it changes nothing. */
    @Insert(
            "insert into audit_choice (kind, choice, create_time, update_time) values (#{kind}, #{choice}, #{now}, #{now}) "
                    + "on duplicate key update choice = choice")
    int note(@Param("kind") String kind, @Param("choice") String choice, @Param("now") LocalDateTime now);

    /** The filter choices of a kind, in order. */
    @Select("select choice from audit_choice where kind = #{kind} order by choice")
    List<String> choices(@Param("kind") String kind);
}
