package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.ImportResult;
import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.Student;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.account.api.StudentPage;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Texts;
import com.courtrush.infra.config.CappedCount;
import com.courtrush.infra.config.SqlDialect;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The students: import with hashed passwords, list, reset a password, disable. An import is all or
 * nothing: every row is checked first, and a batch with a bad row imports nothing and says which
 * rows. Students already present are left as they are and listed. Staff accounts share the table
 * (so no id is both) but are not students: they are managed through {@link StaffAccounts}.
 */
@Service
public class StudentDirectory {

    public static final int MAX_IMPORT = 20_000;
    private static final int MAX_PASSWORD_BYTES = 72;
    /** What a student id may be: also what a sign-in may name, so one id has one spelling. */
    static final String STUDENT_ID_PATTERN = "[A-Za-z0-9_-]{1,32}";

    private static final Pattern STUDENT_ID = Pattern.compile(STUDENT_ID_PATTERN);
    /** The most of a file's name an import's audit entry keeps in its detail. */
    private static final int FILE_NAME_MOST = 200;
    /** The most of it kept as the entry's target id (its column holds 64). */
    private static final int TARGET_MOST = 64;

    private static final int QUERY_CHUNK = 500;

    private final SqlDialect dialect;
    private final UserAccountMapper accounts;
    private final PasswordEncoder passwords;
    private final TransactionTemplate transactions;
    private final TokenService tokens;
    private final AuditTrail audit;
    private final Clock clock;

    StudentDirectory(
            UserAccountMapper accounts,
            PasswordEncoder passwords,
            TransactionTemplate transactions,
            TokenService tokens,
            AuditTrail audit,
            SqlDialect dialect,
            Clock clock) {
        this.dialect = dialect;
        this.clock = clock;
        this.accounts = accounts;
        this.passwords = passwords;
        this.transactions = transactions;
        this.tokens = tokens;
        this.audit = audit;
    }

    /** Students whose id or name contains {@code query} (all when blank), by student id. */
    public StudentPage list(String query, int page, int size) {
        if (page < 1 || size < 1 || size > 1000) {
            throw CourtRushException.badRequest("common.badPage", 1000);
        }
        if (query != null && !query.isBlank()) {
            Optional<StudentPage> few = fewFound(query, page, size);
            if (few.isPresent()) {
                return few.get();
            }
        }
        CappedCount total = CappedCount.of(accounts, students(query), UserAccount::getId, page, size);
        LambdaQueryWrapper<UserAccount> ordered = students(query);
        if (dialect.ordersByFixedColumns()) {
            ordered.orderByAsc(UserAccount::getRole); // idx_user_role_student's order, for H2 (SqlDialect)
        }
        List<UserAccount> found = accounts.selectList(ordered.orderByAsc(UserAccount::getStudentId)
                .last("limit " + size + " offset " + (long) (page - 1) * size));
        return new StudentPage(found.stream().map(UserAccount::asStudent).toList(), total.total(), total.capped());
    }

    /**
     * A search by a part of an id or a name reads every account (no index finds a part of a name): on a campus, 30,000
     * of them. When it finds no more than a count would (the usual search for one student), what it found is the
     * answer, a page taken from it in the order of a list, rather than a second walk of every account for the page
     * (issue 77). Empty when there are more: the page is read in order, and stops at its end.
     */
    private Optional<StudentPage> fewFound(String query, int page, int size) {
        long most = Math.max(CappedCount.CAP, (long) page * size) + 1;
        List<UserAccount> matches = accounts.selectList(students(query)
                .select(UserAccount::getId, UserAccount::getStudentId)
                .last("limit " + most));
        if (matches.size() >= most) {
            return Optional.empty();
        }
        Comparator<UserAccount> byId = Comparator.comparing(UserAccount::getStudentId, String.CASE_INSENSITIVE_ORDER)
                .thenComparing(UserAccount::getStudentId);
        List<Long> ids = matches.stream()
                .sorted(byId)
                .skip((long) (page - 1) * size)
                .limit(size)
                .map(UserAccount::getId)
                .toList();
        List<UserAccount> found = ids.isEmpty() ? new ArrayList<>() : new ArrayList<>(accounts.selectBatchIds(ids));
        found.sort(byId);
        return Optional.of(
                new StudentPage(found.stream().map(UserAccount::asStudent).toList(), matches.size(), false));
    }

    private static LambdaQueryWrapper<UserAccount> students(String query) {
        LambdaQueryWrapper<UserAccount> where =
                new LambdaQueryWrapper<UserAccount>().eq(UserAccount::getRole, Role.STUDENT);
        if (query != null && !query.isBlank()) {
            String q = query.strip();
            where.and(w -> w.like(UserAccount::getStudentId, q).or().like(UserAccount::getDisplayName, q));
        }
        return where;
    }

    /** Sets a student's password; every token of theirs stops working. Refuses a staff account (403). */
    public void resetPassword(long userId, String newPassword, String actor) {
        requireValidPassword(newPassword);
        resetPassword(student(userId), newPassword, actor);
    }

    /** Sets the password of an account (student or staff); every token of it stops working. */
    void resetPassword(UserAccount account, String newPassword, String actor) {
        requireValidPassword(newPassword);
        long userId = account.getId();
        String hash = passwords.encode(newPassword);
        transactions.executeWithoutResult(tx -> {
            accounts.setPasswordHash(userId, hash, LocalDateTime.now(clock));
            tokens.revokeAll(userId);
        });
        audit.record(actor, AuditAction.RESET_PASSWORD, AuditTarget.USER, account.getStudentId());
    }

    /**
     * Enables or disables an account; disabling also ends its sessions on every node. Either way every
     * node reads the account again at its next request.
     */
    public Student setActive(long userId, boolean active, String actor) {
        return setActive(student(userId), active, actor);
    }

    /** Enables or disables an account (student or staff), as {@link #setActive(long, boolean, String)}. */
    Student setActive(UserAccount account, boolean active, String actor) {
        long userId = account.getId();
        account.setActive(active);
        transactions.executeWithoutResult(tx -> {
            accounts.setActive(userId, active, LocalDateTime.now(clock));
            tokens.revokeAll(userId);
        });
        audit.record(
                actor,
                active ? AuditAction.ENABLE_ACCOUNT : AuditAction.DISABLE_ACCOUNT,
                AuditTarget.USER,
                account.getStudentId());
        return account.asStudent();
    }

    /**
     * Sets what a student books as (SPEC §21): their price and the venues they may book from their next request on, on
     * every node, their tokens kept; what they already booked keeps its price.
     */
    public Student setCategory(long userId, Category category, Caller manager) {
        if (category == null) {
            throw CourtRushException.badRequest("account.category");
        }
        UserAccount account = student(userId);
        account.setCategory(category);
        transactions.executeWithoutResult(tx -> {
            accounts.setCategory(userId, category, LocalDateTime.now(clock));
            tokens.readAgain(userId);
        });
        audit.record(
                manager.actor(),
                AuditAction.SET_CATEGORY,
                AuditTarget.USER,
                account.getStudentId(),
                new EngineText("audit.category", account.getStudentId(), category.name()));
        return account.asStudent();
    }

    /** Passwords have at least 6 characters and at most 72 bytes in UTF-8 (all that BCrypt reads). */
    static boolean isValidPassword(String password) {
        return password != null && password.length() >= 6 && fitsBcrypt(password);
    }

    /** At most 72 bytes in UTF-8: all that BCrypt reads (it refuses more). */
    static boolean fitsBcrypt(String password) {
        return password.getBytes(StandardCharsets.UTF_8).length <= MAX_PASSWORD_BYTES;
    }

    public static void requireValidPassword(String password) {
        if (!isValidPassword(password)) {
            throw CourtRushException.badRequest("account.passwordLength");
        }
    }

    UserAccount get(long userId) {
        UserAccount account = accounts.selectById(userId);
        if (account == null) {
            throw CourtRushException.notFound("account.notFound", userId);
        }
        return account;
    }

    /** A student's account; a staff account is refused here (a manager changes it under Staff). */
    /** The student id of the student account {@code userId}: 404 when there is none, 403 for a staff account. */
    public String studentIdOf(long userId) {
        return student(userId).getStudentId();
    }

    private UserAccount student(long userId) {
        UserAccount account = get(userId);
        if (account.getRole() != Role.STUDENT) {
            throw CourtRushException.forbidden("account.staffAccount", account.getStudentId());
        }
        return account;
    }

    /**
     * Imports students (all or nothing) and records it in the audit trail as one entry: how many were created, from
     * which file ({@code fileName}, null when the students came as JSON), by whom. A bad row is named by the line of
     * the file it is on ({@link StudentCsvLine#number}).
     */
    public ImportResult importStudents(List<StudentCsvLine> students, String fileName, String actor) {
        ImportResult result = importStudents(students);
        recordImport(fileName, result.created(), result.alreadyPresent().size(), actor);
        return result;
    }

    /**
     * One entry of the audit trail for an import made in parts (the console writes a file in chunks, with progress):
     * how many students were created in all, how many already had an account, from which file.
     */
    public void recordImport(String fileName, int created, int alreadyPresent, String actor) {
        String name = fileName(fileName);
        audit.record(
                actor,
                AuditAction.IMPORT_STUDENTS,
                AuditTarget.FILE,
                name == null ? "-" : name.substring(0, Math.min(name.length(), TARGET_MOST)),
                name == null
                        ? new EngineText("audit.studentsImportedNoFile", created, alreadyPresent)
                        : new EngineText("audit.studentsImported", created, name, alreadyPresent));
    }

    /** A file's own name (no folders), in plain characters and not too long; null when there is none. */
    static String fileName(String given) {
        if (given == null) {
            return null;
        }
        String name = given.substring(Math.max(given.lastIndexOf('/'), given.lastIndexOf('\\')) + 1)
                .replaceAll("\\p{Cntrl}", "")
                .strip();
        if (name.isEmpty()) {
            return null;
        }
        return name.length() <= FILE_NAME_MOST ? name : name.substring(0, FILE_NAME_MOST);
    }

    /**
     * Imports students, all or nothing, a bad row named by its line ({@link StudentCsvLine#number}); the caller records
     * it ({@link #recordImport}).
     */
    public ImportResult importStudents(List<StudentCsvLine> lines) {
        if (lines == null || lines.isEmpty()) {
            throw CourtRushException.badRequest("import.empty");
        }
        if (lines.size() > MAX_IMPORT) {
            throw CourtRushException.badRequest("import.tooMany", MAX_IMPORT);
        }
        List<ImportRowError> errors = validate(lines);
        if (!errors.isEmpty()) {
            throw CourtRushException.badRequest("import.badRows", errors.size()).withData(errors);
        }
        List<NewStudent> students = lines.stream().map(StudentCsvLine::student).toList();
        Set<String> existing =
                existingIds(students.stream().map(NewStudent::studentId).toList());
        List<UserAccount> rows = students.parallelStream()
                .filter(s -> !existing.contains(s.studentId()))
                .map(this::toAccount)
                .toList();
        transactions.executeWithoutResult(tx -> rows.forEach(accounts::insert));
        return new ImportResult(rows.size(), existing.stream().sorted().toList());
    }

    UserAccount toAccount(NewStudent student) {
        UserAccount account = new UserAccount();
        account.setStudentId(student.studentId());
        account.setDisplayName(student.name().trim());
        account.setPasswordHash(passwords.encode(student.password()));
        account.setRole(student.role() == null ? Role.STUDENT : student.role());
        account.setCategory(Category.parse(student.category()));
        account.setActive(true);
        return account;
    }

    /**
     * The problems of an import, row by row (empty when it can be imported), each named by the line of the file the
     * student is on — the row the person sees, never the student's place among the others.
     */
    public static List<ImportRowError> validate(List<StudentCsvLine> lines) {
        List<ImportRowError> errors = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (StudentCsvLine line : lines) {
            NewStudent s = line.student();
            int row = Math.toIntExact(line.number());
            if (s == null) {
                errors.add(new ImportRowError(row, null, new EngineText("import.row.empty")));
                continue;
            }
            if (s.studentId() == null || !STUDENT_ID.matcher(s.studentId()).matches()) {
                errors.add(new ImportRowError(row, s.studentId(), new EngineText("import.row.badId")));
            } else if (!seen.add(s.studentId())) {
                errors.add(new ImportRowError(row, s.studentId(), new EngineText("import.row.twice")));
            }
            if (!isValidPassword(s.password())) {
                errors.add(new ImportRowError(row, s.studentId(), new EngineText("import.row.password")));
            }
            if (s.name() == null || s.name().isBlank() || s.name().trim().length() > 64) {
                errors.add(new ImportRowError(row, s.studentId(), new EngineText("import.row.name")));
            } else if (!Texts.isPlain(s.name())) {
                errors.add(new ImportRowError(row, s.studentId(), new EngineText("import.row.nameChars")));
            }
            try {
                Category.parse(s.category());
            } catch (IllegalArgumentException notOne) {
                errors.add(new ImportRowError(row, s.studentId(), new EngineText("import.row.category", s.category())));
            }
        }
        return errors;
    }

    private Set<String> existingIds(List<String> ids) {
        Set<String> existing = new HashSet<>();
        for (int from = 0; from < ids.size(); from += QUERY_CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + QUERY_CHUNK));
            accounts.selectList(new LambdaQueryWrapper<UserAccount>()
                            .select(UserAccount::getStudentId)
                            .in(UserAccount::getStudentId, chunk))
                    .forEach(a -> existing.add(a.getStudentId()));
        }
        return existing;
    }
}
