package com.courtrush.audit.api;

import java.time.LocalDateTime;

/**
 * One entry of the audit trail as staff read it: the engine's wording in the reader's language, a reason
 * staff typed as typed.
 */
public record AuditEntry(
        long id, String actor, String action, String targetType, String targetId, String detail, LocalDateTime time) {}
