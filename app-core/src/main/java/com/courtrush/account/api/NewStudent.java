package com.courtrush.account.api;

/** A student to create; {@code role} defaults to STUDENT. */
public record NewStudent(String studentId, String password, String name, Role role) {
    public NewStudent(String studentId, String password, String name) {
        this(studentId, password, name, Role.STUDENT);
    }
}
