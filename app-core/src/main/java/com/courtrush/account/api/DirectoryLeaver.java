package com.courtrush.account.api;

import java.time.LocalDateTime;

/**
 * An account the campus directory made and no longer lets in (issue 75: a graduate, a colleague who left the staff
 * group): its tokens ended at {@code leftAt}, its paid bookings stand, it books no more.
 *
 * @param source the directory that made it: {@code CAS}, {@code OIDC} or {@code LDAP}
 */
public record DirectoryLeaver(long id, String studentId, String name, Role role, String source, LocalDateTime leftAt) {}
