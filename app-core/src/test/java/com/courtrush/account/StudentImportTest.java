package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.account.api.Category;
import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.StudentCsvFile;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.Xlsx;
import com.courtrush.support.WorkbookBombs;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class StudentImportTest {

    @Test
    void csvWithAHeaderInAnyCaseAndABomIsRead() {
        List<NewStudent> rows = StudentCsv.parse(
                "\uFEFFStudentID,Password,Name\n2024001,secret01,张三\n\n 2024002 , secret02 ,\"Li, Si\"\n");
        assertThat(rows).extracting(NewStudent::studentId).containsExactly("2024001", "2024002");
        assertThat(rows.get(0).name()).isEqualTo("张三");
        assertThat(rows.get(1).name()).isEqualTo("Li, Si");
        assertThat(rows.get(1).password()).isEqualTo("secret02");
    }

    /** A Chinese office's headers (学号,密码,姓名), in any order, as an Excel file saved in GBK brings them. */
    @Test
    void chineseHeadersAreReadAsTheirColumnsAndTwoNamesForOneColumnAreRefused() {
        String list = "姓名,学号,密码\n马刚,2024008,secret08\n";
        StudentCsv.Decoded gbk = StudentCsv.decode(list.getBytes(java.nio.charset.Charset.forName("GBK")));
        NewStudent read = StudentCsv.parse(gbk.text()).get(0);
        assertThat(read.studentId()).isEqualTo("2024008");
        assertThat(read.password()).isEqualTo("secret08");
        assertThat(read.name()).isEqualTo("马刚");
        assertThat(StudentCsv.parse("学号,password,Name\n2024009,secret09,A\n")
                        .get(0)
                        .studentId())
                .isEqualTo("2024009");
        assertThatThrownBy(() -> StudentCsv.parse("学号,studentId,密码,姓名\n1,1,secret01,A\n"))
                .isInstanceOf(CourtRushException.class)
                .hasMessageContaining("studentId");
        assertThatThrownBy(() -> StudentCsv.parse("编号,密码,姓名\n1,secret01,A\n"))
                .isInstanceOf(CourtRushException.class)
                .satisfies(e -> assertThat(((CourtRushException) e).message(Locale.SIMPLIFIED_CHINESE))
                        .contains("学号,密码,姓名"));
    }

    /** A list Excel saved as a workbook: the same headers, ids typed as numbers, rows named as the sheet numbers them. */
    @Test
    void anExcelWorkbookIsReadAsItsCsvWouldBe() {
        byte[] workbook = Xlsx.write(
                "学生",
                Arrays.asList(
                        List.of("学号", "密码", "姓名"),
                        List.of(2024001, "secret01", "张三"),
                        null,
                        List.of("2024003", 123456, "Li, Si")));
        StudentCsvFile read = StudentCsv.read(workbook, null);
        assertThat(read.lines()).extracting(StudentCsvLine::number).containsExactly(2L, 4L);
        assertThat(read.lines())
                .extracting(StudentCsvLine::student)
                .containsExactly(
                        new NewStudent("2024001", "secret01", "张三"), new NewStudent("2024003", "123456", "Li, Si"));
        assertThatThrownBy(() -> StudentCsv.read(Xlsx.write("x", List.of(List.of("编号", "密码", "姓名"))), null))
                .isInstanceOf(CourtRushException.class)
                .hasMessageContaining("studentId,password,name");
        byte[] broken = Arrays.copyOf(workbook, 64); // a zip's header, then nothing
        assertThatThrownBy(() -> StudentCsv.read(broken, null))
                .isInstanceOf(CourtRushException.class)
                .satisfies(e -> assertThat(((CourtRushException) e).message(Locale.SIMPLIFIED_CHINESE))
                        .contains("Excel 工作簿"));
    }

    /**
     * Workbooks of a few hundred kilobytes that unpack to what no student list is (issue 73): one cell of 40 MB, rows
     * again and again, and a row numbered past any list. Each is refused in words naming the limit, the first two
     * before the sheet is parsed.
     */
    @Test
    void aWorkbookThatUnpacksPastAStudentListIsRefusedNamingTheLimit() throws Exception {
        for (byte[] bomb : List.of(WorkbookBombs.oneHugeCell(40), WorkbookBombs.endlessRows(64))) {
            assertThat(bomb.length).as("it travels small").isLessThan(1024 * 1024);
            assertThatThrownBy(() -> StudentCsv.read(bomb, null))
                    .isInstanceOf(CourtRushException.class)
                    .satisfies(e -> assertThat(((CourtRushException) e).message(Locale.ENGLISH))
                            .contains("32 MB", "20000 students"));
        }
        int far = StudentSheet.LAST_ROW + 1;
        assertThatThrownBy(() -> StudentCsv.read(
                        WorkbookBombs.withSheet(
                                "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>学号</t></is></c></row><row r=\"" + far
                                        + "\"><c r=\"A" + far + "\" t=\"inlineStr\"><is><t>2024001</t></is></c></row>"),
                        null))
                .isInstanceOf(CourtRushException.class)
                .satisfies(e -> assertThat(((CourtRushException) e).message(Locale.SIMPLIFIED_CHINESE))
                        .contains(Integer.toString(StudentSheet.LAST_ROW)));
        assertThat(StudentCsv.read(
                                WorkbookBombs.withSheet(
                                        "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>"
                                                + "studentId</t></is></c><c r=\"B1\" t=\"inlineStr\"><is><t>password</t></is></c>"
                                                + "<c r=\"C1\" t=\"inlineStr\"><is><t>name</t></is></c></row><row r=\"2\"><c r=\"A2\""
                                                + " t=\"inlineStr\"><is><t>2024001</t></is></c><c r=\"B2\" t=\"inlineStr\"><is><t>"
                                                + "secret01</t></is></c><c r=\"C2\" t=\"inlineStr\"><is><t>张三</t></is></c></row>"),
                                null)
                        .lines())
                .as("a sheet written the same way within the limits is read")
                .extracting(StudentCsvLine::student)
                .containsExactly(new NewStudent("2024001", "secret01", "张三"));
    }

    @Test
    void csvWithoutTheRequiredColumnsIsRefused() {
        assertThatThrownBy(() -> StudentCsv.parse("id,pw\n1,2\n"))
                .isInstanceOf(CourtRushException.class)
                .hasMessageContaining("studentId,password,name");
    }

    @Test
    void everyBadRowIsReportedWithItsNumber() {
        List<ImportRowError> errors = StudentDirectory.validate(StudentCsvLine.numbered(Arrays.asList(
                new NewStudent("ok1", "secret1", "Ann"),
                new NewStudent("bad id!", "secret1", "Bob"),
                new NewStudent("ok2", "short", "Cy"),
                new NewStudent("ok1", "secret1", "Dup"),
                new NewStudent("ok3", "secret1", " "),
                null)));
        assertThat(errors).extracting(ImportRowError::row).containsExactly(2, 3, 4, 5, 6);
        assertThat(errors.get(2).message().in(Locale.ENGLISH)).contains("twice");
        assertThat(errors.get(2).message().in(Locale.SIMPLIFIED_CHINESE)).isEqualTo("学号在本次导入中出现了两次");
    }

    @Test
    void eachStudentCarriesTheLineOfTheFileItIsOn() {
        // the header is line 1; a blank line and a quoted name over two lines still count as the file does
        List<StudentCsvLine> lines = StudentCsv.parseWithLines(
                "studentId,password,name\n2024001,secret01,A\n\n2024002,secret02,\"Two\nLines\"\n2024003,secret03,C\n");
        assertThat(lines).extracting(StudentCsvLine::number).containsExactly(2L, 4L, 6L);
    }

    @Test
    void oldMacLineEndingsCountAsLines() {
        List<StudentCsvLine> lines =
                StudentCsv.parseWithLines("studentId,password,name\r2024001,secret01,A\r\r" + "2024002,secret02,B\r");
        assertThat(lines).extracting(StudentCsvLine::number).containsExactly(2L, 4L);
    }

    @Test
    void aColumnBeyondTheThreeIsRefusedNotDropped() {
        assertThatThrownBy(() -> StudentCsv.parse("studentId,password,name,phone\n1,secret01,A,555\n"))
                .isInstanceOf(CourtRushException.class)
                .hasMessageContaining("phone");
        assertThatThrownBy(() -> StudentCsv.parse("studentId,password,name\n1,secret01,A\n2,secret02,B,555\n"))
                .isInstanceOf(CourtRushException.class)
                .hasMessage("Line 3 has 4 values, more than the header names (studentId,password,name and, if given,"
                        + " category).");
    }

    /** SPEC §21: an optional column says what each books as, in either language; a word it does not know is a row's. */
    @Test
    void aCategoryColumnSaysWhoBooksAsFaculty() {
        List<StudentCsvLine> lines = StudentCsv.parseWithLines(
                "学号,密码,姓名,身份\n2024001,secret01,张三,教职工\n2024002,secret02,李四,\n2024003,secret03,王五,guest\n");
        assertThat(Category.parse(lines.get(0).student().category())).isEqualTo(Category.FACULTY);
        assertThat(Category.parse(lines.get(1).student().category()))
                .as("blank: a student's")
                .isNull();
        List<ImportRowError> errors = StudentDirectory.validate(lines);
        assertThat(errors).extracting(ImportRowError::row).containsExactly(4);
        assertThat(StudentCsv.parse("studentId,password,name,category\n1,secret01,A,faculty\n")
                        .get(0)
                        .category())
                .isEqualTo("faculty");
        assertThat(Category.parse("faculty")).isEqualTo(Category.FACULTY);
    }

    @Test
    void aCleanImportHasNoErrors() {
        assertThat(StudentDirectory.validate(
                        StudentCsvLine.numbered(List.of(new NewStudent("2024-01_a", "123456", "A")))))
                .isEmpty();
    }

    @Test
    void aFileExcelSavedInGbkIsReadAsSuchAndUtf8WithOrWithoutABomAsUtf8() {
        String list = "studentId,password,name\n2024001,secret1,张三\n2024002,secret2,李四\n";
        StudentCsv.Decoded gbk = StudentCsv.decode(list.getBytes(java.nio.charset.Charset.forName("GBK")));
        assertThat(gbk.charset().name()).isEqualTo("GB18030");
        assertThat(StudentCsv.parse(gbk.text()).get(0).name()).isEqualTo("张三");
        StudentCsv.Decoded utf8 = StudentCsv.decode(list.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(utf8.charset()).isEqualTo(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(utf8.text()).isEqualTo(list);
        byte[] bom = ("\uFEFF" + list).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(StudentCsv.decode(bom).text()).isEqualTo(list);
    }

    @Test
    void aQuoteLeftOpenIsRefusedWithItsLineInTheCallersLanguageNotTheParsersEnglish() {
        assertThatThrownBy(
                        () -> StudentCsv.parse("studentId,password,name\n2024001,secret1,Ann\n\"2024002,secret2,Bob\n"))
                .isInstanceOfSatisfying(CourtRushException.class, e -> {
                    assertThat(e.getMessage())
                            .startsWith("The CSV cannot be read at line 3: a quote is not closed")
                            .doesNotContain("IOException")
                            .doesNotContain("EOF");
                    assertThat(e.message(Locale.SIMPLIFIED_CHINESE)).startsWith("无法读取 CSV 第 3 行");
                });
    }

    @Test
    void aStrayCharacterAfterAQuotedFieldIsNamedByItsLineToo() {
        assertThatThrownBy(() -> StudentCsv.parse("studentId,password,name\n2024001,\"secret1\"x,Ann\n"))
                .isInstanceOfSatisfying(
                        CourtRushException.class,
                        e -> assertThat(e.getMessage()).startsWith("The CSV cannot be read at line 2:"));
    }

    @Test
    void aFileThatIsNeitherIsRefusedNamingTheLineAndWhatToDo() {
        byte[] file = "studentId,password,name\n2024001,secret1,Ann\n2024002,secret2,"
                .getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] broken = Arrays.copyOf(file, file.length + 3);
        broken[file.length] = (byte) 0xFF; // in neither UTF-8 nor GB18030
        broken[file.length + 1] = (byte) 0xFF;
        broken[file.length + 2] = '\n';
        assertThatThrownBy(() -> StudentCsv.decode(broken))
                .isInstanceOfSatisfying(
                        CourtRushException.class,
                        e -> assertThat(e.getMessage()).contains("line 3").contains("CSV UTF-8"));
    }
}
