package com.courtrush.account;

import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.account.api.Role;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/**
 * What {@code user_account} keeps of the campus directory's later word on the people it vouched for (issue 75, see
 * V34__directory_lookups.sql): when it last answered for an account, and since when it no longer lets them in.
 */
@Mapper
interface DirectoryMapper {

    /** The directory vouched for the person just now (a sign-in through it, a lookup): not left, checked now. */
    @Update("update user_account set directory_checked_time = #{now}, directory_left_time = null, "
            + "update_time = #{now} where id = #{id}")
    int vouched(@Param("id") long id, @Param("now") LocalDateTime now);

    /** The directory no longer lets the person in: marked from now, unless it was already. */
    @Update("update user_account set directory_left_time = #{now}, directory_checked_time = #{now}, "
            + "update_time = #{now} where id = #{id} and directory_left_time is null")
    int left(@Param("id") long id, @Param("now") LocalDateTime now);

    /**
     * Active accounts the directory {@code origin} made and still lets in, whose last word from it is older than
     * {@code staffBefore} (staff and managers) or {@code studentsBefore} (students), the longest unasked first.
     */
    @Select("select id as userId, student_id as studentId, role, directory_subject as subject from user_account "
            + "where origin = #{origin} and active = true and directory_left_time is null "
            + "and directory_subject is not null and (directory_checked_time is null "
            + "or (role <> 'STUDENT' and directory_checked_time < #{staffBefore}) "
            + "or directory_checked_time < #{studentsBefore}) "
            + "order by directory_checked_time, id limit #{limit}")
    List<Due> due(
            @Param("origin") String origin,
            @Param("staffBefore") LocalDateTime staffBefore,
            @Param("studentsBefore") LocalDateTime studentsBefore,
            @Param("limit") int limit);

    /** Takes an account due for a lookup, unless another node took it since {@code before}: 1 when taken. */
    @Update("update user_account set directory_checked_time = #{now}, update_time = #{now} where id = #{id} "
            + "and (directory_checked_time is null or directory_checked_time < #{before})")
    int claim(@Param("id") long id, @Param("now") LocalDateTime now, @Param("before") LocalDateTime before);

    /** An account taken for a lookup the directory did not answer: due again. */
    @Update("update user_account set directory_checked_time = null, update_time = #{now} where id = #{id}")
    int unclaim(@Param("id") long id, @Param("now") LocalDateTime now);

    /** The accounts the directory no longer lets in, the latest first. */
    @Select("select id, student_id as studentId, display_name as name, role, origin as source, "
            + "directory_left_time as leftAt from user_account where directory_left_time is not null "
            + "order by directory_left_time desc, id limit #{limit}")
    List<DirectoryLeaver> leavers(@Param("limit") int limit);

    /** An account due for the directory's word: who it is there ({@code subject}, as a sign-in bound it). */
    record Due(long userId, String studentId, Role role, String subject) {}
}
