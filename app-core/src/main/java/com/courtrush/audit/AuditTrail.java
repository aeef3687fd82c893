package com.courtrush.audit;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.baomidou.mybatisplus.extension.plugins.pagination.Page;
import com.courtrush.core.Csv;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.EngineText;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
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
    /** The most entries one export holds. */
    public static final int EXPORT_MOST = 10_000;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

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
        Page<AuditLog> found = mapper.selectPage(Page.of(page, size), where(filter));
        return new PageOf<>(found.getRecords(), found.getTotal());
    }

    /** The newest {@code most} entries matching the filter (more than a page may hold), newest first. */
    public List<AuditLog> newest(Filter filter, int most) {
        return mapper.selectList(where(filter).last("limit " + most));
    }

    private static LambdaQueryWrapper<AuditLog> where(Filter filter) {
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
                        filter.to() == null ? null : filter.to().plusDays(1).atStartOfDay())
                .orderByDesc(AuditLog::getId);
    }

    /** What to find; null (or blank) parts match anything; dates are inclusive. */
    public record Filter(
            String targetType, String targetId, String actor, String action, LocalDate from, LocalDate to) {

        /** e.g. courtrush-audit-2026-11-25.csv, courtrush-audit-2026-11-01_2026-11-25.csv, courtrush-audit.csv */
        public String fileName() {
            if (from == null && to == null) {
                return "courtrush-audit.csv";
            }
            String first = from == null ? "" : from.toString();
            String last = to == null ? "" : to.toString();
            return "courtrush-audit-" + (first.equals(last) ? first : first + "_" + last) + ".csv";
        }
    }

    /**
     * The entries matching the filter as a CSV file, newest first, {@link #EXPORT_MOST} at most: time, actor,
     * action, target type and id, and the detail in {@code locale}; the header in {@code locale} too.
     */
    public byte[] export(Filter filter, Locale locale) {
        List<List<?>> rows = new ArrayList<>();
        rows.add(Stream.of("time", "actor", "action", "targetType", "targetId", "detail")
                .map(column -> EngineMessages.format(locale, "csv.audit." + column))
                .toList());
        for (AuditLog entry : newest(filter, EXPORT_MOST)) {
            rows.add(Arrays.asList(
                    entry.getCreateTime() == null ? null : TIME.format(entry.getCreateTime()),
                    entry.getActor(),
                    entry.getAction(),
                    entry.getTargetType(),
                    entry.getTargetId(),
                    entry.detailIn(locale)));
        }
        return Csv.write(rows);
    }

    /** Every action the trail holds, for a filter's choices. */
    public List<String> actions() {
        return mapper.actions();
    }

    /** Every actor of the trail that is not a student (staff, the console's desks, admin, the engine's jobs). */
    public List<String> staffActors() {
        return mapper.staffActors();
    }

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
