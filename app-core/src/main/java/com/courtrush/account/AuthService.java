package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditTrail;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.concurrent.CompletableFuture;
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
    private final AuditTrail audit;
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
            AuditTrail audit,
            TransactionTemplate transactions,
            Clock clock) {
        this.accounts = accounts;
        this.passwords = passwords;
        this.tokens = tokens;
        this.throttle = throttle;
        this.hashing = hashing;
        this.audit = audit;
        this.transactions = transactions;
        this.clock = clock;
        this.decoyHash = passwords.encode("decoy-password-for-timing");
    }

    /** Signs in from {@code address}; refused at once (429) while this id or address must wait. */
    public CompletableFuture<LoginResult> login(String studentId, String password, String address) {
        throttle.attempt(studentId, address);
        if (!StudentDirectory.fitsBcrypt(password)) {
            throttle.failed(studentId, address);
            throw wrongCredentials(); // no account has a password BCrypt cannot read whole
        }
        return hashing.run(() -> {
            UserAccount account =
                    accounts.selectOne(new LambdaQueryWrapper<UserAccount>().eq(UserAccount::getStudentId, studentId));
            if (account == null) {
                passwords.matches(password, decoyHash);
                throw failed(studentId, address, wrongCredentials());
            }
            // a wrong password is the same 401 whether the account exists, is disabled or not (SPEC §15):
            // "disabled" is said only to whoever knows the password, so ids cannot be probed with it; an
            // account the campus directory made has no password here, and answers the same
            if (!matches(password, account)) {
                throw failed(studentId, address, wrongCredentials());
            }
            if (!Boolean.TRUE.equals(account.getActive())) {
                throw failed(studentId, address, new CourtRushException(Outcome.FORBIDDEN, "auth.disabled"));
            }
            throttle.succeeded(studentId, address);
            TokenService.IssuedToken token = tokens.issue(account);
            audit.record(
                    account.actor(),
                    "SIGN_IN",
                    "USER",
                    account.getStudentId(),
                    new EngineText("audit.signedInFrom", "LOCAL"));
            return result(account, token);
        });
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
        throttle.succeeded(staffId, DESK_ADDRESS);
        Caller caller = Caller.atDesk(account.getId(), account.getStudentId(), account.getRole());
        audit.record(caller.actor(), "CONSOLE_SIGN_IN", "USER", account.getStudentId());
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

    private static LoginResult result(UserAccount account, TokenService.IssuedToken token) {
        return new LoginResult(
                token.token(), token.expiresAt(), account.getStudentId(), account.getDisplayName(), account.getRole());
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
        return hashing.run(() -> {
            UserAccount account = accounts.selectById(userId);
            if (account == null || !Boolean.TRUE.equals(account.getActive())) {
                throw new CourtRushException(Outcome.FORBIDDEN, "auth.disabled");
            }
            if (account.getPasswordHash() == null) {
                throw CourtRushException.badRequest("auth.noPasswordHere");
            }
            if (!StudentDirectory.fitsBcrypt(currentPassword) || !matches(currentPassword, account)) {
                throw failed(caller.name(), address, CourtRushException.badRequest("auth.wrongCurrentPassword"));
            }
            throttle.succeeded(caller.name(), address);
            String hash = passwords.encode(newPassword);
            // the new password and the end of every earlier token commit together; only the password
            // is written, so a staff member disabling the account meanwhile is not undone
            TokenService.IssuedToken token = transactions.execute(tx -> {
                accounts.setPasswordHash(userId, hash, LocalDateTime.now(clock));
                return tokens.replaceAll(account);
            });
            audit.record(caller.actor(), "CHANGE_PASSWORD", "USER", account.getStudentId());
            return result(account, token);
        });
    }

    public void logout(Caller caller) {
        tokens.revoke(caller);
    }

    /** What a successful login answers. */
    public record LoginResult(String token, Instant expiresAt, String studentId, String name, Role role) {}
}
