package com.courtrush.account;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import com.courtrush.account.api.Category;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface UserAccountMapper extends BaseMapper<UserAccount> {

    /** Writes the password hash alone (a staff change of the active flag meanwhile is kept). */
    @Update("update user_account set password_hash = #{hash}, update_time = #{now} where id = #{id}")
    int setPasswordHash(@Param("id") long id, @Param("hash") String hash, @Param("now") LocalDateTime now);

    /** Writes the active flag alone. */
    @Update("update user_account set active = #{active}, update_time = #{now} where id = #{id}")
    int setActive(@Param("id") long id, @Param("active") boolean active, @Param("now") LocalDateTime now);

    /** Writes the role alone. */
    @Update("update user_account set role = #{role}, update_time = #{now} where id = #{id}")
    int setRole(@Param("id") long id, @Param("role") String role, @Param("now") LocalDateTime now);

    /**
     * The address the campus directory gave, taken as verified (the university checked it), unless the student
     * already has one of their own.
     */
    @Update("update user_account set email = #{email}, email_verified_time = #{now}, update_time = #{now} "
            + "where id = #{id} and email is null")
    int takeDirectoryEmail(@Param("id") long id, @Param("email") String email, @Param("now") LocalDateTime now);

    /** Binds the account to the directory's person who first signed in to it through the directory. */
    @Update("update user_account set directory_subject = #{subject}, update_time = #{now} "
            + "where id = #{id} and directory_subject is null")
    int bindDirectorySubject(@Param("id") long id, @Param("subject") String subject, @Param("now") LocalDateTime now);

    /**
     * The ids of the active managers the gym made (not the campus directory), locked until the transaction ends (so two
     * changes cannot both take the last).
     */
    @Select("select id from user_account where role = 'MANAGER' and active = true and origin = 'LOCAL' "
            + "order by id for update")
    List<Long> lockActiveLocalManagers();

    /** What the account books as (SPEC §21). */
    @Update("update user_account set category = #{category}, update_time = #{now} where id = #{id}")
    int setCategory(@Param("id") long id, @Param("category") Category category, @Param("now") LocalDateTime now);

    /** Voids every token issued to the account so far: its generation moves on. */
    @Update("update user_account set token_generation = token_generation + 1, update_time = #{now} where id = #{id}")
    int endAllTokens(@Param("id") long id, @Param("now") LocalDateTime now);

    /** What decides whether the account's tokens still work; null when there is no such account. */
    @Select("select token_generation as generation, active, category from user_account where id = #{id}")
    TokenState tokenState(@Param("id") long id);

    /**
     * The account's current token generation, whether it may sign in at all, and what it books as (SPEC §21; null
     * read as a student's).
     */
    record TokenState(int generation, boolean active, Category category) {

        public TokenState(int generation, boolean active) {
            this(generation, active, Category.STUDENT);
        }
    }

    /** The token states of the active students, at most {@code limit} of them (the newest accounts first). */
    @Select("select id, token_generation as generation, active, category from user_account where role = 'STUDENT' "
            + "and active = true order by id desc limit #{limit}")
    List<TokenStateRow> studentTokenStates(@Param("limit") int limit);

    /** A student's token state, with the account's id. */
    record TokenStateRow(long id, int generation, boolean active, Category category) {}
}
