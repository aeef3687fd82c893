package com.courtrush.desktop.students;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.ImportResult;
import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.account.api.StudentPage;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.DirectUiTasks;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.support.Workbooks;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudentsViewModelTest {

    static final Caller STAFF = Caller.atDesk(3, "t", Role.STAFF);

    final StudentDesk directory = mock(StudentDesk.class);
    final RecordingNotices notices = new RecordingNotices();
    final StudentsViewModel model =
            new StudentsViewModel(directory, new DirectUiTasks(notices), notices, I18n.of(I18n.ENGLISH), STAFF);

    @TempDir
    Path dir;

    Path csv(int rows, String extra) throws Exception {
        StringBuilder text = new StringBuilder("studentId,password,name\n");
        for (int i = 1; i <= rows; i++) {
            text.append("2024")
                    .append(String.format("%04d", i))
                    .append(",secret-")
                    .append(i)
                    .append(",Student ")
                    .append(i)
                    .append('\n');
        }
        text.append(extra);
        Path file = dir.resolve("students.csv");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void anImportGoesInChunksWithProgressAndSaysWhatItDid() throws Exception {
        when(directory.importPart(anyList(), eq(STAFF)))
                .thenAnswer(call -> new ImportResult(((List<?>) call.getArgument(0)).size() - 1, List.of("already")));
        when(directory.list(anyString(), anyInt(), anyInt())).thenReturn(new StudentPage(List.of(), 0, false));
        model.importCsv(csv(450, ""));
        verify(directory, times(3)).importPart(anyList(), eq(STAFF));
        verify(directory).recordImport("students.csv", 447, 3, STAFF);
        assertThat(model.progressProperty().get()).isEqualTo(1.0);
        assertThat(model.progressTextProperty().get()).isEqualTo("447 imported, 3 already present.");
        assertThat(model.importingProperty().get()).isFalse();
        assertThat(notices.failures).isEmpty();
    }

    @Test
    void aFileExcelSavedInGbkIsShownAsReadBeforeAnythingIsWrittenAndStaffMayStopThere() throws Exception {
        Path file = dir.resolve("gbk.csv");
        Files.write(
                file,
                "studentId,password,name\n2024101,secret-1,张三\n2024102,secret-2,李四\n"
                        .getBytes(java.nio.charset.Charset.forName("GBK")));
        notices.answer = false;
        model.importCsv(file);
        assertThat(notices.questions)
                .singleElement()
                .asString()
                .contains("GBK (GB18030)")
                .contains("2 students")
                .contains("2024101 张三");
        verify(directory, never()).importPart(any(), any());
        verify(directory, never()).recordImport(any(), anyInt(), anyInt(), any());
        assertThat(model.progressTextProperty().get()).isEqualTo("Not imported.");

        notices.answer = true;
        when(directory.importPart(anyList(), eq(STAFF))).thenReturn(new ImportResult(2, List.of()));
        when(directory.list(anyString(), anyInt(), anyInt())).thenReturn(new StudentPage(List.of(), 0, false));
        model.importCsv(file);
        verify(directory)
                .importPart(
                        List.of(
                                line(2, new NewStudent("2024101", "secret-1", "张三")),
                                line(3, new NewStudent("2024102", "secret-2", "李四"))),
                        STAFF);
    }

    /**
     * The template saved from the screen, in the console's language, as an Excel workbook (offered first) or as CSV
     * (issue 76: it was CSV only), imports back through the same path, as it is and once edited.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({"zh-CN,xlsx", "zh-CN,csv", "en,xlsx", "en,csv"})
    void theTemplateSavedInTheConsolesLanguageImportsBackAsItIsAndOnceEdited(String language, String extension)
            throws Exception {
        StudentsViewModel console = new StudentsViewModel(
                directory,
                new DirectUiTasks(notices),
                notices,
                I18n.of(java.util.Locale.forLanguageTag(language)),
                STAFF);
        boolean chinese = language.startsWith("zh");
        assertThat(console.templateName()).isEqualTo(chinese ? "学生名单模板.xlsx" : "students-template.xlsx");
        Path template = dir.resolve(console.templateName().replace(".xlsx", "." + extension));
        console.saveTemplate(template);

        String example = chinese ? "张三" : "Zhang San";
        String category = chinese ? "学生" : "STUDENT";
        List<String> header =
                chinese ? List.of("学号", "密码", "姓名", "身份") : List.of("studentId", "password", "name", "category");
        byte[] saved = Files.readAllBytes(template);
        if (extension.equals("xlsx")) {
            assertThat(Workbooks.text(saved))
                    .containsExactly(header, List.of("2024001", "ChangeMe2024", example, category));
            assertThat(Workbooks.rows(saved).get(1).get(0).getType())
                    .as("the student id a text cell, its leading zeros kept")
                    .isEqualTo(org.dhatim.fastexcel.reader.CellType.STRING);
        } else {
            assertThat(new String(saved, StandardCharsets.UTF_8))
                    .isEqualTo("\uFEFF" + String.join(",", header) + "\r\n2024001,ChangeMe2024," + example + ","
                            + category + "\r\n");
        }
        assertThat(notices.infos).last().asString().contains(template.toString());

        when(directory.importPart(anyList(), eq(STAFF))).thenReturn(new ImportResult(1, List.of()));
        when(directory.list(anyString(), anyInt(), anyInt())).thenReturn(new StudentPage(List.of(), 0, false));
        console.importCsv(template);
        verify(directory)
                .importPart(
                        List.of(line(2, new NewStudent("2024001", "ChangeMe2024", example, Role.STUDENT, category))),
                        STAFF);
        assertThat(notices.failures).isEmpty();
    }

    /** A workbook has no encoding: its preview says it read the workbook's sheet, never "read as UTF-8" (issue 76). */
    @Test
    void aWorkbooksPreviewTellsNoEncoding() throws Exception {
        Path file = dir.resolve("students.xlsx");
        Files.write(
                file,
                com.courtrush.core.Xlsx.write(
                        "学生", List.of(List.of("学号", "密码", "姓名"), List.of("2024201", "secret-1", "张三"))));
        notices.answer = false;
        model.importCsv(file);
        StudentsViewModel chinese =
                new StudentsViewModel(directory, new DirectUiTasks(notices), notices, I18n.of(I18n.CHINESE), STAFF);
        chinese.importCsv(file);
        assertThat(notices.questions).hasSize(2);
        assertThat(notices.questions.get(0))
                .asString()
                .startsWith("Read the workbook")
                .doesNotContain("UTF-8");
        assertThat(notices.questions.get(1))
                .asString()
                .startsWith("已读取工作簿的第一个工作表")
                .doesNotContain("编码")
                .doesNotContain("UTF-8");
    }

    /** Random bytes in a file named .xlsx: no readable workbook, damaged or no Excel file — not "save as CSV UTF-8". */
    @Test
    void randomBytesNamedXlsxAreToldTheyAreNoReadableWorkbook() throws Exception {
        Path file = dir.resolve("学生名单.xlsx");
        byte[] noise = new byte[2048];
        new java.util.Random(76).nextBytes(noise);
        Files.write(file, noise);
        model.importCsv(file);
        assertThat(notices.lastFailureMessage())
                .startsWith("The file is not a readable Excel workbook (.xlsx): it is damaged")
                .doesNotContain("neither UTF-8 nor GBK");
        verify(directory, never()).importPart(any(), any());
    }

    @Test
    void aListSavedByExcelAsAWorkbookImportsThroughTheSamePath() throws Exception {
        Path file = dir.resolve("students.xlsx");
        Files.write(
                file,
                com.courtrush.core.Xlsx.write(
                        "学生", List.of(List.of("学号", "密码", "姓名"), List.of(2024201, "secret-1", "张三"))));
        when(directory.importPart(anyList(), eq(STAFF))).thenReturn(new ImportResult(1, List.of()));
        when(directory.list(anyString(), anyInt(), anyInt())).thenReturn(new StudentPage(List.of(), 0, false));
        model.importCsv(file);
        assertThat(notices.questions).singleElement().asString().contains("2024201 张三");
        verify(directory).importPart(List.of(line(2, new NewStudent("2024201", "secret-1", "张三"))), STAFF);
    }

    @Test
    void aFileWithBadRowsImportsNothingAndNamesEachByItsLineInTheFile() throws Exception {
        // header on line 1, three good rows on lines 2-4: the bad one is line 5 of the file
        model.importCsv(csv(3, "bad id!,x,\n"));
        verify(directory, never()).importPart(any(), any());
        assertThat(notices.lastFailureMessage()).contains("line 5: the student id must be 1-32 letters");
        assertThat(model.progressTextProperty().get()).isEqualTo("Import stopped; nothing was imported.");
        assertThat(model.importingProperty().get()).isFalse();
    }

    @Test
    void theRowsWhatIsWrongReadsInChinese() throws Exception {
        StudentsViewModel chinese =
                new StudentsViewModel(directory, new DirectUiTasks(notices), notices, I18n.of(I18n.CHINESE), STAFF);
        chinese.importCsv(csv(1, "2024009,short,Ann\n"));
        assertThat(notices.lastFailureMessage()).contains("第 3 行：密码至少 6 个字符");
    }

    @Test
    void anImportStoppedPartWaySaysHowFarItGot() throws Exception {
        when(directory.importPart(anyList(), eq(STAFF)))
                .thenReturn(new ImportResult(200, List.of()))
                .thenThrow(new IllegalStateException("database gone"));
        model.importCsv(csv(450, ""));
        assertThat(model.progressTextProperty().get())
                .isEqualTo("Import stopped after 200 of 450; re-running it skips the students already imported.");
        verify(directory).recordImport("students.csv", 200, 0, STAFF);
    }

    @Test
    void passwordsAndAccountsAreManagedThroughTheDirectory() {
        Student student = new Student(8, "2024001", "Ann", com.courtrush.account.api.Role.STUDENT, true, null);
        when(directory.list(anyString(), anyInt(), anyInt())).thenReturn(new StudentPage(List.of(), 0, false));
        model.resetPassword(student, "new-secret");
        verify(directory).resetPassword(8, "new-secret", STAFF);
        model.setActive(student, false);
        verify(directory).setActive(8, false, STAFF);
    }

    private static StudentCsvLine line(long number, NewStudent student) {
        return new StudentCsvLine(number, student);
    }
}
