package com.courtrush.campus;

import com.courtrush.campus.api.CampusSignInSettings;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.Attribute;
import javax.naming.directory.Attributes;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.ldap.AuthenticationException;
import org.springframework.ldap.CommunicationException;
import org.springframework.ldap.NameNotFoundException;
import org.springframework.ldap.ServiceUnavailableException;
import org.springframework.ldap.TimeLimitExceededException;
import org.springframework.ldap.core.AuthenticatedLdapEntryContextMapper;
import org.springframework.ldap.core.LdapTemplate;
import org.springframework.ldap.core.support.DefaultTlsDirContextAuthenticationStrategy;
import org.springframework.ldap.core.support.LdapContextSource;
import org.springframework.ldap.query.LdapQuery;
import org.springframework.ldap.query.LdapQueryBuilder;
import org.springframework.ldap.query.SearchScope;
import org.springframework.ldap.support.LdapEncoder;
import org.springframework.ldap.support.LdapUtils;
import org.springframework.stereotype.Component;

/**
 * LDAP bind (SPEC §18): the directory checks the id and password, the engine keeps neither. How a manager sets it
 * (docs/campus-sign-in.md):
 *
 * <ul>
 *   <li>the server address is an LDAP URL with the directory's base, {@code ldaps://ldap.example.edu/dc=example,dc=edu}
 *       (TLS from the first byte) or {@code ldap://…} (StartTLS before any password is sent; plain only to this
 *       machine, a test's directory);
 *   <li>the client id is a service account's DN — the person is searched under the base by the id attribute
 *       ({@code uid} unless set), then bound as with their password (search-then-bind) — or a DN pattern with
 *       {@code {0}} ({@code uid={0},ou=people,dc=example,dc=edu}): the person is bound at once (simple bind); blank:
 *       searched anonymously, then bound;
 *   <li>the client secret is the service account's password.
 * </ul>
 *
 * <p>Once bound, the person's own entry is read with their own bind, and so are their groups: the {@code cn} of
 * every {@code groupOfNames} / {@code groupOfUniqueNames} / {@code posixGroup} under the base that names them,
 * and of every group DN in their {@code memberOf} / {@code isMemberOf}, as the attribute {@value #GROUPS}.
 * Connections: 3 s to connect, 5 s to read; the service account's are pooled (JNDI's pool; not under StartTLS,
 * whose connections cannot be shared). Attribute names are matched ignoring case.
 */
@Component
class LdapProtocol {

    static final String SOURCE = "LDAP";
    /** The attribute that lists the person's groups by their {@code cn}. */
    static final String GROUPS = "groups";
    /** The id attribute when the settings name none. */
    static final String DEFAULT_ID = "uid";

    private static final String GROUP_FILTER = "(|(member={0})(uniqueMember={0})(memberUid={1}))";
    private static final List<String> MEMBER_OF = List.of("memberOf", "isMemberOf");
    private static final int SEARCH_TIME_LIMIT_MS = (int) DirectoryCalls.READ_TIMEOUT.toMillis();

    /** One context source per directory as set (a new one when a manager changes it), for its pooled connections. */
    private final LoadingCache<Directory, LdapContextSource> sources = Caffeine.newBuilder()
            .maximumSize(4)
            .expireAfterAccess(Duration.ofHours(1))
            .build(LdapProtocol::contextSource);

    /** Where the directory is and how to reach it, from the settings. */
    record Directory(String url, String base, boolean startTls, String serviceDn, String servicePassword) {

        /** Whether people are bound at a DN made from their id, without a search. */
        boolean bindsByPattern() {
            return serviceDn.contains("{0}");
        }

        @Override
        public String toString() { // never the password, in a log or a cache's statistics
            return "Directory[" + url + "/" + base + (startTls ? ", StartTLS" : "") + "]";
        }
    }

    /** The person the directory vouched for: their entry's DN and attributes, {@value #GROUPS} among them. */
    record Bound(String dn, Map<String, List<String>> attributes) {}

    /** The password was not the person's, or the directory knows no such person (the caller cannot tell which). */
    static final class WrongPassword extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WrongPassword(String message) {
            super(message, null, false, false);
        }
    }

    /** The directory the settings name; refused as a {@link IllegalArgumentException} when its address is no LDAP URL. */
    static Directory directory(CampusSignInSettings settings) {
        return directory(settings.serverUrl(), settings.clientId(), settings.clientSecret());
    }

    /** The directory at {@code serverUrl}, reached as {@code serviceDn} (or bound by that pattern, or anonymous). */
    static Directory directory(String serverUrl, String serviceDn, String servicePassword) {
        URI uri = URI.create(serverUrl);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("ldap") && !scheme.equals("ldaps") || uri.getHost() == null) {
            throw new IllegalArgumentException("not an ldap:// or ldaps:// address: " + serverUrl);
        }
        String base = uri.getRawPath() == null ? "" : URLDecoder.decode(uri.getRawPath(), StandardCharsets.UTF_8);
        base = base.startsWith("/") ? base.substring(1) : base;
        try {
            if (base.isBlank() || new LdapName(base).isEmpty()) {
                throw new IllegalArgumentException("no base DN after the host: " + serverUrl);
            }
        } catch (NamingException e) {
            throw new IllegalArgumentException("the base is no DN: " + base, e);
        }
        int port = uri.getPort() > 0 ? uri.getPort() : scheme.equals("ldaps") ? 636 : 389;
        String service = serviceDn == null ? "" : serviceDn.strip();
        try {
            if (!service.isEmpty()) {
                new LdapName(service.replace("{0}", "x"));
            }
        } catch (NamingException e) {
            throw new IllegalArgumentException("the service account or bind pattern is no DN: " + service, e);
        }
        return new Directory(
                scheme + "://" + uri.getHost() + ":" + port,
                base,
                scheme.equals("ldap") && !loopback(uri.getHost()),
                service,
                servicePassword == null ? "" : servicePassword);
    }

    /** Whether {@code host} is this machine: the only place a directory may be reached without TLS (the tests'). */
    static boolean loopback(String host) {
        return "127.0.0.1".equals(host) || "localhost".equalsIgnoreCase(host) || "[::1]".equals(host);
    }

    /**
     * Binds as the person {@code id} names with {@code password}, and reads their entry and groups. Throws
     * {@link WrongPassword}, {@link DirectoryUnreachable} (down, slow), or {@link DirectoryRefused} (an answer that
     * makes no sense: two people with one id, a bad service account). Blocks: call it on a directory thread.
     */
    Bound bind(CampusSignInSettings settings, String id, String password) {
        if (id == null || id.isBlank() || password == null || password.isEmpty()) {
            // an empty password is an unauthenticated bind, which many directories accept: never a sign-in
            throw new WrongPassword("no id or password");
        }
        Directory directory = directory(settings);
        LdapContextSource source = sources.get(directory);
        String idAttribute = idAttribute(settings);
        try {
            if (directory.bindsByPattern()) {
                String dn = directory.serviceDn().replace("{0}", LdapEncoder.nameEncode(id));
                DirContext context = source.getContext(dn, password);
                try {
                    return read(context, directory, dn, id, idAttribute);
                } finally {
                    LdapUtils.closeContext(context);
                }
            }
            LdapQuery query = LdapQueryBuilder.query()
                    .base(directory.base())
                    .searchScope(SearchScope.SUBTREE)
                    .countLimit(2)
                    .timeLimit(SEARCH_TIME_LIMIT_MS)
                    .where(idAttribute)
                    .is(id);
            AuthenticatedLdapEntryContextMapper<Bound> reader = (context, entry) ->
                    read(context, directory, entry.getAbsoluteName().toString(), id, idAttribute);
            return template(source).authenticate(query, password, reader);
        } catch (AuthenticationException | EmptyResultDataAccessException e) {
            throw new WrongPassword(e.getMessage());
        } catch (IncorrectResultSizeDataAccessException e) {
            throw new DirectoryRefused(
                    "the directory has more than one person with " + idAttribute + "=" + id + ": none signs in", e);
        } catch (org.springframework.ldap.NamingException e) {
            throw answered(e);
        }
    }

    /**
     * Connects as the settings say (StartTLS, the service account) and reads the base's entry: the lines of what was
     * found, for a manager's try. Throws as {@link #bind} does.
     */
    List<String> reach(CampusSignInSettings settings) {
        Directory directory = directory(settings);
        try {
            LdapTemplate template = template(contextSource(directory));
            List<String> found = new ArrayList<>();
            template.lookup(directory.base(), (Attributes attributes) -> {
                found.add(directory.base());
                return directory.base();
            });
            return found;
        } catch (AuthenticationException e) {
            throw new DirectoryRefused("the service account was refused: " + e.getMessage(), e);
        } catch (org.springframework.ldap.NamingException e) {
            throw answered(e);
        }
    }

    /** The directory down or slow ({@link DirectoryUnreachable}), or an answer that makes no sense. */
    private static RuntimeException answered(org.springframework.ldap.NamingException e) {
        if (e instanceof CommunicationException
                || e instanceof ServiceUnavailableException
                || e instanceof TimeLimitExceededException
                || DirectoryCalls.unreachable(e)) {
            return new DirectoryUnreachable(e.getMessage(), e);
        }
        return new DirectoryRefused(e.getMessage(), e);
    }

    static String idAttribute(CampusSignInSettings settings) {
        return CampusRules.hasText(settings.idAttribute()) ? settings.idAttribute() : DEFAULT_ID;
    }

    /**
     * Whether people can be looked up without their password: only with a service account (anonymously, a directory
     * may hide entries, and a person hidden is no person gone).
     */
    static boolean looksUp(CampusSignInSettings settings) {
        Directory directory = directory(settings);
        return !directory.serviceDn().isEmpty() && !directory.bindsByPattern();
    }

    /**
     * The person at {@code dn} and their groups, read with the service account (issue 75: the directory asked again
     * about someone it vouched for); empty when the directory has no such entry. Throws {@link DirectoryUnreachable}
     * or {@link DirectoryRefused} as {@link #bind} does, and {@link IllegalStateException} without a service account
     * ({@link #looksUp}). Blocks: call it off the request threads.
     */
    Optional<Bound> lookUp(CampusSignInSettings settings, String dn) {
        if (!looksUp(settings)) {
            throw new IllegalStateException("People are looked up with a service account only");
        }
        Directory directory = directory(settings);
        try {
            DirContext context = sources.get(directory).getReadOnlyContext();
            try {
                return Optional.of(read(context, directory, dn, null, idAttribute(settings)));
            } finally {
                LdapUtils.closeContext(context);
            }
        } catch (NameNotFoundException e) {
            return Optional.empty();
        } catch (AuthenticationException e) {
            throw new DirectoryRefused("the service account was refused: " + e.getMessage(), e);
        } catch (org.springframework.ldap.NamingException e) {
            throw answered(e);
        }
    }

    /**
     * The person's entry and groups, read with {@code context}'s bind (their own, or the service account's); {@code id}
     * as typed, or null: the entry's {@code idAttribute}.
     */
    private static Bound read(DirContext context, Directory directory, String dn, String id, String idAttribute) {
        try {
            Map<String, List<String>> attributes = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            Attributes own = context.getAttributes(new LdapName(dn));
            for (NamingEnumeration<? extends Attribute> all = own.getAll(); all.hasMore(); ) {
                Attribute attribute = all.next();
                attributes.put(attribute.getID(), texts(attribute));
            }
            String memberUid = id != null ? id : String.valueOf(CampusRules.first(attributes, idAttribute));
            List<String> groups = new ArrayList<>();
            SearchControls controls = new SearchControls();
            controls.setSearchScope(SearchControls.SUBTREE_SCOPE);
            controls.setReturningAttributes(new String[] {"cn"});
            controls.setTimeLimit(SEARCH_TIME_LIMIT_MS);
            NamingEnumeration<SearchResult> found = context.search(
                    new LdapName(directory.base()), GROUP_FILTER, new Object[] {dn, memberUid}, controls);
            try {
                while (found.hasMore()) {
                    Attribute cn = found.next().getAttributes().get("cn");
                    if (cn != null) {
                        groups.addAll(texts(cn));
                    }
                }
            } finally {
                found.close();
            }
            for (String memberOf : MEMBER_OF) {
                for (String group : attributes.getOrDefault(memberOf, List.of())) {
                    firstValue(group).ifPresent(groups::add);
                }
            }
            attributes.put(GROUPS, List.copyOf(groups));
            return new Bound(dn, attributes);
        } catch (NamingException e) {
            throw LdapUtils.convertLdapException(e);
        }
    }

    /** The value of a DN's first part ({@code cn=gym-staff,ou=groups,…} → {@code gym-staff}). */
    private static java.util.Optional<String> firstValue(String dn) {
        try {
            List<Rdn> parts = new LdapName(dn).getRdns();
            return parts.isEmpty()
                    ? java.util.Optional.empty()
                    : java.util.Optional.of(
                            String.valueOf(parts.get(parts.size() - 1).getValue()));
        } catch (NamingException e) {
            return java.util.Optional.empty(); // not a DN: a plain group name is no group DN
        }
    }

    private static List<String> texts(Attribute attribute) throws NamingException {
        List<String> values = new ArrayList<>();
        for (NamingEnumeration<?> all = attribute.getAll(); all.hasMore(); ) {
            Object value = all.next();
            if (value instanceof String text) {
                values.add(text);
            }
        }
        return List.copyOf(values);
    }

    private static LdapTemplate template(LdapContextSource source) {
        LdapTemplate template = new LdapTemplate(source);
        template.setIgnorePartialResultException(true); // Active Directory's referrals
        return template;
    }

    private static LdapContextSource contextSource(Directory directory) {
        LdapContextSource source = new LdapContextSource();
        source.setUrl(directory.url());
        if (directory.serviceDn().isEmpty() || directory.bindsByPattern()) {
            source.setAnonymousReadOnly(true);
        } else {
            source.setUserDn(directory.serviceDn());
            source.setPassword(directory.servicePassword());
        }
        if (directory.startTls()) {
            source.setAuthenticationStrategy(new DefaultTlsDirContextAuthenticationStrategy());
        } else {
            source.setPooled(true);
        }
        source.setBaseEnvironmentProperties(Map.of(
                "com.sun.jndi.ldap.connect.timeout", String.valueOf(DirectoryCalls.CONNECT_TIMEOUT.toMillis()),
                "com.sun.jndi.ldap.read.timeout", String.valueOf(DirectoryCalls.READ_TIMEOUT.toMillis())));
        source.afterPropertiesSet();
        return source;
    }
}
