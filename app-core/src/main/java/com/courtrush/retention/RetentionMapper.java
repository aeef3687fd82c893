package com.courtrush.retention;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collection;
import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * The history's oldest rows, a batch at a time by id (rows are made in time order: the oldest come first, read from
 * the primary key, whatever the table's size), and their removal by id.
 */
@Mapper
interface RetentionMapper {

    String IDS = "<foreach collection='ids' item='id' open='(' separator=',' close=')'>#{id}</foreach>";

    @Select("select id, create_time as at, 'NOTICE' as kept from notice where id > #{after} order by id limit #{batch}")
    List<Stamped> notices(@Param("after") long after, @Param("batch") int batch);

    @Delete("<script>delete from notice where id in " + IDS + "</script>")
    int removeNotices(@Param("ids") Collection<Long> ids);

    /** What these notices' WeChat notifications left (their deliveries), removed with them. */
    @Delete("<script>delete from wechat_delivery where notice_id in " + IDS + "</script>")
    int removeWechatDeliveries(@Param("ids") Collection<Long> ids);

    /** Staff alerts, each with whether it is still to be sent (kept) or was sent or given up. */
    @Select("select id, create_time as at, state as kept from staff_alert where id > #{after} order by id "
            + "limit #{batch}")
    List<Stamped> staffAlerts(@Param("after") long after, @Param("batch") int batch);

    @Delete("<script>delete from staff_alert where id in " + IDS + "</script>")
    int removeStaffAlerts(@Param("ids") Collection<Long> ids);

    /** Opening reminders sent before {@code before}, at most {@code batch} (idx_opening_reminder_due). */
    @Delete("delete from opening_reminder where sent_time < #{before} limit #{batch}")
    int removeRemindersSent(@Param("before") LocalDateTime before, @Param("batch") int batch);

    /** Email codes expired before {@code before}, at most {@code batch} (two per student at most). */
    @Delete("delete from email_code where expire_time < #{before} limit #{batch}")
    int removeEmailCodes(@Param("before") LocalDateTime before, @Param("batch") int batch);

    @Select("select id, actor, actor_role, action, target_type, target_id, detail, create_time from audit_log "
            + "where id > #{after} order by id limit #{batch}")
    List<AuditRow> audit(@Param("after") long after, @Param("batch") int batch);

    @Delete("<script>delete from audit_log where id in " + IDS + "</script>")
    int removeAudit(@Param("ids") Collection<Long> ids);

    /** Waits with their slot's play date and court, and whether they are still live (waiting or offered). */
    @Select("select w.id, w.status, w.live_user_id is not null as live, s.slot_date, s.court_id "
            + "from waitlist_entry w join time_slot s on s.id = w.slot_id where w.id > #{after} order by w.id "
            + "limit #{batch}")
    List<Wait> waits(@Param("after") long after, @Param("batch") int batch);

    /**
     * Removes the waits of these ids, all between {@code first} and {@code last}: the range on the primary key keeps
     * the read to the batch's rows (MariaDB once read the whole small table for a long id list alone).
     */
    @Delete("<script>delete from waitlist_entry where id between #{first} and #{last} and id in " + IDS + "</script>")
    int removeWaits(@Param("first") long first, @Param("last") long last, @Param("ids") Collection<Long> ids);

    /** Adds offers that ended one way to a play date's and court's figure. */
    @Insert("insert into waitlist_offer_day (slot_date, court_id, status, offers, create_time, update_time) "
            + "values (#{day}, #{courtId}, #{status}, #{offers}, #{now}, #{now}) "
            + "on duplicate key update offers = offers + #{offers}, update_time = #{now}")
    int addOffers(
            @Param("day") LocalDate day,
            @Param("courtId") long courtId,
            @Param("status") String status,
            @Param("offers") int offers,
            @Param("now") LocalDateTime now);

    /** A row's id, when it was made, and what says whether it is kept whatever its age. */
    record Stamped(long id, LocalDateTime at, String kept) {}

    /** An audit entry as stored. */
    record AuditRow(
            long id,
            String actor,
            String actorRole,
            String action,
            String targetType,
            String targetId,
            String detail,
            LocalDateTime createTime) {}

    /** A wait, its slot's play date and court. */
    record Wait(long id, String status, boolean live, LocalDate slotDate, long courtId) {}
}
