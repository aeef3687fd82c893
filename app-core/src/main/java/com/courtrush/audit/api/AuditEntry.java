package com.courtrush.audit.api;

import java.time.LocalDateTime;

/**
 * One entry of the audit trail as staff read it: the engine's wording in the reader's language, a reason
 * staff typed as typed.
 *
 * @param actorRole the role a staff actor had when the entry was recorded (STAFF or MANAGER); null for any other
 *                  actor and for entries recorded before roles were
 */
public record AuditEntry(
        long id,
        String actor,
        String actorRole,
        String action,
        String targetType,
        String targetId,
        String detail,
        LocalDateTime time) {}
