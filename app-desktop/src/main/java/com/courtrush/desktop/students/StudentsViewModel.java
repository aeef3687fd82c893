package com.courtrush.desktop.students;

import com.courtrush.account.StudentCsv;
import com.courtrush.account.StudentDirectory;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.desktop.ui.InputRefused;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Students: find, import from CSV with progress, reset a password, disable or enable. An import is
 * checked whole before anything is written; it is then written in chunks (with progress), and a
 * re-run after a failure skips the students already imported.
 */
public final class StudentsViewModel {

    static final int CHUNK = 200;
    public static final int PAGE_SIZE = 500;

    private final StudentDirectory directory;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final String actor;

    private final StringProperty query = new SimpleStringProperty("");
    private final ObservableList<StudentDirectory.Student> rows = FXCollections.observableArrayList();
    private final LongProperty total = new SimpleLongProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty progressText = new SimpleStringProperty("");
    private final BooleanProperty importing = new SimpleBooleanProperty(false);

    public StudentsViewModel(StudentDirectory directory, UiTasks tasks, Notices notices, I18n i18n, String actor) {
        this.directory = directory;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.actor = actor;
    }

    public void search() {
        String q = query.get();
        tasks.run(i18n.t("students.search"), () -> directory.list(q, 1, PAGE_SIZE), page -> {
            rows.setAll(page.records());
            total.set(page.total());
        });
    }

    public void importCsv(Path file) {
        importing.set(true);
        progress.set(0);
        tasks.runWithProgress(i18n.t("students.import"), report -> {
            List<StudentDirectory.NewStudent> students = StudentCsv.parse(Files.readString(file,
                    StandardCharsets.UTF_8));
            List<StudentDirectory.RowError> errors = StudentDirectory.validate(students);
            if (!errors.isEmpty()) {
                throw new InputRefused(i18n.t("students.badRows", errors.size(), errors.stream()
                        .limit(10).map(e -> i18n.t("students.badRow", e.row(), e.message()))
                        .collect(Collectors.joining("\n"))));
            }
            int created = 0;
            int present = 0;
            for (int from = 0; from < students.size(); from += CHUNK) {
                List<StudentDirectory.NewStudent> chunk = students.subList(from, Math.min(students.size(), from + CHUNK));
                StudentDirectory.ImportResult result = directory.importStudents(chunk);
                created += result.created();
                present += result.alreadyPresent().size();
                int done = Math.min(students.size(), from + CHUNK);
                report.update((double) done / students.size(), i18n.t("students.progress", done, students.size()));
            }
            return new int[] {created, present};
        }, (fraction, message) -> {
            progress.set(fraction);
            progressText.set(message);
        }, counts -> {
            importing.set(false);
            progressText.set(i18n.t("students.imported", counts[0], counts[1]));
            notices.info(progressText.get());
            search();
        }, error -> {
            importing.set(false);
            progressText.set(i18n.t("students.importFailed"));
            notices.failed(i18n.t("students.import"), error);
        });
    }

    public void resetPassword(StudentDirectory.Student student, String password) {
        tasks.run(i18n.t("students.resetPassword"), () -> {
            directory.resetPassword(student.id(), password, actor);
            return student;
        }, done -> notices.info(i18n.t("students.passwordReset", student.studentId())));
    }

    public void setActive(StudentDirectory.Student student, boolean active) {
        tasks.run(i18n.t(active ? "students.enable" : "students.disable"),
                () -> directory.setActive(student.id(), active, actor), done -> search());
    }

    public StringProperty queryProperty() {
        return query;
    }

    public ObservableList<StudentDirectory.Student> rows() {
        return rows;
    }

    public LongProperty totalProperty() {
        return total;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public StringProperty progressTextProperty() {
        return progressText;
    }

    public BooleanProperty importingProperty() {
        return importing;
    }
}
