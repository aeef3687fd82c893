package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An import's audit entry names the file by its own name: no folders, no control characters, never blank. */
class ImportFileNameTest {

    @Test
    void aFileIsNamedWithoutItsFolders() {
        assertThat(StudentDirectory.fileName("C:\\Users\\desk\\班级 2026.csv")).isEqualTo("班级 2026.csv");
        assertThat(StudentDirectory.fileName("/home/desk/class.csv")).isEqualTo("class.csv");
        assertThat(StudentDirectory.fileName("class\u0007.csv")).isEqualTo("class.csv");
    }

    @Test
    void noNameIsNone() {
        assertThat(StudentDirectory.fileName(null)).isNull();
        assertThat(StudentDirectory.fileName("  ")).isNull();
        assertThat(StudentDirectory.fileName("/home/desk/")).isNull();
        assertThat(StudentDirectory.fileName("x".repeat(300))).hasSize(200);
    }
}
