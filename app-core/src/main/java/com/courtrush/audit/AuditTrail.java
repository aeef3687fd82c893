package com.courtrush.audit;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.web.EngineText;
import java.util.List;
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

    public List<AuditLog> forTarget(String targetType, Object targetId) {
        return mapper.selectList(new LambdaQueryWrapper<AuditLog>()
                .eq(AuditLog::getTargetType, targetType)
                .eq(AuditLog::getTargetId, String.valueOf(targetId))
                .orderByAsc(AuditLog::getId));
    }
}
