package com.courtrush.account.api;

/**
 * A student to create; {@code role} defaults to STUDENT; {@code category} is what they book as (SPEC §21) as the file
 * words it — STUDENT, FACULTY, 学生, 教职工 — blank or null for a student.
 */
public record NewStudent(String studentId, String password, String name, Role role, String category) {

    public NewStudent(String studentId, String password, String name, Role role) {
        this(studentId, password, name, role, null);
    }

    public NewStudent(String studentId, String password, String name) {
        this(studentId, password, name, Role.STUDENT, null);
    }
}
