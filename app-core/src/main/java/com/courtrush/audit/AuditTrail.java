package com.courtrush.audit;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.extension.plugins.pagination.Page;
import com.courtrush.core.EngineText;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;

/** Writes and reads the audit trail. Actors: "admin", "staff:&lt;studentId&gt;", "system:&lt;job&gt;". */
@Service
public class AuditTrail {

    public static final String SYSTEM_RECONCILER = "system:reconciler";
    public static final String SYSTEM_CONSUMER = "system:consumer";
    public static final String SYSTEM_DLQ = "system:dlq";
    public static final String SYSTEM_PUBLISHER = "system:publisher";
    public static final String SYSTEM_BACKUP = "system:backup";

    private static final int DETAIL_MAX = 1024;

    private final AuditLogMapper mapper;

    AuditTrail(AuditLogMapper mapper) {
        this.mapper = mapper;
    }

    /** Records an action that needs no detail. */
    public void record(String actor, String action, String targetType, Object targetId) {
        record(actor, action, targetType, targetId, (String) null);
    }

    /**
     * Records a detail the engine words: kept as its message key and arguments, so that staff read it in
     * their language ({@link AuditLog#detailIn}). A detail staff typed (a reason) is kept as typed.
     */
    public void record(String actor, String action, String targetType, Object targetId, EngineText detail) {
        record(actor, action, targetType, targetId, detail == null ? null : AuditLog.encode(detail));
    }

    public void record(String actor, String action, String targetType, Object targetId, String detail) {
        AuditLog row = new AuditLog();
        row.setActor(actor);
        row.setAction(action);
        row.setTargetType(targetType);
        row.setTargetId(String.valueOf(targetId));
        row.setDetail(detail == null || detail.length() <= DETAIL_MAX ? detail : detail.substring(0, DETAIL_MAX));
        mapper.insert(row);
    }

    /** Entries matching the filter (each part optional), newest first. */
    public PageOf<AuditLog> find(Filter filter, int page, int size) {
        LambdaQueryWrapper<AuditLog> where = new LambdaQueryWrapper<AuditLog>()
                .eq(
                        filter.targetType() != null && !filter.targetType().isBlank(),
                        AuditLog::getTargetType,
                        filter.targetType())
                .eq(filter.targetId() != null && !filter.targetId().isBlank(), AuditLog::getTargetId, filter.targetId())
                .eq(filter.actor() != null && !filter.actor().isBlank(), AuditLog::getActor, filter.actor())
                .ge(
                        filter.from() != null,
                        AuditLog::getCreateTime,
                        filter.from() == null ? null : filter.from().atStartOfDay())
                .lt(
                        filter.to() != null,
                        AuditLog::getCreateTime,
                        filter.to() == null ? null : filter.to().plusDays(1).atStartOfDay())
                .orderByDesc(AuditLog::getId);
        Page<AuditLog> found = mapper.selectPage(Page.of(page, size), where);
        return new PageOf<>(found.getRecords(), found.getTotal());
    }

    /** What to find; null (or blank) parts match anything; dates are inclusive. */
    public record Filter(String targetType, String targetId, String actor, LocalDate from, LocalDate to) {}

    /** One entry as staff read it: the engine's wording in {@code locale}, a reason staff typed as typed. */
    public record Entry(
            long id,
            String actor,
            String action,
            String targetType,
            String targetId,
            String detail,
            LocalDateTime time) {
        public static Entry of(AuditLog log, Locale locale) {
            return new Entry(
                    log.getId(),
                    log.getActor(),
                    log.getAction(),
                    log.getTargetType(),
                    log.getTargetId(),
                    log.detailIn(locale),
                    log.getCreateTime());
        }
    }

    /** A page of entries and how many match. */
    public record PageOf<T>(List<T> records, long total) {}

    public List<AuditLog> forTarget(String targetType, Object targetId) {
        return mapper.selectList(new LambdaQueryWrapper<AuditLog>()
                .eq(AuditLog::getTargetType, targetType)
                .eq(AuditLog::getTargetId, String.valueOf(targetId))
                .orderByAsc(AuditLog::getId));
    }
}
