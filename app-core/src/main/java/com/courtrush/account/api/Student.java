package com.courtrush.account.api;

import java.time.LocalDateTime;

/** An account as staff see it (never its password hash), with what it books as (SPEC §21). */
public record Student(
        long id,
        String studentId,
        String name,
        Role role,
        boolean active,
        LocalDateTime createTime,
        Category category) {

    public Student {
        category = category == null ? Category.STUDENT : category;
    }

    /** An account that books as a student. */
    public Student(long id, String studentId, String name, Role role, boolean active, LocalDateTime createTime) {
        this(id, studentId, name, role, active, createTime, Category.STUDENT);
    }
}
