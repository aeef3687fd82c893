package com.courtrush.desktop.ui;

import com.courtrush.account.api.Student;
import com.courtrush.account.desk.StudentDesk;
import java.util.Optional;

/** The student a desk worker typed the id of, as the list of students has them (a walk-in's, at the board or desk). */
public final class StudentLookup {

    private StudentLookup() {}

    /** The student with exactly this id, or none. */
    public static Optional<Student> named(StudentDesk students, String id) {
        return students.list(id, 1, 20).records().stream()
                .filter(s -> s.studentId().equals(id))
                .findFirst();
    }
}
