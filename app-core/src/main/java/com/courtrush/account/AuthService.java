package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Futures;
import com.courtrush.core.Outcome;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.springframework.http.HttpStatus;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Signs students and staff in and out, and changes passwords. Throttled per student id and client
 * address before any password is hashed; the hashing runs on its own threads ({@link PasswordHashing}).
 */
@Service
public class AuthService {

    private final UserAccountMapper accounts;
    private final PasswordEncoder passwords;
    private final TokenService tokens;
    private final SignInThrottle throttle;
    private final PasswordHashing hashing;
    private final DirectoryPasswords directory;
    private final DirectoryAccounts directoryAccounts;
    private final AuditTrail audit;
    private final SignInAudit signIns;
    private final TransactionTemplate transactions;
    private final Clock clock;
    /** The "address" of a sign-in at the console, for the throttle. */
    private static final String DESK_ADDRESS = "console";

    /** Compared against when the account does not exist, so both cases take as long. */
    private final String decoyHash;

    AuthService(
            UserAccountMapper accounts,
            PasswordEncoder passwords,
            TokenService tokens,
            SignInThrottle throttle,
            PasswordHashing hashing,
            DirectoryPasswords directory,
            DirectoryAccounts directoryAccounts,
            AuditTrail audit,
            SignInAudit signIns,
            TransactionTemplate transactions,
            Clock clock) {
        this.accounts = accounts;
        this.passwords = passwords;
        this.tokens = tokens;
        this.throttle = throttle;
        this.hashing = hashing;
        this.directory = directory;
        this.directoryAccounts = directoryAccounts;
        this.audit = audit;
        this.signIns = signIns;
        this.transactions = transactions;
        this.clock = clock;
        this.decoyHash = passwords.encode("decoy-password-for-timing");
    }

    /**
     * Signs in from {@code address}; refused at once (429) while this id or address must wait. While the campus
     * directory checks passwords (LDAP bind), an id with no password here — no account yet, one the directory made —
     * or a student's password that is not the one kept here is checked at the directory; a staff account the gym
     * made never is.
     */
    public CompletableFuture<LoginResult> login(String studentId, String password, String address) {
        throttle.attempt(studentId, address);
        if (!StudentDirectory.fitsBcrypt(password)) {
            throttle.failed(studentId, address);
            throw wrongCredentials(); // no account has a password BCrypt cannot read whole
        }
        boolean directoryChecks = directory.checking().isPresent();
        return untriedWhenRefused(
                studentId,
                address,
                () -> hashing.run(() -> local(studentId, password, address, directoryChecks))
                        .thenCompose(local -> local.map(CompletableFuture::completedFuture)
                                .orElseGet(() -> viaDirectory(studentId, password, address))));
    }

    /**
     * A sign-in the engine refused before checking its password — the pools that check passwords full, the
     * directory not answering (503) — does not count against the id: a storm's refusals and their retries must not
     * lock a student out.
     */
    private <T> CompletableFuture<T> untriedWhenRefused(
            String id, String address, java.util.function.Supplier<CompletableFuture<T>> check) {
        CompletableFuture<T> checked;
        try {
            checked = check.get();
        } catch (CourtRushException refused) {
            untriedWhen(id, address, refused);
            throw refused;
        }
        return checked.whenComplete((result, failure) -> untriedWhen(id, address, failure));
    }

    private void untriedWhen(String id, String address, Throwable failure) {
        Throwable cause = Futures.cause(failure);
        if (cause instanceof CourtRushException refused && refused.status() == HttpStatus.SERVICE_UNAVAILABLE) {
            throttle.untried(id, address);
        }
    }

    /** The sign-in by the password kept here; empty: the directory is to check it. */
    private Optional<LoginResult> local(String studentId, String password, String address, boolean directoryChecks) {
        UserAccount account =
                accounts.selectOne(new LambdaQueryWrapper<UserAccount>().eq(UserAccount::getStudentId, studentId));
        if (account == null) {
            if (directoryChecks) {
                return Optional.empty();
            }
            passwords.matches(password, decoyHash);
            throw failed(studentId, address, wrongCredentials());
        }
        boolean directoryMayVouch = directoryChecks && directoryMayVouch(account);
        if (directoryMayVouch && account.getPasswordHash() == null) {
            return Optional.empty();
        }
        // a wrong password is the same 401 whether the account exists, is disabled or not (SPEC §15):
        // "disabled" is said only to whoever knows the password, so ids cannot be probed with it; an
        // account the campus directory made has no password here, and answers the same
        if (!matches(password, account)) {
            if (directoryMayVouch) {
                return Optional.empty();
            }
            throw failed(studentId, address, wrongCredentials());
        }
        if (!Boolean.TRUE.equals(account.getActive())) {
            throw failed(studentId, address, new CourtRushException(Outcome.FORBIDDEN, "auth.disabled"));
        }
        throttle.succeeded(studentId, address);
        TokenService.IssuedToken token = tokens.issue(account);
        signIns.signedIn(account, "LOCAL");
        return Optional.of(LoginResult.of(account, token));
    }

    /**
     * Signs in the student WeChat vouched for: the one a WeChat user's openid is bound to (SPEC §22), with no password.
     * Refused (403 {@code auth.disabled}) when the gym disabled the account, audited as a refusal; a staff account is
     * never signed in so ({@code wechat.studentsOnly}): staff sign in with their password or the campus directory.
     * A blocked student is signed in: a block stops new bookings, not paying, seeing or checking in (SPEC §16).
     */
    public LoginResult signInByWechat(long userId) {
        UserAccount account = accounts.selectById(userId);
        if (account == null || account.getRole() != Role.STUDENT) {
            throw new CourtRushException(Outcome.FORBIDDEN, "wechat.studentsOnly");
        }
        if (!Boolean.TRUE.equals(account.getActive())) {
            throw signIns.disabled(account, "WECHAT");
        }
        TokenService.IssuedToken token = tokens.issue(account);
        signIns.signedIn(account, "WECHAT");
        return LoginResult.of(account, token);
    }

    /** The directory checks the password; the person's account is found or made and signed in. */
    private CompletableFuture<LoginResult> viaDirectory(String studentId, String password, String address) {
        return directory.check(studentId, password).handle((person, failure) -> {
            if (failure != null) {
                throw new CompletionException(counted(studentId, address, failure));
            }
            throttle.succeeded(studentId, address);
            return directoryAccounts.signIn(person).login();
        });
    }

    /** The directory's refusal, counted as a failed sign-in when it was the password. */
    private Throwable counted(String studentId, String address, Throwable failure) {
        Throwable cause = Futures.cause(failure);
        if (cause instanceof CourtRushException refusal && refusal.outcome() == Outcome.UNAUTHORIZED) {
            throttle.failed(studentId, address);
        }
        return cause;
    }

    /** A staff account the gym made signs in with its own password only: a directory never vouches for it. */
    private static boolean directoryMayVouch(UserAccount account) {
        return !(DirectoryAccounts.ORIGIN_LOCAL.equals(account.getOrigin())
                && account.getRole().isStaff());
    }

    /** Counts a failed attempt for its address and returns the refusal to throw. */
    private CourtRushException failed(String studentId, String address, CourtRushException refusal) {
        throttle.failed(studentId, address);
        return refusal;
    }

    /**
     * Staff sign in at the console of this computer: the same throttling as any sign-in (by id, the
     * address being the console), no token. A student account is refused as a wrong password would be.
     * Blocks while the password is checked: call it off the JavaFX thread.
     */
    public Caller signInAtDesk(String staffId, String password) {
        throttle.attempt(staffId, DESK_ADDRESS);
        if (password == null || !StudentDirectory.fitsBcrypt(password)) {
            throw failed(staffId, DESK_ADDRESS, wrongStaffCredentials());
        }
        UserAccount account =
                accounts.selectOne(new LambdaQueryWrapper<UserAccount>().eq(UserAccount::getStudentId, staffId));
        if (directory.checking().isPresent()
                && (account == null || account.getPasswordHash() == null && directoryMayVouch(account))) {
            return atDeskViaDirectory(staffId, password);
        }
        if (account == null || !account.getRole().isStaff()) {
            passwords.matches(password, decoyHash);
            throw failed(staffId, DESK_ADDRESS, wrongStaffCredentials());
        }
        if (!matches(password, account)) {
            throw failed(staffId, DESK_ADDRESS, wrongStaffCredentials());
        }
        if (!Boolean.TRUE.equals(account.getActive())) {
            throw failed(staffId, DESK_ADDRESS, new CourtRushException(Outcome.FORBIDDEN, "auth.disabled"));
        }
        return signedInAtDesk(staffId, account, "LOCAL");
    }

    /**
     * A member of the directory's staff groups signs in at the console with the directory's password; anyone else
     * the directory knows is told what a wrong password is told (the desk is for staff).
     */
    private Caller atDeskViaDirectory(String staffId, String password) {
        DirectoryAccounts.DirectoryPerson person;
        try {
            person = directory.check(staffId, password).join();
        } catch (CompletionException e) {
            untriedWhen(staffId, DESK_ADDRESS, e);
            Throwable cause = counted(staffId, DESK_ADDRESS, e);
            if (cause instanceof CourtRushException refusal
                    && (refusal.outcome() == Outcome.UNAUTHORIZED
                            || "campus.notAllowed".equals(refusal.key())
                            || "campus.left".equals(refusal.key()))) {
                throw wrongStaffCredentials();
            }
            throw cause instanceof RuntimeException runtime ? runtime : e;
        }
        if (!person.role().isStaff()) {
            // no staff member any more: a staff account the directory made takes its role, its tokens end
            directoryAccounts.takeRoleOfKnown(person);
            throw failed(staffId, DESK_ADDRESS, wrongStaffCredentials());
        }
        return signedInAtDesk(staffId, directoryAccounts.admitted(person), person.source());
    }

    private Caller signedInAtDesk(String staffId, UserAccount account, String source) {
        throttle.succeeded(staffId, DESK_ADDRESS);
        Caller caller = Caller.atDesk(account.getId(), account.getStudentId(), account.getRole());
        audit.record(
                caller.actor(),
                AuditAction.CONSOLE_SIGN_IN,
                AuditTarget.USER,
                account.getStudentId(),
                new EngineText("audit.signedInFrom", AuditActors.signInSource(source)));
        return caller;
    }

    /** Whether the password is the account's; one the directory made has none, and costs a hash all the same. */
    private boolean matches(String password, UserAccount account) {
        if (account.getPasswordHash() == null) {
            passwords.matches(password, decoyHash);
            return false;
        }
        return passwords.matches(password, account.getPasswordHash());
    }

    private static CourtRushException wrongCredentials() {
        return new CourtRushException(Outcome.UNAUTHORIZED, "auth.wrongCredentials");
    }

    /** At the desk only staff sign in: the answer speaks of a staff id (it says no more than the page's does). */
    private static CourtRushException wrongStaffCredentials() {
        return new CourtRushException(Outcome.UNAUTHORIZED, "auth.wrongStaffCredentials");
    }

    /**
     * The signed-in student changes their own password. Every token of theirs stops working on
     * every node (a lost phone signs out too); the answer carries a new token for this device. A
     * wrong current password counts as a failed sign-in.
     */
    public CompletableFuture<LoginResult> changePassword(
            Caller caller, String currentPassword, String newPassword, String address) {
        long userId = caller.requireUserId();
        StudentDirectory.requireValidPassword(newPassword);
        throttle.attempt(caller.name(), address);
        return untriedWhenRefused(
                caller.name(),
                address,
                () -> hashing.run(() -> {
                    UserAccount account = accounts.selectById(userId);
                    if (account == null || !Boolean.TRUE.equals(account.getActive())) {
                        throw new CourtRushException(Outcome.FORBIDDEN, "auth.disabled");
                    }
                    if (account.getPasswordHash() == null) {
                        throw CourtRushException.badRequest("auth.noPasswordHere");
                    }
                    if (!StudentDirectory.fitsBcrypt(currentPassword) || !matches(currentPassword, account)) {
                        throw failed(
                                caller.name(), address, CourtRushException.badRequest("auth.wrongCurrentPassword"));
                    }
                    throttle.succeeded(caller.name(), address);
                    String hash = passwords.encode(newPassword);
                    // the new password and the end of every earlier token commit together; only the password
                    // is written, so a staff member disabling the account meanwhile is not undone
                    TokenService.IssuedToken token = transactions.execute(tx -> {
                        accounts.setPasswordHash(userId, hash, LocalDateTime.now(clock));
                        return tokens.replaceAll(account);
                    });
                    audit.record(caller.actor(), AuditAction.CHANGE_PASSWORD, AuditTarget.USER, account.getStudentId());
                    return LoginResult.of(account, token);
                }));
    }

    public void logout(Caller caller) {
        tokens.revoke(caller);
    }

    /** What a successful login answers. */
    /**
     * A sign-in's answer. {@code passwordAtUniversity}: the gym keeps no password for the account (the campus directory
     * made it and checks its password), so it is changed at the university, never here.
     */
    public record LoginResult(
            String token,
            Instant expiresAt,
            String studentId,
            String name,
            Role role,
            boolean passwordAtUniversity,
            Category category) {

        /** A sign-in of an account that books as a student. */
        public LoginResult(
                String token,
                Instant expiresAt,
                String studentId,
                String name,
                Role role,
                boolean passwordAtUniversity) {
            this(token, expiresAt, studentId, name, role, passwordAtUniversity, Category.STUDENT);
        }

        static LoginResult of(UserAccount account, TokenService.IssuedToken token) {
            return new LoginResult(
                    token.token(),
                    token.expiresAt(),
                    account.getStudentId(),
                    account.getDisplayName(),
                    account.getRole(),
                    account.getPasswordHash() == null,
                    account.getCategory() == null ? Category.STUDENT : account.getCategory());
        }
    }
}
