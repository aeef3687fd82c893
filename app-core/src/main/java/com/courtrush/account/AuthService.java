package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
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
    /** Compared against when the account does not exist, so both cases take as long. */
    private final String decoyHash;

    AuthService(UserAccountMapper accounts, PasswordEncoder passwords, TokenService tokens) {
        this.accounts = accounts;
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
        TokenService.IssuedToken token = tokens.issue(account);
        return new LoginResult(token.token(), token.expiresAt(), account.getStudentId(), account.getDisplayName(),
                account.getRole());
    }

    public void logout(Caller caller) {
        tokens.revoke(caller);
    }

    /** What a successful login answers. */
    public record LoginResult(String token, java.time.Instant expiresAt, String studentId, String name, Role role) {
    }
}
