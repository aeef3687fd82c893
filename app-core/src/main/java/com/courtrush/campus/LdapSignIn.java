package com.courtrush.campus;

import com.courtrush.account.DirectoryAccounts;
import com.courtrush.account.DirectoryPasswords;
import com.courtrush.account.DirectoryVerdicts;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Futures;
import com.courtrush.core.LogSafe;
import com.courtrush.core.Outcome;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * The campus sign-in by LDAP bind (SPEC §18): the one sign-in form's id and password checked by the directory, on
 * a thread of the directory's password checks ({@link DirectoryCalls#check}: a storm queues as for hashing, waits
 * out an opening's rush, and holds no request thread; a directory down or slow is told as
 * {@code campus.directoryDown} within the connections' timeouts), and the person mapped by the gym's rules as for
 * CAS and OpenID Connect. Making the account and issuing the token are the account's ({@link DirectoryAccounts}).
 */
@Service
class LdapSignIn implements DirectoryPasswords {

    private static final Logger log = LoggerFactory.getLogger(LdapSignIn.class);

    private final CampusSettings settings;
    private final LdapProtocol ldap;
    private final DirectoryCalls calls;
    private final AuditTrail audit;
    private final DirectoryVerdicts verdicts;

    LdapSignIn(
            CampusSettings settings,
            LdapProtocol ldap,
            DirectoryCalls calls,
            AuditTrail audit,
            DirectoryVerdicts verdicts) {
        this.settings = settings;
        this.ldap = ldap;
        this.calls = calls;
        this.audit = audit;
        this.verdicts = verdicts;
    }

    @Override
    public Optional<String> checking() {
        return on().map(set -> set.label() == null ? "" : set.label());
    }

    private Optional<CampusSignInSettings> on() {
        return settings.enabled().filter(set -> set.protocol() == CampusProtocol.LDAP);
    }

    @Override
    public CompletableFuture<DirectoryAccounts.DirectoryPerson> check(String id, String password) {
        Optional<CampusSignInSettings> on = on();
        if (on.isEmpty()) {
            return CompletableFuture.failedFuture(wrongCredentials());
        }
        CampusSignInSettings set = on.get();
        return calls.check(() -> person(set, id, password)).exceptionally(failure -> {
            throw new CompletionException(refusal(id, failure));
        });
    }

    private DirectoryAccounts.DirectoryPerson person(CampusSignInSettings set, String typed, String password) {
        LdapProtocol.Bound bound = ldap.bind(set, typed, password);
        DirectoryAccounts.DirectoryPerson person = describe(set, bound, typed);
        if (person.role() == null) {
            audit.record(
                    "directory:" + LdapProtocol.SOURCE,
                    AuditAction.SIGN_IN_REFUSED,
                    AuditTarget.USER,
                    person.id(),
                    new EngineText(
                            "audit.signInNotAllowed",
                            LdapProtocol.SOURCE,
                            set.bookAttribute(),
                            String.join(",", bound.attributes().getOrDefault(set.bookAttribute(), List.of()))));
            // a person the directory let in before: every token of theirs ends now (issue 75), and they are told
            // they may book no more
            boolean left = verdicts.refusedAtSignIn(LdapProtocol.SOURCE, person.id(), person.subject());
            throw new CourtRushException(Outcome.FORBIDDEN, left ? "campus.left" : "campus.notAllowed");
        }
        return person;
    }

    /**
     * The person an entry describes, after the gym's rules: their role {@code null} when the rules give them none.
     * Refused ({@code campus.noId}, 403) when the entry has no usable id.
     */
    static DirectoryAccounts.DirectoryPerson describe(
            CampusSignInSettings set, LdapProtocol.Bound bound, String typed) {
        Map<String, List<String>> attributes = bound.attributes();
        String id = Optional.ofNullable(CampusRules.first(attributes, LdapProtocol.idAttribute(set)))
                .orElse(typed);
        if (!DirectoryAccounts.fitsAnId(id)) {
            log.warn(
                    "The directory's LDAP entry {} has no usable id ({}={}); check the id attribute",
                    LogSafe.of(bound.dn()),
                    LdapProtocol.idAttribute(set),
                    LogSafe.of(id));
            throw new CourtRushException(Outcome.FORBIDDEN, "campus.noId");
        }
        return new DirectoryAccounts.DirectoryPerson(
                id,
                CampusRules.first(attributes, CampusRules.hasText(set.nameAttribute()) ? set.nameAttribute() : "cn"),
                CampusRules.first(
                        attributes, CampusRules.hasText(set.emailAttribute()) ? set.emailAttribute() : "mail"),
                CampusRules.roleOf(set, attributes),
                LdapProtocol.SOURCE,
                LdapProtocol.SOURCE + ":" + bound.dn().toLowerCase(java.util.Locale.ROOT),
                CampusRules.categoryOf(set, attributes));
    }

    /** What the sign-in is told of a failure: a wrong password as a local one, the directory down as down. */
    private static CourtRushException refusal(String id, Throwable failure) {
        Throwable cause = Futures.cause(failure);
        if (cause instanceof CourtRushException refused) {
            return refused;
        }
        if (cause instanceof LdapProtocol.WrongPassword) {
            log.debug("LDAP sign-in of {} refused by the directory: {}", LogSafe.of(id), cause.getMessage());
            return wrongCredentials();
        }
        if (cause instanceof DirectoryUnreachable || DirectoryCalls.unreachable(cause)) {
            log.warn("LDAP sign-in: the directory did not answer: {}", cause.toString());
            return CourtRushException.unavailable(cause, "campus.directoryDown");
        }
        if (cause instanceof DirectoryRefused) {
            log.warn("LDAP sign-in of {} refused: {}", LogSafe.of(id), cause.getMessage());
            return wrongCredentials();
        }
        log.error("LDAP sign-in of {} failed", LogSafe.of(id), cause);
        return CourtRushException.unavailable(cause, "campus.directoryDown");
    }

    private static CourtRushException wrongCredentials() {
        return new CourtRushException(Outcome.UNAUTHORIZED, "auth.wrongCredentials");
    }
}
