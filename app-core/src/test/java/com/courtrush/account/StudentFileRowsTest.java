package com.courtrush.account;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.StudentCsvFile;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.SheetFormat;
import com.courtrush.core.Xlsx;
import com.courtrush.support.WorkbookBombs;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Issue 76, item 7: what an import tells about a file names what the person sees in it — the line (or the sheet's row)
 * of a bad student, a cell that holds a formula, a file said to be a workbook that is none.
 */
class StudentFileRowsTest {

    static final String HEADER_ROW =
            "<row r=\"1\">" + text("A1", "学号") + text("B1", "密码") + text("C1", "姓名") + "</row>";

    /** A bad student on the file's line 3 (the header line 1) is named "row 3", in CSV and in a workbook alike. */
    @Test
    void aBadRowIsNamedByItsLineInTheFileNotByItsPlaceAmongTheStudents() {
        byte[] csv = "学号,密码,姓名\n2024001,secret01,张三\n2024002,short,李四\n".getBytes(StandardCharsets.UTF_8);
        byte[] xlsx = Xlsx.write(
                "学生",
                List.of(
                        List.of("学号", "密码", "姓名"),
                        List.of("2024001", "secret01", "张三"),
                        List.of("2024002", "short", "李四")));
        for (byte[] file : List.of(csv, xlsx)) {
            List<ImportRowError> errors =
                    StudentDirectory.validate(StudentCsv.read(file, null).lines());
            assertThat(errors).extracting(ImportRowError::row).containsExactly(3);
        }
    }

    /**
     * A formula Excel saved with its value is read as that value (as Excel shows it, as its CSV would hold it); one
     * whose value the file does not keep is refused naming its cell, saying it holds a formula and to paste values —
     * not told that the name must have 1 to 64 characters.
     */
    @Test
    void aFormulaWithoutItsValueIsRefusedNamingItsCellAndWhatToDo() throws Exception {
        byte[] computed = WorkbookBombs.withSheet(HEADER_ROW + "<row r=\"2\">" + text("A2", "2024001")
                + text("B2", "secret01") + "<c r=\"C2\" t=\"str\"><f>\"张\"&amp;\"三\"</f><v>张三</v></c></row>");
        assertThat(StudentCsv.read(computed, SheetFormat.XLSX).lines())
                .extracting(line -> line.student().name())
                .containsExactly("张三");

        byte[] bare = WorkbookBombs.withSheet(HEADER_ROW + "<row r=\"2\">" + text("A2", "2024001")
                + text("B2", "secret01") + "<c r=\"C2\"><f>A2&amp;B2</f></c></row>");
        assertThatThrownBy(() -> StudentCsv.read(bare, SheetFormat.XLSX))
                .isInstanceOfSatisfying(CourtRushException.class, e -> {
                    assertThat(e.message(Locale.ENGLISH))
                            .contains("C2", "formula", "paste", "values")
                            .doesNotContain("1 to 64");
                    assertThat(e.message(Locale.SIMPLIFIED_CHINESE)).contains("C2", "公式", "粘贴", "数值");
                });
    }

    /**
     * Random bytes sent as a workbook (named .xlsx, or sent as one) are refused as no readable workbook — damaged or not
     * an Excel file — never told about CSV encodings; the same bytes said to be CSV are.
     */
    @Test
    void randomBytesSaidToBeAWorkbookAreRefusedAsNoReadableWorkbook() {
        byte[] noise = new byte[4096];
        new Random(76).nextBytes(noise);
        assertThatThrownBy(() -> StudentCsv.read(noise, SheetFormat.XLSX))
                .isInstanceOfSatisfying(CourtRushException.class, e -> {
                    assertThat(e.message(Locale.ENGLISH))
                            .contains("not a readable Excel workbook", "damaged", "save it as")
                            .doesNotContain("neither UTF-8 nor GBK");
                    assertThat(e.message(Locale.SIMPLIFIED_CHINESE))
                            .contains("不是可读取的 Excel 工作簿", "损坏", "另存为")
                            .doesNotContain("编码");
                });
        assertThatThrownBy(() -> StudentCsv.read(noise, SheetFormat.CSV))
                .isInstanceOfSatisfying(
                        CourtRushException.class,
                        e -> assertThat(e.message(Locale.ENGLISH)).contains("neither UTF-8 nor GBK"));
    }

    /** A workbook read says so, with no encoding to tell (a CSV has one); both templates import as they are. */
    @Test
    void aWorkbookHasNoEncodingAndEitherTemplateReadsBack() {
        for (SheetFormat format : SheetFormat.values()) {
            StudentCsvFile read = StudentCsv.read(StudentCsv.template(Locale.SIMPLIFIED_CHINESE, format), null);
            assertThat(read.format()).isEqualTo(format);
            assertThat(read.encoding().isPresent()).isEqualTo(format == SheetFormat.CSV);
            assertThat(read.lines()).extracting(StudentCsvLine::number).containsExactly(2L);
            assertThat(StudentDirectory.validate(read.lines())).isEmpty();
        }
    }

    private static String text(String cell, String value) {
        return "<c r=\"" + cell + "\" t=\"inlineStr\"><is><t>" + value + "</t></is></c>";
    }
}
