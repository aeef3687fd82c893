package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.audit.AuditTrail;
import com.courtrush.web.CourtRushException;
import com.courtrush.web.Outcome;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;

/** Logs students and staff in and out. */
@Service
public class AuthService {

    private final UserAccountMapper accounts;
    private final PasswordEncoder passwords;
    private final TokenService tokens;
    private final AuditTrail audit;
    /** Compared against when the account does not exist, so both cases take as long. */
    private final String decoyHash;

    AuthService(UserAccountMapper accounts, PasswordEncoder passwords, TokenService tokens, AuditTrail audit) {
        this.accounts = accounts;
        this.audit = audit;
        this.passwords = passwords;
        this.tokens = tokens;
        this.decoyHash = passwords.encode("decoy-password-for-timing");
    }

    public LoginResult login(String studentId, String password) {
        UserAccount account = accounts.selectOne(new LambdaQueryWrapper<UserAccount>()
                .eq(UserAccount::getStudentId, studentId));
        if (account == null) {
            passwords.matches(password, decoyHash);
            throw new CourtRushException(Outcome.UNAUTHORIZED, "auth.wrongCredentials");
        }
        if (!passwords.matches(password, account.getPasswordHash())) {
            throw new CourtRushException(Outcome.UNAUTHORIZED, "auth.wrongCredentials");
        }
        if (!Boolean.TRUE.equals(account.getActive())) {
            throw new CourtRushException(Outcome.FORBIDDEN, "auth.disabled");
        }
        return result(account, tokens.issue(account));
    }

    private static LoginResult result(UserAccount account, TokenService.IssuedToken token) {
        return new LoginResult(token.token(), token.expiresAt(), account.getStudentId(), account.getDisplayName(),
                account.getRole());
    }

    /**
     * The signed-in student changes their own password. Every token of theirs stops working on
     * every node (a lost phone signs out too); the answer carries a new token for this device.
     */
    public LoginResult changePassword(Caller caller, String currentPassword, String newPassword) {
        UserAccount account = accounts.selectById(caller.requireUserId());
        if (account == null || !Boolean.TRUE.equals(account.getActive())) {
            throw new CourtRushException(Outcome.FORBIDDEN, "auth.disabled");
        }
        if (!passwords.matches(currentPassword, account.getPasswordHash())) {
            throw CourtRushException.badRequest("auth.wrongCurrentPassword");
        }
        StudentDirectory.requireValidPassword(newPassword);
        account.setPasswordHash(passwords.encode(newPassword));
        accounts.updateById(account);
        audit.record(caller.actor(), "CHANGE_PASSWORD", "USER", account.getStudentId(), null);
        return result(account, tokens.replaceAll(account));
    }

    public void logout(Caller caller) {
        tokens.revoke(caller);
    }

    /** What a successful login answers. */
    public record LoginResult(String token, java.time.Instant expiresAt, String studentId, String name, Role role) {
    }
}
