package com.courtrush.account;

import static com.courtrush.support.WebSlice.STAFF;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.account.desk.StudentDesk;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.SheetFormat;
import com.courtrush.core.Xlsx;
import com.courtrush.support.WebCalls;
import com.courtrush.support.WebSlice;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Staff and student accounts for staff, through the desks: lists, new ones (students as JSON or CSV), passwords, active, roles.
 */
@WebMvcTest(controllers = {AdminStaffController.class, AdminStudentController.class})
@WebSlice
class StaffAccountsWebTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    StaffAccountDesk staffAccountDesk;

    @MockitoBean
    StudentDesk studentDesk;

    @Test
    void staffImportStudentsFromACsv() throws Exception {
        mvc.perform(post("/admin/students")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType("text/csv")
                        .content("studentId,password,name\ns9,secret9,Nia\n"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"));
        verify(studentDesk)
                .importStudents(List.of(line(2, new NewStudent("s9", "secret9", "Nia"))), null, Caller.admin());
    }

    @Test
    void aCsvFileSentAsAPartIsImportedUnderItsOwnName() throws Exception {
        mvc.perform(multipart("/admin/students")
                        .file(new MockMultipartFile(
                                "file",
                                "class-2026.csv",
                                "text/csv",
                                "学号,密码,姓名\ns9,secret9,Nia\n".getBytes(StandardCharsets.UTF_8)))
                        .header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"));
        verify(studentDesk)
                .importStudents(
                        List.of(line(2, new NewStudent("s9", "secret9", "Nia"))), "class-2026.csv", Caller.admin());
    }

    @Test
    void staffImportStudentsFromAnExcelWorkbook() throws Exception {
        byte[] workbook = Xlsx.write("学生", List.of(List.of("学号", "密码", "姓名"), List.of(2024010, "secret10", "王五")));
        mvc.perform(post("/admin/students")
                        .header("Authorization", "Bearer " + STAFF)
                        .param("fileName", "学生名单.xlsx")
                        .contentType(Xlsx.MEDIA_TYPE)
                        .content(workbook))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"));
        verify(studentDesk)
                .importStudents(
                        List.of(line(2, new NewStudent("2024010", "secret10", "王五"))), "学生名单.xlsx", Caller.admin());
    }

    /** The console's template, in either language (学号,密码,姓名 or studentId,password,name), imports as it is. */
    @ParameterizedTest
    @ValueSource(strings = {"zh-CN", "en"})
    void theStudentListTemplateImportsAsItIs(String language) throws Exception {
        byte[] template = StudentDesk.template(Locale.forLanguageTag(language), SheetFormat.CSV);
        mvc.perform(post("/admin/students")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType("text/csv")
                        .content(template))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.enumCode").value("SUCCESS"));
        String example = language.equals("en") ? "Zhang San" : "张三";
        String category = language.equals("en") ? "STUDENT" : "学生";
        verify(studentDesk)
                .importStudents(
                        List.of(line(2, new NewStudent("2024001", "ChangeMe2024", example, Role.STUDENT, category))),
                        null,
                        Caller.admin());
    }

    /**
     * Issue 76: a bad student on the file's line 3 was answered {@code "row": 2} (its place among the students). The
     * rows reach the desk with their lines, and the answer names line 3, in a CSV and in a workbook alike; a JSON list
     * names a student by its place in the list.
     */
    @Test
    void aBadRowIsAnsweredWithTheLineOfTheFileItIsOn() throws Exception {
        when(studentDesk.importStudents(anyList(), any(), any())).thenAnswer(call -> {
            List<StudentCsvLine> lines = call.getArgument(0);
            List<ImportRowError> errors = StudentDesk.validate(lines);
            throw CourtRushException.badRequest("import.badRows", errors.size()).withData(errors);
        });
        byte[] csv = "学号,密码,姓名\n2024001,secret01,张三\n2024002,short,李四\n".getBytes(StandardCharsets.UTF_8);
        byte[] workbook = Xlsx.write(
                "学生",
                List.of(
                        List.of("学号", "密码", "姓名"),
                        List.of("2024001", "secret01", "张三"),
                        List.of("2024002", "short", "李四")));
        mvc.perform(post("/admin/students")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType("text/csv")
                        .content(csv))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.data[0].row").value(3));
        mvc.perform(post("/admin/students")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(Xlsx.MEDIA_TYPE)
                        .content(workbook))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.data[0].row").value(3));
        mvc.perform(multipart("/admin/students")
                        .file(new MockMultipartFile("file", "学生名单.xlsx", "application/octet-stream", workbook))
                        .header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.data[0].row").value(3));
        mvc.perform(post("/admin/students")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType("application/json")
                        .content("{\"students\":[{\"studentId\":\"s1\",\"password\":\"secret1\",\"name\":\"A\"},"
                                + "{\"studentId\":\"s2\",\"password\":\"short\",\"name\":\"B\"}]}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.data[0].row").value(2));
    }

    /**
     * Issue 76: random bytes sent as a workbook were told to save the file as "CSV UTF-8" (read as text, they fail its
     * encodings). Sent as .xlsx — by the request's type or the part's name — they are told the file is no readable
     * workbook, damaged or no Excel file, and what to do.
     */
    @Test
    void randomBytesSentAsAWorkbookAreToldTheFileIsNoReadableWorkbook() throws Exception {
        byte[] noise = new byte[2048];
        new java.util.Random(76).nextBytes(noise);
        mvc.perform(post("/admin/students")
                        .header("Authorization", "Bearer " + STAFF)
                        .header("Accept-Language", "zh-CN")
                        .contentType(Xlsx.MEDIA_TYPE)
                        .content(noise))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message").value(org.hamcrest.Matchers.startsWith("此文件不是可读取的 Excel 工作簿")));
        mvc.perform(multipart("/admin/students")
                        .file(new MockMultipartFile("file", "名单.XLSX", "application/octet-stream", noise))
                        .header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.message")
                        .value(org.hamcrest.Matchers.startsWith("The file is not a readable Excel workbook")));
        verify(studentDesk, never()).importStudents(anyList(), any(), any());
    }

    /** Issue 75: staff see who the campus directory no longer lets in; a student does not. */
    @Test
    void staffSeeWhoTheDirectoryNoLongerLetsIn() throws Exception {
        when(studentDesk.leftTheDirectory())
                .thenReturn(List.of(new DirectoryLeaver(
                        7, "s2021001", "Lin Yu", Role.STUDENT, "LDAP", LocalDateTime.of(2026, 7, 1, 9, 30))));
        mvc.perform(get("/admin/students/left-directory").header("Authorization", "Bearer " + STAFF))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data[0].studentId").value("s2021001"))
                .andExpect(jsonPath("$.data[0].source").value("LDAP"))
                .andExpect(jsonPath("$.data[0].leftAt").value("2026-07-01T09:30:00"));
        mvc.perform(get("/admin/students/left-directory").header("Authorization", "Bearer " + WebSlice.STUDENT))
                .andExpect(status().isForbidden());
    }

    /** SPEC §21: what a student books as is set by name; a word that is no category is refused, not guessed. */
    @Test
    void aStudentIsSetToBookAsFaculty() throws Exception {
        when(studentDesk.setCategory(7L, Category.FACULTY, Caller.admin()))
                .thenReturn(new Student(7, "s7", "Lin Yu", Role.STUDENT, true, null, Category.FACULTY));
        mvc.perform(post("/admin/students/7/category")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"category\":\"FACULTY\"}"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.data.category").value("FACULTY"));
        mvc.perform(post("/admin/students/7/category")
                        .header("Authorization", "Bearer " + STAFF)
                        .contentType(MediaType.APPLICATION_JSON)
                        .content("{\"category\":\"GUEST\"}"))
                .andExpect(status().isBadRequest());
    }

    private static StudentCsvLine line(long number, NewStudent student) {
        return new StudentCsvLine(number, student);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GET|/admin/staff|",
                "POST|/admin/staff|{\"staffId\":\"d1\",\"name\":\"Dee\",\"password\":\"pw-123456\",\"role\":\"STAFF\"}",
                "POST|/admin/staff/3/password|{\"password\":\"pw-654321\"}",
                "POST|/admin/staff/3/active|{\"active\":false}",
                "POST|/admin/staff/3/role|{\"role\":\"MANAGER\"}",
                "POST|/admin/students|{\"students\":[{\"studentId\":\"s9\",\"password\":\"secret9\",\"name\":\"Nia\"}]}",
                "GET|/admin/students?q=s9|",
                "POST|/admin/students/3/password|{\"password\":\"secret10\"}",
                "POST|/admin/students/3/active|{\"active\":true}",
                "GET|/admin/students/left-directory|"
            })
    void eachHandlerAnswersATypicalRequestWithTheEnvelope(HttpMethod method, String path, String body)
            throws Exception {
        WebCalls.answersOk(mvc, STAFF, method, path, body);
    }
}
