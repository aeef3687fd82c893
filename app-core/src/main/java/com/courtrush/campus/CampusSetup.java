package com.courtrush.campus;

import com.courtrush.account.api.Caller;
import com.courtrush.audit.AuditTrail;
import com.courtrush.audit.api.AuditAction;
import com.courtrush.audit.api.AuditActors;
import com.courtrush.audit.api.AuditTarget;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.campus.api.CampusSignInSettings;
import com.courtrush.campus.api.CampusTrial;
import com.courtrush.core.CourtRushException;
import com.courtrush.core.EngineMessages;
import com.courtrush.core.EngineText;
import com.nimbusds.openid.connect.sdk.op.OIDCProviderMetadata;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;
import org.apereo.cas.client.validation.Cas30ServiceTicketValidator;
import org.apereo.cas.client.validation.TicketValidationException;
import org.springframework.stereotype.Service;

/**
 * The campus sign-in's settings, as a manager sets them (SPEC §18): checked when saved — every address absolute
 * http(s), a rule that lets someone book, and, when it is turned on, the directory answering as its protocol says
 * it should — and tried on request, saying what the directory answered.
 */
@Service
public class CampusSetup {

    private static final Pattern ATTRIBUTE = Pattern.compile("[A-Za-z0-9_:./-]{1,128}");
    private static final int LABEL_MAX = 40;
    private static final int VALUES_MAX = 500;
    /** A ticket no CAS server issued: a CAS 3.0 server answers it with INVALID_TICKET. */
    private static final String MADE_UP_TICKET = "ST-courtrush-try-it";

    private final CampusSettings saved;
    private final OidcProtocol oidc;
    private final LdapProtocol ldap;
    private final DirectoryCalls calls;
    private final AuditTrail audit;

    CampusSetup(CampusSettings saved, OidcProtocol oidc, LdapProtocol ldap, DirectoryCalls calls, AuditTrail audit) {
        this.saved = saved;
        this.oidc = oidc;
        this.ldap = ldap;
        this.calls = calls;
        this.audit = audit;
    }

    /** The settings as saved, the client secret masked. */
    public CampusSignInSettings settings() {
        return masked(saved.saved());
    }

    /**
     * Saves the settings once checked; the mask in place of the secret keeps the saved one, a blank secret clears it.
     * Turning it on asks the directory first: a directory that does not answer as it should is not saved.
     */
    public CampusSignInSettings save(CampusSignInSettings settings, Caller manager) {
        CampusSignInSettings checked = checked(withSecret(settings));
        if (checked.enabled()) {
            CampusTrial trial = trial(checked, Locale.ROOT);
            if (!trial.ok()) {
                throw CourtRushException.conflict("campus.tryFailed", trial.summary());
            }
        }
        saved.keep(checked);
        audit.record(
                manager.actor(),
                AuditAction.SET_CAMPUS_SIGN_IN,
                AuditTarget.SETTING,
                "CAMPUS_SIGN_IN",
                new EngineText(
                        "audit.campusSignInSet",
                        AuditActors.onOff(checked.enabled()),
                        checked.protocol().name(),
                        checked.serverUrl()));
        return settings();
    }

    /** Asks the directory at these settings (saved or not) whether it answers, and says what it answered. */
    public CampusTrial tryIt(CampusSignInSettings settings, Locale locale, Caller manager) {
        return trial(checked(withSecret(settings)), locale);
    }

    private CampusTrial trial(CampusSignInSettings settings, Locale locale) {
        try {
            return calls.run(() -> switch (settings.protocol()) {
                        case CAS -> tryCas(settings, locale);
                        case OIDC -> tryOidc(settings, locale);
                        case LDAP -> tryLdap(settings, locale);
                    })
                    .join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String key = cause instanceof DirectoryRefused ? "campus.try.refused" : "campus.try.down";
            return new CampusTrial(
                    false, EngineMessages.format(locale, key, settings.serverUrl()), List.of(cause.getMessage()));
        }
    }

    private CampusTrial tryOidc(CampusSignInSettings settings, Locale locale) {
        OIDCProviderMetadata metadata = oidc.metadata(settings.serverUrl());
        int keys = oidc.keyCount(metadata);
        List<String> lines = new ArrayList<>();
        lines.add(line(locale, "campus.try.issuer", metadata.getIssuer().getValue()));
        lines.add(line(locale, "campus.try.signInPage", metadata.getAuthorizationEndpointURI()));
        lines.add(line(locale, "campus.try.tokenEndpoint", metadata.getTokenEndpointURI()));
        lines.add(line(locale, "campus.try.keys", keys));
        boolean s256 = metadata.getCodeChallengeMethods() != null
                && metadata.getCodeChallengeMethods().stream().anyMatch(m -> "S256".equals(m.getValue()));
        lines.add(line(locale, s256 ? "campus.try.pkce" : "campus.try.noPkce"));
        URI endSession = metadata.getEndSessionEndpointURI();
        lines.add(
                endSession == null
                        ? line(locale, "campus.try.noLogout")
                        : line(locale, "campus.try.logout", endSession));
        lines.add(line(
                locale,
                metadata.supportsBackChannelLogout() ? "campus.try.backChannel" : "campus.try.noBackChannel",
                settings.publicUrl() + OidcProtocol.CALLBACK + "/logout"));
        lines.add(line(locale, "campus.try.redirect", settings.publicUrl() + OidcProtocol.CALLBACK));
        boolean ok = keys > 0;
        return new CampusTrial(
                ok, EngineMessages.format(locale, ok ? "campus.try.oidcOk" : "campus.try.noKeys"), lines);
    }

    private CampusTrial tryLdap(CampusSignInSettings settings, Locale locale) {
        LdapProtocol.Directory directory = LdapProtocol.directory(settings);
        List<String> lines = new ArrayList<>();
        ldap.reach(settings);
        lines.add(line(
                locale,
                directory.url().startsWith("ldaps:")
                        ? "campus.try.ldaps"
                        : directory.startTls() ? "campus.try.startTls" : "campus.try.ldapPlain",
                directory.url()));
        lines.add(line(locale, "campus.try.ldapBase", directory.base()));
        if (directory.bindsByPattern()) {
            lines.add(line(locale, "campus.try.ldapPattern", directory.serviceDn()));
        } else {
            lines.add(line(
                    locale,
                    directory.serviceDn().isEmpty() ? "campus.try.ldapAnonymous" : "campus.try.ldapService",
                    LdapProtocol.idAttribute(settings),
                    directory.serviceDn()));
        }
        lines.add(line(locale, "campus.try.ldapGroups", LdapProtocol.GROUPS));
        return new CampusTrial(true, EngineMessages.format(locale, "campus.try.ldapOk"), lines);
    }

    private CampusTrial tryCas(CampusSignInSettings settings, Locale locale) {
        String service = settings.publicUrl() + CasProtocol.CALLBACK;
        Cas30ServiceTicketValidator validator = CasProtocol.validator(settings);
        try {
            validator.validate(MADE_UP_TICKET, service);
        } catch (TicketValidationException e) {
            if (DirectoryCalls.unreachable(e)) {
                throw new DirectoryUnreachable(e.getMessage(), e);
            }
            List<String> lines = List.of(
                    line(
                            locale,
                            "campus.try.casAnswered",
                            settings.serverUrl() + "/p3/serviceValidate",
                            e.getMessage()),
                    line(locale, "campus.try.service", service),
                    line(locale, "campus.try.casLogout", service));
            // Apereo's client gives the failure's text, not its code; a page that is no CAS answer has no principal
            boolean speaksCas = e.getMessage() != null && !e.getMessage().startsWith("No principal was found");
            return new CampusTrial(
                    speaksCas,
                    EngineMessages.format(locale, speaksCas ? "campus.try.casOk" : "campus.try.casOdd"),
                    lines);
        } catch (RuntimeException e) {
            if (DirectoryCalls.unreachable(e)) {
                throw new DirectoryUnreachable(e.getMessage(), e);
            }
            throw new DirectoryRefused(e.getMessage(), e);
        }
        throw new DirectoryRefused(
                "The CAS server accepted a ticket it never issued: it is no CAS server to trust", null);
    }

    private static String line(Locale locale, String key, Object... args) {
        return EngineMessages.format(locale, key, args);
    }

    /**
     * The saved secret in place of the mask — only for the directory and client it was saved for: it is never sent
     * to another address.
     */
    private CampusSignInSettings withSecret(CampusSignInSettings settings) {
        if (!CampusSignInSettings.MASK.equals(settings.clientSecret())) {
            return settings;
        }
        CampusSignInSettings before = saved.saved();
        if (!sameAddress(before.serverUrl(), settings.serverUrl())
                || !strip(before.clientId()).equals(strip(settings.clientId()))) {
            throw CourtRushException.badRequest("campus.invalid.secretAgain");
        }
        return copy(settings, before.clientSecret());
    }

    private static boolean sameAddress(String saved, String typed) {
        String a = strip(saved).replaceAll("/+$", "");
        String b = strip(typed).replaceAll("/+$", "");
        return a.equals(b);
    }

    /** The settings tidied (trimmed, addresses without a trailing slash), or refused (400) saying what is wrong. */
    static CampusSignInSettings checked(CampusSignInSettings in) {
        if (in.protocol() == null) {
            throw CourtRushException.badRequest("campus.invalid.protocol");
        }
        String publicUrl = address(in.publicUrl(), "campus.invalid.publicUrl");
        String serverUrl = in.protocol() == CampusProtocol.LDAP
                ? ldapAddress(in.serverUrl())
                : address(in.serverUrl(), "campus.invalid.serverUrl");
        // the directory's answers decide who signs in (a CAS answer is not signed): never over plain http,
        // but to this machine (a test's directory); ldap:// is StartTLS but there
        if (in.protocol() != CampusProtocol.LDAP
                && !serverUrl.regionMatches(true, 0, "https:", 0, 6)
                && !loopback(serverUrl)) {
            throw CourtRushException.badRequest("campus.invalid.https", serverUrl);
        }
        String clientId = strip(in.clientId());
        if (in.protocol() == CampusProtocol.OIDC && clientId.isEmpty()) {
            throw CourtRushException.badRequest("campus.invalid.clientId");
        }
        if (in.protocol() == CampusProtocol.LDAP) {
            ldapServiceDn(serverUrl, clientId);
        }
        String label = strip(in.label());
        if (label.length() > LABEL_MAX) {
            throw CourtRushException.badRequest("campus.invalid.label", LABEL_MAX);
        }
        for (String attribute :
                new String[] {in.idAttribute(), in.nameAttribute(), in.emailAttribute(), in.staffAttribute()}) {
            if (!strip(attribute).isEmpty()
                    && !ATTRIBUTE.matcher(strip(attribute)).matches()) {
                throw CourtRushException.badRequest("campus.invalid.attribute", attribute);
            }
        }
        if (!ATTRIBUTE.matcher(strip(in.bookAttribute())).matches()
                || CampusRules.values(in.bookValues()).isEmpty()) {
            throw CourtRushException.badRequest("campus.invalid.bookRule");
        }
        for (String values : new String[] {in.bookValues(), in.staffValues(), in.managerValues()}) {
            if (strip(values).length() > VALUES_MAX) {
                throw CourtRushException.badRequest("campus.invalid.values", VALUES_MAX);
            }
        }
        return new CampusSignInSettings(
                in.enabled(),
                in.protocol(),
                label,
                publicUrl,
                serverUrl,
                clientId,
                strip(in.clientSecret()),
                strip(in.idAttribute()),
                strip(in.nameAttribute()),
                strip(in.emailAttribute()),
                strip(in.bookAttribute()),
                strip(in.bookValues()),
                strip(in.staffAttribute()),
                strip(in.staffValues()),
                strip(in.managerValues()),
                strip(in.facultyValues()));
    }

    /** An {@code ldaps://} or {@code ldap://} address with a host and the directory's base DN. */
    private static String ldapAddress(String value) {
        String text = strip(value);
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        try {
            URI uri = new URI(text);
            if (uri.getQuery() != null || uri.getFragment() != null || uri.getUserInfo() != null) {
                throw CourtRushException.badRequest("campus.invalid.ldapUrl", value);
            }
            LdapProtocol.directory(text, "", "");
            return text;
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            throw CourtRushException.badRequest("campus.invalid.ldapUrl", value);
        }
    }

    /** A service account's DN, a bind pattern with {@code {0}}, or blank. */
    private static void ldapServiceDn(String serverUrl, String dn) {
        try {
            LdapProtocol.directory(serverUrl, dn, "");
        } catch (IllegalArgumentException e) {
            throw CourtRushException.badRequest("campus.invalid.ldapDn", dn, "{0}");
        }
    }

    /** An absolute http(s) address with a host, no query or fragment, without its trailing slash. */
    private static String address(String value, String problem) {
        String text = strip(value);
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        try {
            URI uri = new URI(text);
            boolean web = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
            if (!web
                    || uri.getHost() == null
                    || uri.getQuery() != null
                    || uri.getFragment() != null
                    || uri.getUserInfo() != null) {
                throw CourtRushException.badRequest(problem, value);
            }
            return text;
        } catch (java.net.URISyntaxException e) {
            throw CourtRushException.badRequest(problem, value);
        }
    }

    private static boolean loopback(String address) {
        return LdapProtocol.loopback(URI.create(address).getHost());
    }

    private static String strip(String value) {
        return value == null ? "" : value.strip();
    }

    private static CampusSignInSettings masked(CampusSignInSettings settings) {
        return CampusRules.hasText(settings.clientSecret()) ? copy(settings, CampusSignInSettings.MASK) : settings;
    }

    private static CampusSignInSettings copy(CampusSignInSettings s, String secret) {
        return new CampusSignInSettings(
                s.enabled(),
                s.protocol(),
                s.label(),
                s.publicUrl(),
                s.serverUrl(),
                s.clientId(),
                secret,
                s.idAttribute(),
                s.nameAttribute(),
                s.emailAttribute(),
                s.bookAttribute(),
                s.bookValues(),
                s.staffAttribute(),
                s.staffValues(),
                s.managerValues(),
                s.facultyValues());
    }
}
