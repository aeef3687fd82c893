package com.courtrush.account.desk;

import com.courtrush.account.StaffOnly;
import com.courtrush.account.StudentCsv;
import com.courtrush.account.StudentDirectory;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.ImportResult;
import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentCsvFile;
import com.courtrush.account.api.StudentPage;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with student accounts: find, import a CSV, reset a password, disable or
 * enable.
 */
@Component
public class StudentDesk {

    /** What is wrong with each row of an import, before anything is saved. */
    public static List<ImportRowError> validate(List<NewStudent> students) {
        return StudentDirectory.validate(students);
    }

    /**
     * A CSV file of students (header {@code studentId,password,name} or {@code 学号,密码,姓名}), read in UTF-8 or else GB18030 (GBK, as
     * Excel saves it on Chinese Windows), each student with the line of the file it starts on. A file that is
     * not such a list is refused (400) with what is wrong. An Excel workbook (.xlsx) with the same header is read
     * as well, its first sheet's rows numbered as the sheet numbers them. Nothing is checked or saved here.
     */
    public static StudentCsvFile readCsv(byte[] file) {
        return StudentCsv.read(file);
    }

    /** A student list to fill in, its header in {@code locale}'s words, with one example; the import takes it as is. */
    public static byte[] csvTemplate(Locale locale) {
        return StudentCsv.template(locale);
    }

    private final StudentDirectory directory;

    public StudentDesk(StudentDirectory directory) {
        this.directory = directory;
    }

    /** Students whose id or name contains {@code query} (all when blank), by student id. */
    public StudentPage list(String query, int page, int size) {
        return directory.list(query, page, size);
    }

    /**
     * Imports students, all or nothing, and records it in the audit trail as one entry with the count and the file's
     * name (null: none, the students came as JSON).
     */
    public ImportResult importStudents(List<NewStudent> students, String fileName, Caller caller) {
        return directory.importStudents(students, fileName, caller.actor());
    }

    /**
     * Imports a part of a file (all of the part or nothing), recorded in the audit trail only once the whole file is
     * written: {@link #recordImport}. Staff only, declared here: nothing after it names the caller.
     */
    @StaffOnly
    public ImportResult importPart(List<NewStudent> students, Caller staff) {
        return directory.importStudents(students);
    }

    /** One audit entry for a file imported in parts: how many students were created, how many already had accounts. */
    public void recordImport(String fileName, int created, int alreadyPresent, Caller caller) {
        directory.recordImport(fileName, created, alreadyPresent, caller.actor());
    }

    /** Sets a student's password; every token of theirs stops working. Refuses a staff account (403). */
    public void resetPassword(long userId, String newPassword, Caller caller) {
        directory.resetPassword(userId, newPassword, caller.actor());
    }

    /**
     * Enables or disables an account; disabling also ends its sessions on every node. Either way every
     * node reads the account again at its next request.
     */
    public Student setActive(long userId, boolean active, Caller caller) {
        return directory.setActive(userId, active, caller.actor());
    }
}
