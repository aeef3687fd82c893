package com.courtrush.account.desk;

import com.courtrush.account.AdminToken;
import com.courtrush.account.AuthService;
import com.courtrush.account.DirectoryPasswords;
import com.courtrush.account.ManagerOnly;
import com.courtrush.account.RecentStudents;
import com.courtrush.account.StaffAccounts;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.NewStaff;
import com.courtrush.account.api.Role;
import com.courtrush.account.api.StaffMember;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * Who works the desk: signing in at the console, the first manager of a new installation, the staff
 * accounts managers keep, the admin token (shown to managers), how many students used the service
 * lately.
 */
@Component
public class StaffAccountDesk {

    /** How far back {@link #recentStudents} looks. */
    public static final Duration RECENT_STUDENTS_WINDOW = RecentStudents.WINDOW;

    private final AuthService auth;
    private final StaffAccounts staff;
    private final AdminToken adminToken;
    private final RecentStudents recentStudents;
    private final DirectoryPasswords directory;

    public StaffAccountDesk(
            AuthService auth,
            StaffAccounts staff,
            AdminToken adminToken,
            RecentStudents recentStudents,
            DirectoryPasswords directory) {
        this.auth = auth;
        this.directory = directory;
        this.staff = staff;
        this.adminToken = adminToken;
        this.recentStudents = recentStudents;
    }

    /**
     * Staff sign in at the console of this computer: the same throttling as any sign-in (by id, the
     * address being the console), no token. A student account is refused as a wrong password would be.
     * Blocks while the password is checked: call it off the JavaFX thread.
     */
    public Caller signInAtDesk(String staffId, String password) {
        return auth.signInAtDesk(staffId, password);
    }

    /**
     * While the campus directory checks passwords (LDAP), the gym's name for it (blank when none): its staff and
     * managers sign in at the console with its id and password.
     */
    public Optional<String> directoryChecksPasswords() {
        return directory.checking();
    }

    /** Whether an active manager exists, one the campus directory made too: none, the console is a new installation. */
    public boolean hasManager() {
        return staff.hasManager();
    }

    /**
     * Whether an active manager the gym made exists: until one does, the console offers to create it (the campus
     * directory's managers do not count, a broken directory never locks the gym out).
     */
    public boolean hasLocalManager() {
        return staff.hasLocalManager();
    }

    /**
     * The first manager of the gym's own, created at the console: refused (409) once an active local manager exists,
     * whoever asks.
     */
    public StaffMember createFirstManager(String staffId, String name, String password) {
        return staff.createFirstManager(staffId, name, password);
    }

    /** Every staff account, managers first, then by id. */
    @ManagerOnly
    public List<StaffMember> list(Caller by) {
        return staff.list();
    }

    /** A manager creates a staff account (STAFF or MANAGER). */
    @ManagerOnly
    public StaffMember create(NewStaff account, Caller by) {
        return staff.create(account, by);
    }

    /** See {@link StaffAccounts#resetPassword}. */
    @ManagerOnly
    public void resetPassword(long userId, String newPassword, Caller by) {
        staff.resetPassword(userId, newPassword, by);
    }

    /** Enables or disables a staff account (its sessions end); never the last active manager. */
    @ManagerOnly
    public StaffMember setActive(long userId, boolean active, Caller by) {
        return staff.setActive(userId, active, by);
    }

    /** Makes a staff account STAFF or MANAGER; every token of it ends (they carry the role). */
    @ManagerOnly
    public StaffMember setRole(long userId, Role role, Caller by) {
        return staff.setRole(userId, role, by);
    }

    /** The token itself, for a manager at the staff console (which runs on the machine that holds it anyway). */
    @ManagerOnly
    public String revealAdminToken(Caller by) {
        return adminToken.reveal();
    }

    /** Students with a request in the last {@link #WINDOW} on this node. */
    public long recentStudents() {
        return recentStudents.count();
    }
}
