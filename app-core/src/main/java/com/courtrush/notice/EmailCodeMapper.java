package com.courtrush.notice;

import java.time.LocalDateTime;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** A student's email address, and the codes that prove it theirs or reset their password. */
@Mapper
interface EmailCodeMapper {

    @Select("select id, role, active, email, email_verified_time, origin from user_account where id = #{userId}")
    Account account(@Param("userId") long userId);

    @Select("select id, role, active, email, email_verified_time, origin from user_account "
            + "where student_id = #{studentId}")
    Account byStudentId(@Param("studentId") String studentId);

    /** A new address: not verified until its code comes back. */
    @Update("update user_account set email = #{email}, email_verified_time = null, update_time = #{now} "
            + "where id = #{userId}")
    int setEmail(@Param("userId") long userId, @Param("email") String email, @Param("now") LocalDateTime now);

    @Update("update user_account set email_verified_time = #{now}, update_time = #{now} "
            + "where id = #{userId} and email = #{email}")
    int verified(@Param("userId") long userId, @Param("email") String email, @Param("now") LocalDateTime now);

    @Update(
            "update user_account set email = null, email_verified_time = null, update_time = #{now} where id = #{userId}")
    int removeEmail(@Param("userId") long userId, @Param("now") LocalDateTime now);

    @Insert("insert into email_code (user_id, purpose, email, code_hash, expire_time, attempts, create_time) "
            + "values (#{userId}, #{purpose}, #{email}, #{hash}, #{expires}, 0, #{now}) "
            + "on duplicate key update email = #{email}, code_hash = #{hash}, expire_time = #{expires}, "
            + "attempts = 0, create_time = #{now}")
    int keep(
            @Param("userId") long userId,
            @Param("purpose") String purpose,
            @Param("email") String email,
            @Param("hash") String hash,
            @Param("expires") LocalDateTime expires,
            @Param("now") LocalDateTime now);

    @Select("select email, expire_time, attempts, create_time from email_code "
            + "where user_id = #{userId} and purpose = #{purpose}")
    Code find(@Param("userId") long userId, @Param("purpose") String purpose);

    @Update("update email_code set attempts = attempts + 1 where user_id = #{userId} and purpose = #{purpose}")
    int wrong(@Param("userId") long userId, @Param("purpose") String purpose);

    /** Uses a live code up: 1 when it was this one, not expired and not tried too often. */
    @Delete("delete from email_code where user_id = #{userId} and purpose = #{purpose} and code_hash = #{hash} "
            + "and attempts < #{most} and expire_time > #{now}")
    int use(
            @Param("userId") long userId,
            @Param("purpose") String purpose,
            @Param("hash") String hash,
            @Param("now") LocalDateTime now,
            @Param("most") int most);

    @Delete("delete from email_code where user_id = #{userId}")
    int forget(@Param("userId") long userId);

    /** {@code origin}: LOCAL, or CAS/OIDC for an account the campus directory made (it has no password here). */
    record Account(
            long id, String role, boolean active, String email, LocalDateTime emailVerifiedTime, String origin) {}

    record Code(String email, LocalDateTime expireTime, int attempts, LocalDateTime createTime) {}
}
