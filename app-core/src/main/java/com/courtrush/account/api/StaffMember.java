package com.courtrush.account.api;

import java.time.LocalDateTime;

/** A staff account as managers see it (never its password hash). */
public record StaffMember(long id, String staffId, String name, Role role, boolean active, LocalDateTime createTime) {}
