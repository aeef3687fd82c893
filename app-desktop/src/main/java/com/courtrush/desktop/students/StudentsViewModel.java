package com.courtrush.desktop.students;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.ImportResult;
import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentCsvFile;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.core.SheetFormat;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ExportFile;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
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

    private final StudentDesk directory;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;

    private final StringProperty query = new SimpleStringProperty("");
    private final ObservableList<Student> rows = FXCollections.observableArrayList();
    private final LongProperty total = new SimpleLongProperty();
    private final StringProperty totalText = new SimpleStringProperty("");
    private final DoubleProperty progress = new SimpleDoubleProperty(0);
    private final StringProperty progressText = new SimpleStringProperty("");
    private final BooleanProperty importing = new SimpleBooleanProperty(false);

    public StudentsViewModel(StudentDesk directory, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.directory = directory;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    public void search() {
        String q = query.get();
        tasks.run(i18n.t("students.search"), () -> directory.list(q, 1, PAGE_SIZE), page -> {
            rows.setAll(page.records());
            total.set(page.total());
            totalText.set(
                    String.format(i18n.t(page.totalCapped() ? "students.totalMore" : "students.total"), page.total()));
        });
    }

    /**
     * Imports a CSV file or an Excel workbook: read (a CSV in UTF-8 or, as Excel saves it on Chinese Windows, GBK) and
     * checked first, then shown — in which encoding a CSV was read, how many students, the first few names — and only
     * if staff go on,
     * written in chunks, saying at each step what it does (n of m). A file with bad rows imports nothing and names
     * each by its line in the file, in the console's language.
     */
    public void importCsv(Path file) {
        importing.set(true);
        progress.set(0);
        progressText.set(i18n.t("students.reading"));
        tasks.run(
                i18n.t("students.import"),
                () -> read(file),
                preview -> {
                    if (!notices.confirm(preview.question())) {
                        importing.set(false);
                        progressText.set(i18n.t("students.importCancelled"));
                        return;
                    }
                    write(preview.lines(), file.getFileName().toString());
                },
                error -> {
                    importing.set(false);
                    progressText.set(i18n.t("students.importFailedNothing"));
                    notices.failed(i18n.t("students.import"), error);
                });
    }

    /**
     * The file read as what its name says it is (a workbook named .xlsx that is none is refused as such), checked,
     * each bad row named by its line in the file, and the question to ask before it is written: a CSV's encoding, a
     * workbook's sheet (it has no encoding).
     */
    private Preview read(Path file) throws java.io.IOException {
        StudentCsvFile read = StudentDesk.readFile(
                Files.readAllBytes(file),
                SheetFormat.ofFileName(file.getFileName().toString()).orElse(null));
        List<StudentCsvLine> lines = read.lines();
        List<ImportRowError> errors = StudentDesk.validate(lines);
        if (!errors.isEmpty()) {
            throw new InputRefused(i18n.t(
                    "students.badRows",
                    errors.size(),
                    errors.stream()
                            .limit(10)
                            .map(e -> i18n.t(
                                    "students.badRow", e.row(), e.message().in(i18n.locale())))
                            .collect(Collectors.joining("\n"))));
        }
        String sample = lines.stream()
                .limit(3)
                .map(line -> line.student().studentId() + " " + line.student().name())
                .collect(Collectors.joining(", "));
        String question = read.encoding()
                .map(charset -> i18n.t(
                        "students.preview",
                        charset.equals(StandardCharsets.UTF_8) ? "UTF-8" : "GBK (GB18030)",
                        lines.size(),
                        sample))
                .orElseGet(() -> i18n.t("students.previewWorkbook", lines.size(), sample));
        return new Preview(lines, question);
    }

    /**
     * Writes the students read, in chunks, with progress; then records the import in the audit trail as one entry
     * with the file's name (what was written of it, should a chunk fail).
     */
    private void write(List<StudentCsvLine> lines, String fileName) {
        AtomicInteger imported = new AtomicInteger();
        int total = lines.size();
        tasks.runWithProgress(
                i18n.t("students.import"),
                report -> {
                    report.update(0, i18n.t("students.progress", 0, total));
                    int created = 0;
                    int present = 0;
                    try {
                        for (int from = 0; from < total; from += CHUNK) {
                            List<StudentCsvLine> chunk = lines.subList(from, Math.min(total, from + CHUNK));
                            ImportResult result = directory.importPart(chunk, staff);
                            created += result.created();
                            present += result.alreadyPresent().size();
                            int done = Math.min(total, from + CHUNK);
                            imported.set(done);
                            report.update((double) done / total, i18n.t("students.progress", done, total));
                        }
                    } catch (RuntimeException failed) {
                        if (created + present > 0) {
                            directory.recordImport(fileName, created, present, staff);
                        }
                        throw failed;
                    }
                    directory.recordImport(fileName, created, present, staff);
                    return new int[] {created, present};
                },
                (fraction, message) -> {
                    progress.set(fraction);
                    progressText.set(message);
                },
                counts -> {
                    importing.set(false);
                    progressText.set(i18n.t("students.imported", counts[0], counts[1]));
                    notices.info(progressText.get());
                    search();
                },
                error -> {
                    importing.set(false);
                    progressText.set(
                            imported.get() == 0
                                    ? i18n.t("students.importFailedNothing")
                                    : i18n.t("students.importFailed", imported.get(), total));
                    notices.failed(i18n.t("students.import"), error);
                });
    }

    /**
     * Saves a student list to fill in — an Excel workbook or CSV (UTF-8 with BOM) by the file's extension (a workbook,
     * the extension added, when it has none; see {@link ExportFile}) — whose header is in the console's language
     * (学号,密码,姓名 or studentId,password,name) with one example student; {@link #importCsv} takes it back as it is.
     */
    public void saveTemplate(Path file) {
        ExportFile target = ExportFile.of(file);
        byte[] template = StudentDesk.template(i18n.locale(), target.format());
        tasks.run(
                i18n.t("students.template"),
                () -> {
                    Files.write(target.path(), template);
                    return target.path();
                },
                saved -> notices.info(i18n.t("students.templateSaved", saved)));
    }

    /** The file name the template is offered under: a workbook's, the save dialog offering CSV beside it. */
    public String templateName() {
        return i18n.t("students.templateFile");
    }

    public void resetPassword(Student student, String password) {
        tasks.run(
                i18n.t("students.resetPassword"),
                () -> {
                    directory.resetPassword(student.id(), password, staff);
                    return student;
                },
                done -> notices.info(i18n.t("students.passwordReset", student.studentId())));
    }

    public void setActive(Student student, boolean active) {
        tasks.run(
                i18n.t(active ? "students.enable" : "students.disable"),
                () -> directory.setActive(student.id(), active, staff),
                done -> search());
    }

    /** Sets what the student books as (managers; SPEC §21): their prices and venues from their next request on. */
    public void setCategory(Student student, Category category) {
        tasks.run(
                i18n.t("students.toggleCategory"), () -> directory.setCategory(student.id(), category, staff), done -> {
                    notices.info(i18n.t("students.categorySet", done.studentId(), i18n.of(done.category())));
                    search();
                });
    }

    public StringProperty queryProperty() {
        return query;
    }

    public ObservableList<Student> rows() {
        return rows;
    }

    public LongProperty totalProperty() {
        return total;
    }

    /** How many match, in words: "1000+" when the engine stopped counting (there are more). */
    public StringProperty totalTextProperty() {
        return totalText;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    /** A file read and checked, before anything is written: its lines, and what to ask before they are. */
    private record Preview(List<StudentCsvLine> lines, String question) {}

    public StringProperty progressTextProperty() {
        return progressText;
    }

    public BooleanProperty importingProperty() {
        return importing;
    }
}
