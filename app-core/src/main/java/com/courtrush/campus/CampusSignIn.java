package com.courtrush.campus;

import com.courtrush.account.AuthService;
import com.courtrush.account.DirectoryAccounts;
import com.courtrush.account.DirectoryVerdicts;
import com.courtrush.account.TokenService;
import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.campus.api.CampusOffer;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineText;
import com.courtrush.core.Futures;
import com.courtrush.core.LogSafe;
import com.courtrush.core.OutsideRefusals;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtException;
import org.springframework.stereotype.Service;

/**
 * A campus sign-in from end to end (SPEC §18): the browser sent to the directory; its return checked (state taken
 * once, from the browser that began, the ticket or code validated on a directory thread); the person mapped by the
 * gym's rules; their account signed in by {@link DirectoryAccounts}, which issues the engine's own token; the page
 * sent back with a one-time code for it, or with why not. Single logouts from the directory end the tokens of its
 * session on every node.
 */
@Service
public class CampusSignIn {

    private static final Logger log = LoggerFactory.getLogger(CampusSignIn.class);
    private static final OutsideRefusals refusals = new OutsideRefusals(CampusSignIn.class);

    /** Why a sign-in came back without a token: what the page says (its {@code #campus-error=} reasons). */
    enum Refusal {
        notAllowed,
        left,
        disabled,
        down,
        expired,
        failed
    }

    private final CampusSettings settings;
    private final CampusFlows flows;
    private final CasProtocol cas;
    private final OidcProtocol oidc;
    private final DirectoryCalls calls;
    private final DirectoryAccounts accounts;
    private final DirectoryVerdicts verdicts;
    private final TokenService tokens;
    private final AuditTrail audit;

    CampusSignIn(
            CampusSettings settings,
            CampusFlows flows,
            CasProtocol cas,
            OidcProtocol oidc,
            DirectoryCalls calls,
            DirectoryAccounts accounts,
            DirectoryVerdicts verdicts,
            TokenService tokens,
            AuditTrail audit) {
        this.settings = settings;
        this.flows = flows;
        this.cas = cas;
        this.oidc = oidc;
        this.calls = calls;
        this.accounts = accounts;
        this.verdicts = verdicts;
        this.tokens = tokens;
        this.audit = audit;
    }

    /** What the page offers before sign-in. */
    public CampusOffer offer() {
        return settings.enabled()
                .map(on -> new CampusOffer(true, on.protocol(), on.label()))
                .orElseGet(() -> new CampusOffer(false, null, ""));
    }

    /** Whether students reach this engine by https (the campus sign-in's public address says so). */
    boolean publicAddressIsHttps() {
        return settings.enabled()
                .map(on -> on.publicUrl().regionMatches(true, 0, "https:", 0, 6))
                .orElse(false);
    }

    /** Back to the page: this address began too many sign-ins in the last minute. */
    URI tooManyStarts() {
        log.debug("Campus sign-in: too many starts from one address in a minute; refused for now");
        return refused(settings.enabled().orElse(null), Refusal.failed);
    }

    /** Where the browser goes to sign in (the directory), or back to the page saying why not. */
    CompletableFuture<URI> start(String cookie) {
        Optional<CampusSignInSettings> on = settings.enabled();
        if (on.isEmpty()) {
            return CompletableFuture.completedFuture(refused(null, Refusal.failed));
        }
        CampusSignInSettings set = on.get();
        if (set.protocol() == CampusProtocol.LDAP) {
            // no page to leave for: the sign-in form's password goes to the directory (AuthService, LdapSignIn)
            return CompletableFuture.completedFuture(refused(set, Refusal.failed));
        }
        String state = CampusFlows.random();
        String binding = CampusFlows.binding(cookie);
        if (set.protocol() == CampusProtocol.CAS) {
            String service = CasProtocol.service(set, state);
            flows.begin(state, new CampusFlows.Start(CasProtocol.SOURCE, binding, service, null, null));
            return CompletableFuture.completedFuture(URI.create(CasProtocol.loginUrl(set, service)));
        }
        return calls.run(() -> {
                    OidcProtocol.Started started = oidc.start(oidc.provider(set), state);
                    flows.begin(
                            state,
                            new CampusFlows.Start(
                                    OidcProtocol.SOURCE, binding, null, started.codeVerifier(), started.nonce()));
                    return started.redirect();
                })
                .exceptionally(failure -> failedReturn(set, failure));
    }

    /** The CAS server sent the browser back with a ticket. */
    CompletableFuture<URI> casReturned(String state, String ticket, String cookie) {
        Optional<CampusSignInSettings> on = settings.enabled().filter(set -> set.protocol() == CampusProtocol.CAS);
        if (on.isEmpty()) {
            return CompletableFuture.completedFuture(refused(null, Refusal.failed));
        }
        CampusSignInSettings set = on.get();
        Optional<CampusFlows.Start> start =
                flows.take(state, cookie).filter(s -> CasProtocol.SOURCE.equals(s.protocol()));
        if (start.isEmpty() || ticket == null || ticket.isBlank()) {
            refusals.refused("A CAS return", "no sign-in of this browser under way, or no ticket");
            return CompletableFuture.completedFuture(refused(set, Refusal.expired));
        }
        return calls.run(() -> {
                    CasProtocol.Validated validated =
                            cas.validate(set, ticket, start.get().service());
                    Map<String, List<String>> attributes = CampusRules.normalized(validated.attributes());
                    String id = CampusRules.hasText(set.idAttribute())
                            ? CampusRules.first(attributes, set.idAttribute())
                            : validated.user();
                    return signedIn(
                            set,
                            CasProtocol.SOURCE,
                            id,
                            "CAS:" + validated.user(),
                            attributes,
                            cookie,
                            List.of(ticket),
                            new CampusFlows.Exit(CasProtocol.SOURCE, CasProtocol.logoutUrl(set)));
                })
                .exceptionally(failure -> failedReturn(set, failure));
    }

    /** The OpenID provider sent the browser back with a code (or an error). */
    CompletableFuture<URI> oidcReturned(String state, String code, String error, String cookie) {
        Optional<CampusSignInSettings> on = settings.enabled().filter(set -> set.protocol() == CampusProtocol.OIDC);
        if (on.isEmpty()) {
            return CompletableFuture.completedFuture(refused(null, Refusal.failed));
        }
        CampusSignInSettings set = on.get();
        Optional<CampusFlows.Start> start =
                flows.take(state, cookie).filter(s -> OidcProtocol.SOURCE.equals(s.protocol()));
        if (start.isEmpty()) {
            refusals.refused("An OpenID return", "no sign-in of this browser under way");
            return CompletableFuture.completedFuture(refused(set, Refusal.expired));
        }
        if (error != null || code == null || code.isBlank()) {
            log.info("The OpenID provider sent a sign-in back without a code: {}", LogSafe.of(error));
            return CompletableFuture.completedFuture(refused(set, Refusal.failed));
        }
        return calls.run(() -> {
                    OidcProtocol.Provider provider = oidc.provider(set);
                    OidcProtocol.Finished finished = oidc.finish(
                            provider,
                            new OidcProtocol.Started(
                                    null,
                                    state,
                                    start.get().codeVerifier(),
                                    start.get().nonce()),
                            code);
                    Map<String, List<String>> attributes = CampusRules.normalized(finished.claims());
                    String idName = CampusRules.hasText(set.idAttribute()) ? set.idAttribute() : "preferred_username";
                    List<String> sessions = new ArrayList<>();
                    if (finished.sid() != null) {
                        sessions.add("sid:" + finished.sid());
                    }
                    sessions.add("sub:" + finished.subject());
                    return signedIn(
                            set,
                            OidcProtocol.SOURCE,
                            CampusRules.first(attributes, idName),
                            "OIDC:"
                                    + provider.registration()
                                            .getProviderDetails()
                                            .getIssuerUri() + "|" + finished.subject(),
                            attributes,
                            cookie,
                            sessions,
                            new CampusFlows.Exit(
                                    OidcProtocol.SOURCE,
                                    OidcProtocol.logoutUrl(provider, finished.idToken(), set.publicUrl())));
                })
                .exceptionally(failure -> failedReturn(set, failure));
    }

    private URI signedIn(
            CampusSignInSettings set,
            String source,
            String id,
            String subject,
            Map<String, List<String>> attributes,
            String cookie,
            List<String> sessions,
            CampusFlows.Exit exit) {
        if (!DirectoryAccounts.fitsAnId(id)) {
            log.warn(
                    "The directory's {} sign-in named no usable id ({}={}); check the id attribute",
                    source,
                    CampusRules.hasText(set.idAttribute()) ? set.idAttribute() : "(default)",
                    id);
            return refused(set, Refusal.failed);
        }
        Role role = CampusRules.roleOf(set, attributes);
        if (role == null) {
            audit.record(
                    "directory:" + source,
                    AuditAction.SIGN_IN_REFUSED,
                    AuditTarget.USER,
                    id,
                    new EngineText(
                            "audit.signInNotAllowed",
                            source,
                            set.bookAttribute(),
                            String.join(",", attributes.getOrDefault(set.bookAttribute(), List.of()))));
            // a person the directory let in before: every token of theirs ends now, on every node, and they are told
            // that bookings paid for stand (issue 75)
            return refused(set, verdicts.refusedAtSignIn(source, id, subject) ? Refusal.left : Refusal.notAllowed);
        }
        DirectoryAccounts.SignedIn signedIn;
        try {
            signedIn = accounts.signIn(new DirectoryAccounts.DirectoryPerson(
                    id,
                    CampusRules.first(attributes, orDefault(set.nameAttribute(), "name")),
                    CampusRules.first(attributes, orDefault(set.emailAttribute(), "email")),
                    role,
                    source,
                    subject,
                    CampusRules.categoryOf(set, attributes)));
        } catch (CourtRushException refusal) {
            return refused(set, "auth.disabled".equals(refusal.key()) ? Refusal.disabled : Refusal.failed);
        }
        flows.hold(signedIn, source, sessions, exit);
        return URI.create(set.publicUrl() + "/#campus=" + flows.handOff(cookie, signedIn.login()));
    }

    private URI failedReturn(CampusSignInSettings set, Throwable failure) {
        Throwable cause = Futures.cause(failure);
        if (cause instanceof DirectoryUnreachable || DirectoryCalls.unreachable(cause)) {
            log.warn("Campus sign-in: the directory did not answer: {}", cause.toString());
            return refused(set, Refusal.down);
        }
        if (cause instanceof CourtRushException busy) {
            log.warn("Campus sign-in refused: {}", busy.getMessage());
            return refused(set, Refusal.down);
        }
        if (cause instanceof DirectoryRefused || cause instanceof AuthenticationException) {
            log.info("Campus sign-in refused by the directory's answer: {}", cause.getMessage());
            return refused(set, Refusal.failed);
        }
        log.error("Campus sign-in failed", cause);
        return refused(set, Refusal.failed);
    }

    private static URI refused(CampusSignInSettings set, Refusal why) {
        String base = set == null ? "" : set.publicUrl();
        return URI.create(base + "/#campus-error=" + why.name());
    }

    /** The page fetches the engine's answer with its one-time code. */
    AuthService.LoginResult fetch(String code, String cookie) {
        return flows.fetch(code, cookie).orElseThrow(() -> CourtRushException.badRequest("campus.codeUsed"));
    }

    /** A CAS single logout: every engine token of the ticket's session ends, on every node. */
    int casLoggedOut(String logoutRequest) {
        boolean cas = settings.enabled()
                .filter(on -> on.protocol() == CampusProtocol.CAS)
                .isPresent();
        if (!cas) {
            refusals.refused("A CAS logout", "the campus sign-in is not CAS");
            throw CourtRushException.badRequest("campus.notALogout");
        }
        String ticket = CasProtocol.loggedOutTicket(logoutRequest);
        if (ticket == null) {
            refusals.refused(
                    "A CAS logout",
                    "not a SAML LogoutRequest with a SessionIndex ({} characters)",
                    length(logoutRequest));
            throw CourtRushException.badRequest("campus.notALogout");
        }
        return end(CasProtocol.SOURCE, List.of(ticket));
    }

    /**
     * An OpenID back-channel logout: checked (keys, issuer, audience, issued just now, its {@code jti} never seen),
     * then every engine token of its session (or subject) ends.
     */
    CompletableFuture<Integer> oidcLoggedOut(String logoutToken) {
        CampusSignInSettings set = settings.enabled()
                .filter(on -> on.protocol() == CampusProtocol.OIDC)
                .orElseThrow(() -> CourtRushException.badRequest("campus.notALogout"));
        return calls.run(() -> {
            Jwt token;
            try {
                token = oidc.logoutToken(oidc.provider(set), logoutToken);
            } catch (DirectoryUnreachable e) {
                throw CourtRushException.unavailable(e, "campus.directoryDown");
            } catch (JwtException e) {
                refusals.refused("An OpenID back-channel logout token", "{}", e.getMessage());
                throw CourtRushException.badRequest("campus.notALogout");
            }
            if (!flows.firstLogoutToken(token.getId(), OidcProtocol.LOGOUT_TOKEN_AGE.multipliedBy(2))) {
                refusals.refused("An OpenID back-channel logout token", "it came again (jti {})", token.getId());
                throw CourtRushException.badRequest("campus.notALogout");
            }
            String sid = token.getClaimAsString("sid");
            return end(OidcProtocol.SOURCE, sid != null ? List.of("sid:" + sid) : List.of("sub:" + token.getSubject()));
        });
    }

    private int end(String source, List<String> sessions) {
        int ended = 0;
        for (String session : sessions) {
            for (CampusFlows.Held held : flows.release(source, session)) {
                tokens.revoke(held.userId(), held.tokenId(), Instant.ofEpochSecond(held.expiresAtEpochSecond()));
                ended++;
            }
        }
        // the session named by a digest: a service ticket in the audit trail would be a way to end it again
        audit.record(
                "directory:" + source,
                AuditAction.SINGLE_LOGOUT,
                AuditTarget.SESSION,
                CampusFlows.binding(sessions.get(0)).substring(0, 16),
                new EngineText("audit.singleLogout", ended));
        return ended;
    }

    /**
     * Signs the caller out here; answers where they may sign out of the directory too (null when their token came
     * from no campus sign-in, or the directory has no logout).
     */
    String signOut(Caller caller) {
        tokens.revoke(caller);
        return flows.exit(caller.tokenId()).map(CampusFlows.Exit::logoutUrl).orElse(null);
    }

    private static String orDefault(String value, String fallback) {
        return CampusRules.hasText(value) ? value : fallback;
    }

    private static int length(String text) {
        return text == null ? 0 : text.length();
    }
}
