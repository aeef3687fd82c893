package com.courtrush.account.api;

import java.util.Locale;

/**
 * Who books, for what a booking costs and where it may be made (SPEC §21): a category apart from the account's role,
 * from the campus directory, the student import or the console. Every account is a student's until told otherwise.
 */
public enum Category {
    STUDENT,
    FACULTY;

    /**
     * The category a word names: its name in any case, or its Chinese (学生, 教职工); null for a blank; refused with
     * the words of what was given otherwise.
     */
    public static Category parse(String word) {
        if (word == null || word.isBlank()) {
            return null;
        }
        String text = word.strip();
        return switch (text) {
            case "学生" -> STUDENT;
            case "教职工", "教工", "教师" -> FACULTY;
            default -> {
                try {
                    yield valueOf(text.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("Not a booking category: " + text + " (STUDENT or FACULTY)", e);
                }
            }
        };
    }
}
