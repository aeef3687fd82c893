package com.courtrush.account.desk;

import com.courtrush.account.DirectoryVerdicts;
import com.courtrush.account.ManagerOnly;
import com.courtrush.account.StaffOnly;
import com.courtrush.account.StudentCsv;
import com.courtrush.account.StudentDirectory;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.DirectoryLeaver;
import com.courtrush.account.api.ImportResult;
import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentCsvFile;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.account.api.StudentPage;
import com.courtrush.core.SheetFormat;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * What staff do at the console or over HTTP with student accounts: find, import a CSV, reset a password, disable or
 * enable, see who the campus directory no longer lets in.
 */
@Component
public class StudentDesk {

    /** What is wrong with each row of an import, before anything is saved, each named by its line in the file. */
    public static List<ImportRowError> validate(List<StudentCsvLine> students) {
        return StudentDirectory.validate(students);
    }

    /**
     * A file of students (header {@code studentId,password,name} or {@code 学号,密码,姓名}): CSV read in UTF-8 or else
     * GB18030 (GBK, as Excel saves it on Chinese Windows), or an Excel workbook (.xlsx) with the same header, its first
     * sheet's rows numbered as the sheet numbers them; each student with the line of the file it starts on. {@code
     * claimed} is what the person said the file is (its name's extension, the request's type; null when unknown): a
     * file said to be a workbook that is none is refused as such, not read as text. A file that is not such a list is
     * refused (400) with what is wrong. Nothing is checked or saved here.
     */
    public static StudentCsvFile readFile(byte[] file, SheetFormat claimed) {
        return StudentCsv.read(file, claimed);
    }

    /**
     * A student list to fill in, as CSV or an Excel workbook: its header in {@code locale}'s words, with one example;
     * the import takes it as is.
     */
    public static byte[] template(Locale locale, SheetFormat format) {
        return StudentCsv.template(locale, format);
    }

    private final StudentDirectory directory;
    private final DirectoryVerdicts verdicts;

    public StudentDesk(StudentDirectory directory, DirectoryVerdicts verdicts) {
        this.directory = directory;
        this.verdicts = verdicts;
    }

    /**
     * The accounts the campus directory made and no longer lets in (issue 75), the latest first: graduates keep the
     * bookings they paid for, which the desk honours, and book no more.
     */
    public List<DirectoryLeaver> leftTheDirectory() {
        return verdicts.leavers();
    }

    /** Students whose id or name contains {@code query} (all when blank), by student id. */
    public StudentPage list(String query, int page, int size) {
        return directory.list(query, page, size);
    }

    /**
     * Imports students, all or nothing, and records it in the audit trail as one entry with the count and the file's
     * name (null: none, the students came as JSON). A bad row is named by its line ({@link StudentCsvLine#number}).
     */
    public ImportResult importStudents(List<StudentCsvLine> students, String fileName, Caller caller) {
        return directory.importStudents(students, fileName, caller.actor());
    }

    /**
     * Imports a part of a file (all of the part or nothing), recorded in the audit trail only once the whole file is
     * written: {@link #recordImport}. Staff only, declared here: nothing after it names the caller.
     */
    @StaffOnly
    public ImportResult importPart(List<StudentCsvLine> students, Caller staff) {
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

    /** Sets what a student books as (SPEC §21): their prices and venues from their next request on. Managers only. */
    @ManagerOnly
    public Student setCategory(long userId, Category category, Caller caller) {
        return directory.setCategory(userId, category, caller);
    }
}
