package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.ImportRowError;
import com.courtrush.account.api.NewStaff;
import com.courtrush.account.api.NewStudent;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import com.courtrush.account.api.StudentCsvLine;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import java.time.Clock;
import java.time.LocalDateTime;
import java.util.List;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Named staff accounts: STAFF run the desk, MANAGER also manage staff and settings. They sign in
 * like students (same throttling, same revocation) and share their table, so a staff id can never be
 * a student's. Only a manager (or the admin token) changes them, and the last active manager can
 * neither be disabled nor made plain staff: somebody must always be able to manage.
 */
@Service
public class StaffAccounts {

    private final UserAccountMapper accounts;
    private final StudentDirectory directory;
    private final TransactionTemplate transactions;
    private final TokenService tokens;
    private final AuditTrail audit;
    private final Clock clock;

    StaffAccounts(
            UserAccountMapper accounts,
            StudentDirectory directory,
            TransactionTemplate transactions,
            TokenService tokens,
            AuditTrail audit,
            Clock clock) {
        this.accounts = accounts;
        this.directory = directory;
        this.transactions = transactions;
        this.tokens = tokens;
        this.audit = audit;
        this.clock = clock;
    }

    /** Every staff account, managers first, then by id. */
    public List<StaffMember> list() {
        return accounts
                .selectList(new LambdaQueryWrapper<UserAccount>()
                        .in(UserAccount::getRole, Role.STAFF, Role.MANAGER)
                        .orderByAsc(UserAccount::getRole) // MANAGER before STAFF
                        .orderByAsc(UserAccount::getStudentId))
                .stream()
                .map(UserAccount::asStaffMember)
                .toList();
    }

    /** Whether an active manager exists, one the campus directory made too. */
    public boolean hasManager() {
        return accounts.selectCount(new LambdaQueryWrapper<UserAccount>()
                        .eq(UserAccount::getRole, Role.MANAGER)
                        .eq(UserAccount::getActive, true))
                > 0;
    }

    /**
     * Whether an active manager the gym made exists (its password kept here): until one does, the console offers to
     * create the first. A manager the campus directory made does not count: with the directory down, nobody could
     * sign in as them.
     */
    public boolean hasLocalManager() {
        return accounts.selectCount(new LambdaQueryWrapper<UserAccount>()
                        .eq(UserAccount::getRole, Role.MANAGER)
                        .eq(UserAccount::getActive, true)
                        .eq(UserAccount::getOrigin, DirectoryAccounts.ORIGIN_LOCAL))
                > 0;
    }

    /** A manager creates a staff account (STAFF or MANAGER). */
    public StaffMember create(NewStaff staff, Caller by) {
        return insert(staff, by.actor());
    }

    /**
     * The first manager, created at the console while the gym has none of its own: refused (409) once an active
     * local manager exists, whoever asks. The campus directory's managers do not count (a broken directory never
     * locks the gym out).
     */
    public StaffMember createFirstManager(String staffId, String name, String password) {
        return transactions.execute(tx -> {
            if (!accounts.lockActiveLocalManagers().isEmpty()) {
                throw CourtRushException.conflict("staff.managerExists");
            }
            StaffMember created = insert(new NewStaff(staffId, name, password, Role.MANAGER), null);
            audit.record("staff:" + created.staffId(), AuditAction.CREATE_STAFF, AuditTarget.USER, created.staffId());
            return created;
        });
    }

    public void resetPassword(long userId, String newPassword, Caller by) {
        directory.resetPassword(staff(userId), newPassword, by.actor());
    }

    /** Enables or disables a staff account (its sessions end); never the last active manager. */
    public StaffMember setActive(long userId, boolean active, Caller by) {
        return transactions.execute(tx -> {
            UserAccount account = staff(userId);
            if (!active && account.getRole() == Role.MANAGER) {
                requireAnotherManager(account);
            }
            directory.setActive(account, active, by.actor());
            return account.asStaffMember();
        });
    }

    /** Makes a staff account STAFF or MANAGER; every token of it ends (they carry the role). */
    public StaffMember setRole(long userId, Role role, Caller by) {
        if (role == null || !role.isStaff()) {
            throw CourtRushException.badRequest("staff.badRole");
        }
        return transactions.execute(tx -> {
            UserAccount account = staff(userId);
            if (account.getRole() == role) {
                return account.asStaffMember();
            }
            if (account.getRole() == Role.MANAGER) {
                requireAnotherManager(account);
            }
            accounts.setRole(userId, role.name(), LocalDateTime.now(clock));
            tokens.revokeAll(userId);
            account.setRole(role);
            audit.record(
                    by.actor(),
                    role == Role.MANAGER ? AuditAction.MAKE_MANAGER : AuditAction.MAKE_STAFF,
                    AuditTarget.USER,
                    account.getStudentId());
            return account.asStaffMember();
        });
    }

    private StaffMember insert(NewStaff staff, String actor) {
        if (staff.role() == null || !staff.role().isStaff()) {
            throw CourtRushException.badRequest("staff.badRole");
        }
        NewStudent row = new NewStudent(staff.staffId(), staff.password(), staff.name(), staff.role());
        List<ImportRowError> errors = StudentDirectory.validate(StudentCsvLine.numbered(List.of(row)));
        if (!errors.isEmpty()) {
            throw CourtRushException.badRequest("staff.invalid", errors.get(0).message())
                    .withData(errors);
        }
        UserAccount account = directory.toAccount(row);
        try {
            accounts.insert(account);
        } catch (DuplicateKeyException taken) {
            throw CourtRushException.conflict("staff.idTaken", staff.staffId());
        }
        if (actor != null) {
            audit.record(actor, AuditAction.CREATE_STAFF, AuditTarget.USER, account.getStudentId());
        }
        return accounts.selectById(account.getId()).asStaffMember();
    }

    private UserAccount staff(long userId) {
        UserAccount account = directory.get(userId);
        if (!account.getRole().isStaff()) {
            throw CourtRushException.notFound("staff.notFound", userId);
        }
        return account;
    }

    /**
     * In the caller's transaction: when {@code account} is one of the gym's own managers, the active ones are locked
     * and another must remain. The directory's managers do not count: with the directory down nobody could sign in as
     * them, and the gym would be locked out of its console (issue 75). A directory's manager may always go.
     */
    private void requireAnotherManager(UserAccount account) {
        if (!DirectoryAccounts.ORIGIN_LOCAL.equals(account.getOrigin())) {
            return;
        }
        if (accounts.lockActiveLocalManagers().stream().noneMatch(id -> !id.equals(account.getId()))) {
            throw CourtRushException.conflict("staff.lastManager", account.getStudentId());
        }
    }
}
