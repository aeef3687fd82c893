package com.courtrush.account;

import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * {@code token_revocation}: what ended (see V2__token_revocation.sql). {@code create_time} is the
 * database's own clock, so nodes compare it only with values it gave them.
 */
@Mapper
interface TokenRevocationMapper {

    @Insert("insert into token_revocation (user_id, token_id, expires_at) values (#{userId}, #{tokenId}, #{expiresAt})")
    int insert(
            @Param("userId") long userId,
            @Param("tokenId") String tokenId,
            @Param("expiresAt") LocalDateTime expiresAt);

    /** Every row that still matters. */
    @Select("select id, user_id, token_id, expires_at, create_time from token_revocation where expires_at > #{now}")
    List<Row> unexpired(@Param("now") LocalDateTime now);

    /** Rows written at or after {@code from} (database time), oldest first. */
    @Select("select id, user_id, token_id, expires_at, create_time from token_revocation "
            + "where create_time >= #{from} order by create_time, id")
    List<Row> writtenSince(@Param("from") LocalDateTime from);

    /** How many tokens of the account are signed out and not yet expired. */
    @Select("select count(*) from token_revocation where user_id = #{userId} and token_id is not null "
            + "and expires_at > #{now}")
    int countSignedOut(@Param("userId") long userId, @Param("now") LocalDateTime now);

    @Delete("delete from token_revocation where expires_at <= #{now}")
    int deleteExpired(@Param("now") LocalDateTime now);

    /** One row: a token ({@code tokenId}) or every earlier token of the account ({@code tokenId} null). */
    record Row(long id, long userId, String tokenId, LocalDateTime expiresAt, LocalDateTime createTime) {}
}
