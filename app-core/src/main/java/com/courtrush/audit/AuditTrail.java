package com.courtrush.audit;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditEntry;
import com.courtrush.audit.api.AuditFilter;
import com.courtrush.audit.api.AuditPage;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.audit.api.AuditWords;
import com.courtrush.audit.api.SystemActor;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.EngineText;
import com.courtrush.core.SheetFormat;
import com.courtrush.infra.config.CappedCount;
import com.courtrush.infra.config.SqlDialect;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes and reads the audit trail. Actors: "admin", "staff:&lt;studentId&gt;" (with the role they had then),
 * "system:&lt;job&gt;".
 */
@Service
public class AuditTrail {

    public static final String SYSTEM_RECONCILER = SystemActor.RECONCILER.actor();
    public static final String SYSTEM_CONSUMER = SystemActor.CONSUMER.actor();
    public static final String SYSTEM_DLQ = SystemActor.DLQ.actor();
    public static final String SYSTEM_PUBLISHER = SystemActor.PUBLISHER.actor();
    public static final String SYSTEM_BACKUP = SystemActor.BACKUP.actor();

    private static final int DETAIL_MAX = 1024;
    private static final String STUDENT = "student:";
    private static final String STAFF = "staff:";
    private static final String ACTION = "ACTION";
    private static final String ACTOR = "ACTOR";
    /** The most entries one export holds. */
    public static final int EXPORT_MOST = 10_000;

    private final AuditLogMapper mapper;
    private final SqlDialect dialect;
    private final Clock clock;
    /** The filter choices this node has seen noted (and committed). */
    private final Set<String> noted = ConcurrentHashMap.newKeySet();

    AuditTrail(AuditLogMapper mapper, SqlDialect dialect, Clock clock) {
        this.mapper = mapper;
        this.dialect = dialect;
        this.clock = clock;
    }

    /** Records an action that needs no detail. */
    public void record(String actor, AuditAction action, AuditTarget target, Object targetId) {
        record(actor, action, target, targetId, (String) null);
    }

    /**
     * Records a detail the engine words: kept as its message key and arguments, so that staff read it in
     * their language ({@link AuditLog#detailIn}). A detail staff typed (a reason) is kept as typed.
     */
    public void record(String actor, AuditAction action, AuditTarget target, Object targetId, EngineText detail) {
        record(actor, action, target, targetId, detail == null ? null : AuditLog.encode(detail));
    }

    public void record(String actor, AuditAction action, AuditTarget target, Object targetId, String detail) {
        AuditLog row = new AuditLog();
        row.setActor(actor);
        // a staff member's role as it is now, kept with the entry: a manager reads as one, also after a change
        row.setActorRole(
                actor != null && actor.startsWith(STAFF) ? mapper.staffRoleOf(actor.substring(STAFF.length())) : null);
        row.setAction(action.code());
        row.setTargetType(target.code());
        row.setTargetId(String.valueOf(targetId));
        row.setDetail(detail == null || detail.length() <= DETAIL_MAX ? detail : detail.substring(0, DETAIL_MAX));
        mapper.insert(row);
        noteChoices(row.getActor(), action.code());
    }

    /** Entries matching the filter (each part optional), newest first, details in {@code locale}. */
    public AuditPage find(AuditFilter filter, int page, int size, Locale locale) {
        CappedCount total = CappedCount.of(mapper, matching(filter), AuditLog::getId, page, size);
        List<AuditLog> found =
                mapper.pageOf(where(filter).last("limit " + size + " offset " + (long) (page - 1) * size));
        return new AuditPage(
                found.stream().map(entry -> entry.entryIn(locale)).toList(), total.total(), total.capped());
    }

    /**
     * The newest {@code most} entries matching the filter (more than a page may hold), newest first, details in
     * {@code locale}.
     */
    public List<AuditEntry> newest(AuditFilter filter, int most, Locale locale) {
        return mapper.selectList(where(filter).last("limit " + most)).stream()
                .map(entry -> entry.entryIn(locale))
                .toList();
    }

    /**
     * The filter's entries, newest first — by actor or action in the order of their index where the database needs it
     * named ({@link SqlDialect}), so that a page reads a page.
     */
    private LambdaQueryWrapper<AuditLog> where(AuditFilter filter) {
        LambdaQueryWrapper<AuditLog> where = matching(filter);
        if (dialect.ordersByFixedColumns() && given(filter.actor())) {
            where.orderByDesc(AuditLog::getActor);
        } else if (dialect.ordersByFixedColumns() && given(filter.action())) {
            where.orderByDesc(AuditLog::getAction);
        }
        return where.orderByDesc(AuditLog::getId);
    }

    private static boolean given(String part) {
        return part != null && !part.isBlank();
    }

    private static LambdaQueryWrapper<AuditLog> matching(AuditFilter filter) {
        return new LambdaQueryWrapper<AuditLog>()
                .eq(
                        filter.targetType() != null && !filter.targetType().isBlank(),
                        AuditLog::getTargetType,
                        filter.targetType())
                .eq(filter.targetId() != null && !filter.targetId().isBlank(), AuditLog::getTargetId, filter.targetId())
                .eq(filter.actor() != null && !filter.actor().isBlank(), AuditLog::getActor, filter.actor())
                .eq(filter.action() != null && !filter.action().isBlank(), AuditLog::getAction, filter.action())
                .ge(
                        filter.from() != null,
                        AuditLog::getCreateTime,
                        filter.from() == null ? null : filter.from().atStartOfDay())
                .lt(
                        filter.to() != null,
                        AuditLog::getCreateTime,
                        filter.to() == null ? null : filter.to().plusDays(1).atStartOfDay());
    }

    /**
     * The entries matching the filter as a file for spreadsheets (an Excel workbook or CSV), newest first,
     * {@link #EXPORT_MOST} at most: time, who, what, the kind of record and the record, and the detail, all in words
     * in {@code locale} ({@link AuditWords}); the header (and the workbook's sheet name) in {@code locale} too.
     */
    public byte[] export(AuditFilter filter, SheetFormat format, Locale locale) {
        List<List<?>> rows = new ArrayList<>();
        rows.add(Stream.of("time", "actor", "action", "targetType", "targetId", "detail")
                .map(column -> EngineMessages.format(locale, "csv.audit." + column))
                .toList());
        for (AuditEntry entry : newest(filter, EXPORT_MOST, locale)) {
            // the same words as the console's Audit screen and its export (AuditWords), never the stored codes
            rows.add(Arrays.asList(
                    entry.time(), // a moment, which the workbook writes as an Excel date and time
                    AuditWords.who(entry, locale),
                    AuditWords.what(entry.action(), locale),
                    AuditWords.kind(entry.targetType(), locale),
                    AuditWords.record(entry.targetType(), entry.targetId(), locale),
                    entry.detail()));
        }
        return format.write(EngineMessages.format(locale, "xlsx.sheet.audit"), rows);
    }

    /** Every action the trail has held, for a filter's choices (noted as entries are written). */
    public List<String> actions() {
        return mapper.choices(ACTION);
    }

    /**
     * Every actor of the trail that is not a student (staff, the console's desks, admin, the engine's jobs), noted as
     * entries are written.
     */
    public List<String> staffActors() {
        return mapper.choices(ACTOR);
    }

    /**
     * The role each staff account has now (STAFF or MANAGER), by the name the trail gives it ("staff:m001"): for an
     * actor shown where no entry's recorded role is at hand (a filter's choice, a name inside a detail).
     */
    public Map<String, String> staffRoles() {
        return mapper.staffRoles().stream()
                .collect(Collectors.toUnmodifiableMap(
                        account -> STAFF + account.staffId(), AuditLogMapper.StaffRole::role, (a, b) -> a));
    }

    /** Notes an entry's action, and its actor unless a student, as filter choices: once each per node, once committed. */
    private void noteChoices(String actor, String action) {
        note(ACTION, action);
        if (!actor.startsWith(STUDENT)) {
            note(ACTOR, actor);
        }
    }

    private void note(String kind, String choice) {
        String key = kind + " " + choice;
        if (noted.contains(key)) {
            return;
        }
        mapper.note(kind, choice, LocalDateTime.now(clock));
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    noted.add(key);
                }
            });
        } else {
            noted.add(key);
        }
    }

    public List<AuditLog> forTarget(AuditTarget target, Object targetId) {
        return forTarget(target.code(), targetId);
    }

    public List<AuditLog> forTarget(String targetType, Object targetId) {
        return mapper.selectList(new LambdaQueryWrapper<AuditLog>()
                .eq(AuditLog::getTargetType, targetType)
                .eq(AuditLog::getTargetId, String.valueOf(targetId))
                .orderByAsc(AuditLog::getId));
    }
}
