package com.courtrush.account;

import com.baomidou.mybatisplus.core.conditions.query.LambdaQueryWrapper;
import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Signs in a person the campus directory vouched for (SPEC §18): their account is made at the first sign-in, and
 * the engine issues its own token as for a password sign-in, so the rush never asks the directory.
 *
 * <ul>
 *   <li>A student who first signed in with a local password is the same account when the ids match.
 *   <li>An account is bound to the directory's person who first signed in to it (CAS user; OpenID issuer and
 *       subject): another person the directory maps to the same id is refused, whatever the id attribute says.
 *   <li>A staff or manager account the gym made is never signed in through the directory: its password stays the
 *       only way in, so a directory cannot sign anyone in as the first manager, always local.
 *   <li>An account the gym disabled stays disabled, whatever the directory says.
 *   <li>The directory's role (from its groups) is taken by accounts the directory made; a change ends their
 *       earlier tokens on every node. What it says later: {@link DirectoryVerdicts}.
 *   <li>A staff token from CAS or OpenID Connect lives an hour at most: nothing else asks those directories again.
 * </ul>
 *
 * Every sign-in and every account made is audited with its source.
 */
@Service
public class DirectoryAccounts {

    private static final Logger log = LoggerFactory.getLogger(DirectoryAccounts.class);
    private static final Pattern STUDENT_ID = Pattern.compile(StudentDirectory.STUDENT_ID_PATTERN);
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]{1,64}@[^@\\s]{1,189}");
    private static final int NAME_MAX = 64;
    static final String ORIGIN_LOCAL = "LOCAL";
    private static final int MADE_AT_ONCE_ATTEMPTS = 3;
    /** How long a staff token lives when nothing but a sign-in asks the directory again (CAS, OpenID Connect). */
    private static final Duration STAFF_UNTIL_ASKED_AGAIN = Duration.ofHours(1);

    private final UserAccountMapper accounts;
    private final DirectoryMapper directory;
    private final TokenService tokens;
    private final AuditTrail audit;
    private final SignInAudit signIns;
    private final TransactionTemplate transactions;
    private final Clock clock;

    DirectoryAccounts(
            UserAccountMapper accounts,
            DirectoryMapper directory,
            TokenService tokens,
            AuditTrail audit,
            SignInAudit signIns,
            TransactionTemplate transactions,
            Clock clock) {
        this.accounts = accounts;
        this.directory = directory;
        this.tokens = tokens;
        this.audit = audit;
        this.signIns = signIns;
        this.transactions = transactions;
        this.clock = clock;
    }

    /**
     * A person as the directory described them, after the gym's rules: their id, name and email from the mapped
     * attributes, the role they get ({@code null}: the directory says they may not book and are no staff).
     *
     * @param source {@code CAS}, {@code OIDC} or {@code LDAP}
     * @param subject who the directory says this is, for good: the CAS user, the OpenID issuer and subject, or the
     *     LDAP entry's DN
     */
    public record DirectoryPerson(
            String id, String name, String email, Role role, String source, String subject, Category category) {

        /** A person whose booking category the directory does not say. */
        public DirectoryPerson(String id, String name, String email, Role role, String source, String subject) {
            this(id, name, email, role, source, subject, null);
        }
    }

    /** A sign-in the directory vouched for: what the page gets, and the token's id for a later single logout. */
    public record SignedIn(AuthService.LoginResult login, long userId, String tokenId, Instant expiresAt) {}

    /**
     * Whether the directory is asked about this person again only when they next sign in (issue 75): staff of CAS,
     * which has no back channel for a role taken away, and of OpenID Connect, whose back-channel logout ends a
     * session but says nothing of a group left (the engine keeps no refresh token to fail). LDAP's people are looked
     * up with the service account ({@code LdapLookups}).
     */
    private static boolean asksAgainOnlyAtSignIn(DirectoryPerson person) {
        return person.role().isStaff() && !"LDAP".equals(person.source());
    }

    /** Whether {@code id} can be an account's id here (the pattern local accounts follow). */
    public static boolean fitsAnId(String id) {
        return id != null && STUDENT_ID.matcher(id).matches();
    }

    /**
     * Signs the person in, making their account when it is their first time. Refused (403, {@code auth.disabled})
     * when the gym disabled the account.
     */
    public SignedIn signIn(DirectoryPerson person) {
        UserAccount account = admitted(person);
        TokenService.IssuedToken token =
                asksAgainOnlyAtSignIn(person) ? tokens.issue(account, STAFF_UNTIL_ASKED_AGAIN) : tokens.issue(account);
        signIns.signedIn(account, person.source());
        AuthService.LoginResult login = AuthService.LoginResult.of(account, token);
        return new SignedIn(login, account.getId(), token.tokenId(), token.expiresAt());
    }

    /**
     * The person's account, found or made, that they may be signed in to now — at the console, which issues no token
     * (the caller audits the sign-in). Refused as {@link #signIn} refuses.
     */
    UserAccount admitted(DirectoryPerson person) {
        if (!fitsAnId(person.id()) || person.role() == null) {
            throw new IllegalArgumentException("Not a person who may sign in here: " + person.id());
        }
        Lookup lookup = lookUp(person);
        UserAccount account = lookup.account();
        if (lookup.refusedWhy() != null) {
            audit.record(
                    "directory:" + person.source(),
                    AuditAction.SIGN_IN_REFUSED,
                    AuditTarget.USER,
                    account.getStudentId(),
                    new EngineText(lookup.refusedWhy(), person.source()));
            throw new CourtRushException(Outcome.FORBIDDEN, "campus.notThisAccount");
        }
        if (!Boolean.TRUE.equals(account.getActive())) {
            throw signIns.disabled(account, person.source());
        }
        return account;
    }

    /**
     * The person's account, found or made. Made by a sign-in of the same person at this moment, it is looked for
     * again in a new transaction — the failed one cannot see it, its snapshot was taken before (MariaDB's repeatable
     * read) — a few times, while the other one commits.
     */
    private Lookup lookUp(DirectoryPerson person) {
        for (int attempt = 1; ; attempt++) {
            try {
                return transactions.execute(tx -> accountOf(person));
            } catch (DuplicateKeyException e) {
                if (attempt == MADE_AT_ONCE_ATTEMPTS) {
                    throw e;
                }
                log.debug("Account {} was made by a sign-in at the same moment; looking again", person.id(), e);
            }
        }
    }

    /** The account found or made; {@code refusedWhy}: why the directory may not sign in to it (an audit key). */
    private record Lookup(UserAccount account, String refusedWhy) {}

    private Lookup accountOf(DirectoryPerson person) {
        UserAccount account = find(person.id());
        if (account == null) {
            Lookup made = made(person);
            takeEmail(made.account(), person);
            return made;
        }
        if (!Boolean.TRUE.equals(account.getActive())) {
            return new Lookup(account, null); // refused by the caller: nothing about it changes
        }
        if (ORIGIN_LOCAL.equals(account.getOrigin()) && account.getRole().isStaff()) {
            return new Lookup(account, "audit.signInLocalStaff");
        }
        LocalDateTime now = LocalDateTime.now(clock);
        if (account.getDirectorySubject() == null) {
            accounts.bindDirectorySubject(account.getId(), person.subject(), now);
        } else if (!account.getDirectorySubject().equals(person.subject())) {
            return new Lookup(account, "audit.signInOtherPerson");
        }
        if (!ORIGIN_LOCAL.equals(account.getOrigin())) {
            // the directory vouches for the person now: no longer left (issue 75), their role taken
            directory.vouched(account.getId(), now);
            if (takeRole(account, person.role()) | takeCategory(account, person.category())) {
                account = find(person.id());
            }
        }
        takeEmail(account, person);
        return new Lookup(account, null);
    }

    /**
     * The directory's role for the account it made for this person, when there is one (an active one, bound to the
     * same person): as at a sign-in, but no account is made and no token issued.
     */
    void takeRoleOfKnown(DirectoryPerson person) {
        UserAccount account = find(person.id());
        if (account != null
                && Boolean.TRUE.equals(account.getActive())
                && person.source().equals(account.getOrigin())
                && person.subject().equals(account.getDirectorySubject())) {
            takeRole(account, person.role());
        }
    }

    /**
     * The directory's role for an account it made: a change is written and audited, and every token of the account
     * ends on every node (a token says its role). Answers whether it changed.
     */
    boolean takeRole(UserAccount account, Role role) {
        if (account.getRole() == role) {
            return false;
        }
        transactions.executeWithoutResult(tx -> {
            accounts.setRole(account.getId(), role.name(), LocalDateTime.now(clock));
            tokens.revokeAll(account.getId());
        });
        audit.record(
                account.actor(),
                AuditAction.ROLE_FROM_DIRECTORY,
                AuditTarget.USER,
                account.getStudentId(),
                new EngineText("audit.roleFromDirectory", account.getRole().name(), role.name()));
        return true;
    }

    /**
     * What the directory says the person books as (SPEC §21), for an account it made: a change is written and audited,
     * and every node reads the account again, its tokens kept. Answers whether it changed.
     */
    private boolean takeCategory(UserAccount account, Category category) {
        if (category == null || account.getCategory() == category) {
            return false;
        }
        transactions.executeWithoutResult(tx -> {
            accounts.setCategory(account.getId(), category, LocalDateTime.now(clock));
            tokens.readAgain(account.getId());
        });
        audit.record(
                account.actor(),
                AuditAction.SET_CATEGORY,
                AuditTarget.USER,
                account.getStudentId(),
                new EngineText("audit.category", account.getStudentId(), category.name()));
        return true;
    }

    /** The directory's address, taken as verified, unless the student has one of their own. */
    private void takeEmail(UserAccount account, DirectoryPerson person) {
        String email = person.email();
        if (email != null && EMAIL.matcher(email).matches()) {
            accounts.takeDirectoryEmail(account.getId(), email, LocalDateTime.now(clock));
        }
    }

    /**
     * The account made at a first sign-in. A sign-in of the same person at the same moment (another tab, another
     * node) may make it first: the insert then fails, and the caller looks again in a new transaction.
     */
    private Lookup made(DirectoryPerson person) {
        UserAccount account = new UserAccount();
        account.setStudentId(person.id());
        account.setDisplayName(displayName(person));
        account.setRole(person.role());
        account.setCategory(person.category());
        account.setActive(true);
        account.setOrigin(person.source());
        account.setDirectorySubject(person.subject());
        accounts.insert(account);
        directory.vouched(account.getId(), LocalDateTime.now(clock));
        account.setTokenGeneration(0);
        audit.record(
                account.actor(),
                AuditAction.ACCOUNT_MADE,
                AuditTarget.USER,
                account.getStudentId(),
                new EngineText(
                        "audit.accountFromDirectory",
                        person.source(),
                        person.role().name()));
        return new Lookup(account, null);
    }

    private UserAccount find(String id) {
        return accounts.selectOne(new LambdaQueryWrapper<UserAccount>().eq(UserAccount::getStudentId, id));
    }

    private static String displayName(DirectoryPerson person) {
        String name = person.name() == null || person.name().isBlank()
                ? person.id()
                : person.name().strip();
        return name.length() <= NAME_MAX ? name : name.substring(0, NAME_MAX);
    }
}
