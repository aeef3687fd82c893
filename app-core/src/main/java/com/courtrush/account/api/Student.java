package com.courtrush.account.api;

import java.time.LocalDateTime;

/** An account as staff see it (never its password hash). */
public record Student(long id, String studentId, String name, Role role, boolean active, LocalDateTime createTime) {}
