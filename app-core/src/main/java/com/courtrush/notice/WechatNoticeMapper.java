package com.courtrush.notice;

import com.courtrush.notice.api.WechatDelivery;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** The official account's notifications: the templates, the students' consents and muted kinds, the outbox. */
@Mapper
interface WechatNoticeMapper {

    /** Who of the notices {@code n} gets a delivery: the kind's template, bound at the account, a consent, not muted. */
    String DELIVERED_TO = "join wechat_template t on t.kind = n.kind "
            + "join wechat_openid b on b.user_id = n.user_id and b.app_id = #{appId} "
            + "join wechat_consent c on c.user_id = n.user_id and c.template_id = t.template_id and c.granted > 0 ";

    /** A delivery row for each notice {@code n} {@link #DELIVERED_TO} selects. */
    String INSERT_DELIVERY = "<script>insert into wechat_delivery (notice_id, user_id, kind, app_id, openid, "
            + "template_id, state, next_time, create_time) "
            + "select n.id, n.user_id, n.kind, b.app_id, b.openid, t.template_id, 'PENDING', #{now}, #{now} ";

    /** Neither muted nor delivered already (a notice posted again adds none). */
    String NOT_YET = "and not exists (select 1 from wechat_mute m where m.user_id = n.user_id and m.kind = n.kind) "
            + "and not exists (select 1 from wechat_delivery d where d.notice_id = n.id)</script>";

    @Select("select kind, template_id, fields from wechat_template order by kind")
    List<StoredTemplate> templates();

    @Delete("delete from wechat_template")
    int forgetTemplates();

    @Insert("insert into wechat_template (kind, template_id, fields, update_time) "
            + "values (#{kind}, #{templateId}, #{fields}, #{now})")
    int keepTemplate(
            @Param("kind") String kind,
            @Param("templateId") String templateId,
            @Param("fields") String fields,
            @Param("now") LocalDateTime now);

    /**
     * A delivery for each of these notices whose kind has a template, whose student is bound to the account and has a
     * consent of that template and has not muted the kind (one statement, in the notices' own transaction); a notice
     * posted again adds none.
     */
    @Insert(INSERT_DELIVERY + "from notice n " + DELIVERED_TO
            + "where n.message_id in <foreach item='m' collection='messageIds' open='(' separator=',' close=')'>#{m}"
            + "</foreach> " + NOT_YET)
    int enqueue(
            @Param("messageIds") List<String> messageIds,
            @Param("appId") String appId,
            @Param("now") LocalDateTime now);

    /** A WON delivery for each reservation the grants with these traces made (beside {@code NoticeMapper.postWon}). */
    @Insert(INSERT_DELIVERY + "from reservation r join notice n on n.message_id = concat('WON:', r.id) "
            + DELIVERED_TO
            + "where r.trace_id in <foreach item='t' collection='traces' open='(' separator=',' close=')'>#{t}"
            + "</foreach> " + NOT_YET)
    int enqueueWon(@Param("traces") List<String> traces, @Param("appId") String appId, @Param("now") LocalDateTime now);

    /** Deliveries due and not being sent by another node, oldest first. */
    @Select("select id from wechat_delivery where state = 'PENDING' and next_time <= #{now} "
            + "and (lease_until is null or lease_until < #{now}) order by id limit #{limit}")
    List<Long> due(@Param("now") LocalDateTime now, @Param("limit") int limit);

    /** Takes a due delivery for this node until {@code until}; 1 when it is this node's to send. */
    @Update("update wechat_delivery set lease_until = #{until}, attempts = attempts + 1, "
            + "retry_from = coalesce(retry_from, #{now}) where id = #{id} and state = 'PENDING' "
            + "and (lease_until is null or lease_until < #{now})")
    int claim(@Param("id") long id, @Param("now") LocalDateTime now, @Param("until") LocalDateTime until);

    @Select("select d.id, d.notice_id, d.user_id, d.kind, d.openid, d.template_id, d.consent_taken, d.attempts, "
            + "coalesce(d.retry_from, d.create_time) as tries_from, t.fields "
            + "from wechat_delivery d left join wechat_template t on t.kind = d.kind where d.id = #{id}")
    Outgoing outgoing(@Param("id") long id);

    /** The delivery takes one of its student's consents of its template: 1 when there was one. */
    @Update("update wechat_consent set granted = granted - 1, update_time = #{now} "
            + "where user_id = #{userId} and template_id = #{templateId} and granted > 0")
    int spendConsent(
            @Param("userId") long userId, @Param("templateId") String templateId, @Param("now") LocalDateTime now);

    @Update("update wechat_delivery set consent_taken = true where id = #{id}")
    int consentTaken(@Param("id") long id);

    /** A consent kept by a delivery that never reached WeChat, given back. */
    @Update("update wechat_consent set granted = granted + 1, update_time = #{now} "
            + "where user_id = #{userId} and template_id = #{templateId}")
    int giveBackConsent(
            @Param("userId") long userId, @Param("templateId") String templateId, @Param("now") LocalDateTime now);

    /** WeChat says the student has no consent of the template left: none is counted any more. */
    @Update("update wechat_consent set granted = 0, update_time = #{now} "
            + "where user_id = #{userId} and template_id = #{templateId}")
    int noConsentLeft(
            @Param("userId") long userId, @Param("templateId") String templateId, @Param("now") LocalDateTime now);

    @Update("update wechat_delivery set state = 'SENT', sent_time = #{now}, msg_id = #{msgId}, lease_until = null, "
            + "error = null where id = #{id}")
    int sent(@Param("id") long id, @Param("msgId") String msgId, @Param("now") LocalDateTime now);

    /** An end without sending (REFUSED, SKIPPED, FAILED), or a failed try to be tried again at {@code next} (PENDING). */
    @Update("update wechat_delivery set state = #{state}, next_time = #{next}, lease_until = null, error = #{error} "
            + "where id = #{id}")
    int ended(
            @Param("id") long id,
            @Param("state") String state,
            @Param("next") LocalDateTime next,
            @Param("error") String error);

    @Select("select count(*) from wechat_delivery where state = 'FAILED'")
    int givenUp();

    /** The given-up deliveries tried again from {@code now}, for as long again; how many. */
    @Update("update wechat_delivery set state = 'PENDING', attempts = 0, next_time = #{now}, retry_from = #{now}, "
            + "lease_until = null where state = 'FAILED'")
    int sendAgain(@Param("now") LocalDateTime now);

    /** The latest deliveries, newest first, with their students' ids. */
    @Select("select d.id, d.notice_id, u.student_id, d.kind, d.template_id, d.state, d.attempts, d.error, d.msg_id, "
            + "d.create_time, d.sent_time from wechat_delivery d join user_account u on u.id = d.user_id "
            + "order by d.id desc limit #{size}")
    List<WechatDelivery> latest(@Param("size") int size);

    /** The student's consents: how many notifications of each template WeChat will still take. */
    @Select("select template_id, granted from wechat_consent where user_id = #{userId} order by template_id")
    List<Consent> consents(@Param("userId") long userId);

    @Insert("insert into wechat_consent (user_id, template_id, granted, update_time) "
            + "values (#{userId}, #{templateId}, 1, #{now}) "
            + "on duplicate key update granted = granted + 1, update_time = #{now}")
    int consent(@Param("userId") long userId, @Param("templateId") String templateId, @Param("now") LocalDateTime now);

    @Select("select kind from wechat_mute where user_id = #{userId} order by kind")
    List<String> muted(@Param("userId") long userId);

    @Delete("delete from wechat_mute where user_id = #{userId}")
    int unmuteAll(@Param("userId") long userId);

    @Insert("insert into wechat_mute (user_id, kind) values (#{userId}, #{kind})")
    int mute(@Param("userId") long userId, @Param("kind") String kind);

    /** A student's account by their student id; null when there is none. */
    @Select("select id from user_account where student_id = #{studentId} and role = 'STUDENT'")
    Long studentNamed(@Param("studentId") String studentId);

    /** The openid the student is bound to at the account, if any. */
    @Select("select openid from wechat_openid where user_id = #{userId} and app_id = #{appId}")
    String openIdOf(@Param("userId") long userId, @Param("appId") String appId);

    record StoredTemplate(String kind, String templateId, String fields) {}

    /** A delivery as the sender needs it: its tries began at {@code triesFrom}; {@code fields} its template's now. */
    record Outgoing(
            long id,
            long noticeId,
            long userId,
            String kind,
            String openid,
            String templateId,
            boolean consentTaken,
            int attempts,
            LocalDateTime triesFrom,
            String fields) {}

    record Consent(String templateId, int granted) {}
}
