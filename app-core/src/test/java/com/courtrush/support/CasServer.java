package com.courtrush.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * A protocol-faithful CAS 3.0 server, written for the tests because no real CAS server can run on
 * these machines. It follows the CAS Protocol 3.0 specification (apereo.github.io/cas, "CAS
 * Protocol Specification") closely enough that Apereo's Java CAS client ({@code
 * Cas30ServiceTicketValidator}, {@code SingleSignOutFilter}) cannot tell it from the real thing, and
 * a browser can sign in through its login form.
 *
 * <p><b>What it implements</b> (all under {@link #prefix()}, i.e. {@code http://127.0.0.1:PORT/cas}):
 * <ul>
 *   <li>{@code GET /login?service=URL} as credential requestor: with a valid ticket-granting cookie
 *       ({@value #COOKIE}, single sign-on session) it issues a service ticket at once and redirects;
 *       otherwise it answers a minimal UTF-8 HTML login form ({@code username}, {@code password},
 *       submit button {@code id=cas-submit}). Without {@code service} and with a session it says
 *       "logged in".</li>
 *   <li>{@code POST /login} as credential acceptor: wrong credentials give the form again with HTTP
 *       401 and an error paragraph {@code id=cas-error}; right ones open a ticket-granting session
 *       ({@code Set-Cookie: CASTGC=TGC-…; Path=/cas; HttpOnly}) and 302 to {@code service} with
 *       {@code ticket=ST-…} appended as a query parameter.</li>
 *   <li>Service tickets: {@code ST-} plus 40 random letters and digits; valid for one validation
 *       attempt only (the first attempt consumes the ticket, successful or not); expire after
 *       {@link #ticketLifetime(Duration)} (default 10 s); bound to the exact service string they
 *       were issued for. Ending the session a ticket came from invalidates its unvalidated tickets.</li>
 *   <li>{@code GET /p3/serviceValidate?service=…&ticket=…[&renew=true]}: the specification's XML in
 *       namespace {@value #NAMESPACE}, with {@code <cas:attributes>} holding one element per value
 *       (repeated for multi-valued attributes) plus {@code cas:authenticationDate}, {@code
 *       cas:longTermAuthenticationRequestTokenUsed} and {@code cas:isFromNewLogin}. Failures carry
 *       the specification's codes: {@code INVALID_REQUEST} (a parameter missing), {@code
 *       INVALID_TICKET} (unknown, already used, expired, session ended, or not from a new login
 *       under {@code renew=true}; the text says which), {@code INVALID_SERVICE} (the service differs
 *       from the ticket's; the ticket is consumed anyway). The failure text starts with the code
 *       again, because Apereo's validator reports only the element's text, never its {@code code}
 *       attribute. {@code /serviceValidate} (CAS 2.0, no attributes) and {@code /validate} (CAS
 *       1.0, {@code yes}/{@code no} lines) answer from the same tickets.</li>
 *   <li>Single logout (specification section "SLO"): per ticket-granting session it remembers every
 *       service ticket validated successfully and its service. Ending the session ({@code GET
 *       /logout[?service=URL]} with the cookie, or {@link #singleLogout(String)}) POSTs to each such
 *       service URL a form parameter {@code logoutRequest} holding a SAML 2 {@code LogoutRequest}
 *       whose {@code SessionIndex} is the service ticket. The POSTs are sent one after the other
 *       before {@code /logout} answers (a real server may send them in the background), with 5 s
 *       timeouts; each service's HTTP status is recorded ({@code -1} when it could not be reached),
 *       see {@link #logoutStatuses()}. {@code /logout} then clears the cookie and redirects to
 *       {@code service} if given, else shows a "logged out" page.</li>
 *   <li>Outage switches: {@link #hang(Duration)} delays every validation answer (a slow directory);
 *       {@link #stop()} refuses connections until {@link #resume()}, which listens on the same port
 *       again with all tickets and sessions kept.</li>
 * </ul>
 *
 * <p><b>What it does not implement</b>: proxy tickets and proxy granting ({@code /proxy}, {@code
 * /proxyValidate}, {@code pgtUrl} is ignored, so no {@code cas:proxyGrantingTicket} is ever
 * returned), {@code renew} and {@code gateway} on {@code /login}, the JSON response format, SAML 1.1
 * validation ({@code /samlValidate}), login tickets/{@code execution} tokens, service registries
 * (every service is accepted), HTTPS. All times come from {@link #clock(Clock)} (the system UTC
 * clock by default), so a test can expire tickets without sleeping.
 */
public final class CasServer implements AutoCloseable {

    /** The XML namespace of CAS responses. */
    public static final String NAMESPACE = "http://www.yale.edu/tp/cas";

    /** The name of the ticket-granting cookie. */
    public static final String COOKIE = "CASTGC";

    private static final Duration DEFAULT_TICKET_LIFETIME = Duration.ofSeconds(10);
    private static final Duration LOGOUT_TIMEOUT = Duration.ofSeconds(5);
    private static final Pattern XML_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9._-]*");
    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String NO_USER = "";

    private final Object lock = new Object();
    private final Map<String, Person> people = new HashMap<>();
    private final Map<String, Session> sessions = new LinkedHashMap<>();
    private final Map<String, ServiceTicket> tickets = new HashMap<>();
    private final List<Integer> logoutStatuses = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger validations = new AtomicInteger();
    private final SecureRandom random = new SecureRandom();
    private final ExecutorService executor;
    private final HttpClient logoutClient;
    private final int port;

    private volatile Duration ticketLifetime = DEFAULT_TICKET_LIFETIME;
    private volatile Duration hang = Duration.ZERO;
    private volatile Clock clock = Clock.systemUTC();
    private HttpServer server;
    private boolean closed;

    private CasServer() {
        AtomicInteger threads = new AtomicInteger();
        ThreadFactory factory = task -> {
            Thread thread = new Thread(task, "cas-server-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        executor = Executors.newCachedThreadPool(factory);
        logoutClient = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(LOGOUT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        server = listen(0);
        port = server.getAddress().getPort();
    }

    /** Starts a server on 127.0.0.1 and a free port. */
    public static CasServer start() {
        return new CasServer();
    }

    /** The CAS server URL prefix the client is configured with: {@code http://127.0.0.1:PORT/cas}. */
    public String prefix() {
        return "http://127.0.0.1:" + port + "/cas";
    }

    /** The port it listens on. */
    public int port() {
        return port;
    }

    /**
     * Registers (or replaces) a person who may sign in. Attribute names must be XML names (they become
     * element names); a value list with more than one value is a multi-valued attribute.
     */
    public CasServer user(String username, String password, Map<String, List<String>> attributes) {
        Objects.requireNonNull(username, "username");
        Objects.requireNonNull(password, "password");
        Map<String, List<String>> copy = new LinkedHashMap<>();
        attributes.forEach((name, values) -> {
            if (!XML_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("attribute name is not an XML name: " + name);
            }
            copy.put(name, List.copyOf(values));
        });
        synchronized (lock) {
            people.put(username, new Person(username, password, Collections.unmodifiableMap(copy)));
        }
        return this;
    }

    /** How long a service ticket issued from now on stays valid (default 10 s). */
    public CasServer ticketLifetime(Duration lifetime) {
        if (lifetime.isNegative()) {
            throw new IllegalArgumentException("negative ticket lifetime: " + lifetime);
        }
        this.ticketLifetime = lifetime;
        return this;
    }

    /** The clock for ticket issue, expiry and authentication dates (default: system UTC clock). */
    public CasServer clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * Makes every ticket validation wait this long before it is processed and answered, as a CAS
     * server behind a slow directory would; {@link Duration#ZERO} switches it off. A validation that
     * hangs still consumes its ticket once it wakes up.
     */
    public CasServer hang(Duration delay) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("negative delay: " + delay);
        }
        this.hang = delay;
        return this;
    }

    /** Ticket validation requests received so far ({@code /p3/serviceValidate}, {@code /serviceValidate}, {@code /validate}). */
    public int validations() {
        return validations.get();
    }

    /**
     * Signs {@code username} in as if through the login form and issues a service ticket for {@code
     * service} from a new single sign-on session (without a browser to hold its cookie).
     */
    public String issueTicket(String username, String service) {
        Objects.requireNonNull(service, "service");
        synchronized (lock) {
            if (!people.containsKey(username)) {
                throw new IllegalArgumentException("no such user: " + username);
            }
            Session session = openSession(username);
            return issue(session, service, true).id;
        }
    }

    /** Ticket-granting sessions of {@code username} still open. */
    public int sessions(String username) {
        synchronized (lock) {
            return (int) sessions.values().stream()
                    .filter(session -> session.username.equals(username))
                    .count();
        }
    }

    /**
     * Ends every ticket-granting session of {@code username} exactly as {@code /logout} would (as if
     * the person signed out of CAS from another application) and returns the HTTP statuses the
     * services answered to the logout requests, in the order sent ({@code -1}: not reachable).
     */
    public List<Integer> singleLogout(String username) {
        List<Session> ending;
        synchronized (lock) {
            ending = sessions.values().stream()
                    .filter(session -> session.username.equals(username))
                    .toList();
        }
        List<Integer> statuses = new ArrayList<>();
        for (Session session : ending) {
            statuses.addAll(end(session));
        }
        return statuses;
    }

    /** Every HTTP status services answered to logout requests so far ({@code -1}: not reachable). */
    public List<Integer> logoutStatuses() {
        synchronized (logoutStatuses) {
            return List.copyOf(logoutStatuses);
        }
    }

    /** Stops listening: connections are refused until {@link #resume()}. Tickets and sessions are kept. */
    public void stop() {
        synchronized (lock) {
            if (server != null) {
                server.stop(0);
                server = null;
            }
        }
    }

    /** Listens again on the same port after {@link #stop()}. */
    public void resume() {
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("closed");
            }
            if (server == null) {
                server = listen(port);
            }
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        stop();
        executor.shutdownNow();
    }

    // ---------------------------------------------------------------- HTTP

    private HttpServer listen(int onPort) {
        try {
            HttpServer created =
                    HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), onPort), 50);
            created.createContext("/cas/", this::handle);
            created.setExecutor(executor);
            created.start();
            return created;
        } catch (IOException e) {
            throw new UncheckedIOException("CAS server cannot listen on 127.0.0.1:" + onPort, e);
        }
    }

    private void handle(HttpExchange exchange) {
        try {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            switch (path) {
                case "/cas/login" -> {
                    if (method.equals("GET")) {
                        loginPage(exchange);
                    } else if (method.equals("POST")) {
                        loginSubmit(exchange);
                    } else {
                        methodNotAllowed(exchange, "GET, POST");
                    }
                }
                case "/cas/logout" -> onlyGet(exchange, this::logout);
                case "/cas/p3/serviceValidate" -> onlyGet(exchange, e -> serviceValidate(e, true));
                case "/cas/serviceValidate" -> onlyGet(exchange, e -> serviceValidate(e, false));
                case "/cas/validate" -> onlyGet(exchange, this::validate10);
                default -> send(exchange, 404, "text/plain; charset=UTF-8", "Not found: " + path);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            // the client went away; nothing to answer
        } catch (RuntimeException e) {
            try {
                send(exchange, 500, "text/plain; charset=UTF-8", "CAS test server failed: " + e);
            } catch (IOException | RuntimeException ignored) {
                // headers already sent or connection gone
            }
        } finally {
            exchange.close();
        }
    }

    private interface Handler {
        void handle(HttpExchange exchange) throws IOException, InterruptedException;
    }

    private void onlyGet(HttpExchange exchange, Handler handler) throws IOException, InterruptedException {
        if (exchange.getRequestMethod().equals("GET")) {
            handler.handle(exchange);
        } else {
            methodNotAllowed(exchange, "GET");
        }
    }

    private static void methodNotAllowed(HttpExchange exchange, String allowed) throws IOException {
        exchange.getResponseHeaders().set("Allow", allowed);
        send(exchange, 405, "text/plain; charset=UTF-8", "Method not allowed");
    }

    // ---------------------------------------------------------------- /login

    private void loginPage(HttpExchange exchange) throws IOException {
        String service = nonBlank(query(exchange).get("service"));
        String redirect = null;
        String username = null;
        synchronized (lock) {
            Session session = session(exchange);
            if (session != null) {
                username = session.username;
                if (service != null) {
                    redirect = withTicket(service, issue(session, service, false).id);
                }
            }
        }
        if (redirect != null) {
            redirect(exchange, redirect);
        } else if (username != null) {
            sendHtml(
                    exchange,
                    200,
                    page("Logged in", "<p id=\"cas-logged-in\">You are logged in as " + html(username) + ".</p>"));
        } else {
            sendHtml(exchange, 200, loginForm(service, "", null));
        }
    }

    private void loginSubmit(HttpExchange exchange) throws IOException {
        Map<String, String> form = parseForm(new String(readBody(exchange), StandardCharsets.UTF_8));
        String service = nonBlank(form.get("service"));
        String username = Objects.requireNonNullElse(form.get("username"), "");
        String password = Objects.requireNonNullElse(form.get("password"), "");
        Session session;
        String redirect = null;
        synchronized (lock) {
            Person person = people.get(username);
            if (person == null || !person.password.equals(password)) {
                session = null;
            } else {
                session = openSession(username);
                if (service != null) {
                    redirect = withTicket(service, issue(session, service, true).id);
                }
            }
        }
        if (session == null) {
            sendHtml(exchange, 401, loginForm(service, username, "Invalid credentials."));
            return;
        }
        exchange.getResponseHeaders()
                .add("Set-Cookie", COOKIE + "=" + session.id + "; Path=/cas; HttpOnly; SameSite=Lax");
        if (redirect != null) {
            redirect(exchange, redirect);
        } else {
            sendHtml(
                    exchange,
                    200,
                    page("Logged in", "<p id=\"cas-logged-in\">You are logged in as " + html(username) + ".</p>"));
        }
    }

    private static String loginForm(String service, String username, String error) {
        StringBuilder body = new StringBuilder();
        if (error != null) {
            body.append("<p id=\"cas-error\" role=\"alert\">")
                    .append(html(error))
                    .append("</p>\n");
        }
        body.append("<form method=\"post\" action=\"/cas/login\">\n");
        if (service != null) {
            body.append("<input type=\"hidden\" name=\"service\" value=\"")
                    .append(html(service))
                    .append("\">\n");
        }
        body.append("<p><label for=\"username\">Username</label> ")
                .append("<input name=\"username\" id=\"username\" autocomplete=\"username\" value=\"")
                .append(html(username))
                .append("\"></p>\n")
                .append("<p><label for=\"password\">Password</label> ")
                .append(
                        "<input name=\"password\" id=\"password\" type=\"password\" autocomplete=\"current-password\"></p>\n")
                .append("<p><button type=\"submit\" id=\"cas-submit\">Sign in</button></p>\n")
                .append("</form>");
        return page("Sign in", body.toString());
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"UTF-8\"><title>CAS – " + title
                + "</title></head>\n<body>\n<h1>Central Authentication Service</h1>\n" + body
                + "\n</body></html>\n";
    }

    private static String withTicket(String service, String ticket) {
        int fragment = service.indexOf('#');
        String base = fragment < 0 ? service : service.substring(0, fragment);
        String tail = fragment < 0 ? "" : service.substring(fragment);
        return base + (base.contains("?") ? "&" : "?") + "ticket=" + ticket + tail;
    }

    // ---------------------------------------------------------------- /logout

    private void logout(HttpExchange exchange) throws IOException {
        String service = nonBlank(query(exchange).get("service"));
        Session session;
        synchronized (lock) {
            session = session(exchange);
        }
        if (session != null) {
            end(session);
        }
        exchange.getResponseHeaders()
                .add("Set-Cookie", COOKIE + "=; Path=/cas; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly");
        if (service != null) {
            redirect(exchange, service);
        } else {
            sendHtml(exchange, 200, page("Logged out", "<p id=\"cas-logged-out\">You have been logged out.</p>"));
        }
    }

    /** Ends a session: invalidates its unvalidated tickets and sends the SLO requests, outside the lock. */
    private List<Integer> end(Session session) {
        List<ServiceTicket> validated;
        synchronized (lock) {
            if (sessions.remove(session.id) == null) {
                return List.of();
            }
            for (ServiceTicket ticket : tickets.values()) {
                if (ticket.session == session) {
                    ticket.sessionEnded = true;
                }
            }
            validated = List.copyOf(session.validated);
        }
        List<Integer> statuses = new ArrayList<>();
        for (ServiceTicket ticket : validated) {
            int status = sendLogoutRequest(ticket);
            statuses.add(status);
            logoutStatuses.add(status);
        }
        return statuses;
    }

    private int sendLogoutRequest(ServiceTicket ticket) {
        String xml = "<samlp:LogoutRequest xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\""
                + " xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\" ID=\"LR-" + randomAlphanumeric(32)
                + "\" Version=\"2.0\" IssueInstant=\"" + clock.instant().truncatedTo(ChronoUnit.SECONDS)
                + "\"><saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>" + ticket.id
                + "</samlp:SessionIndex></samlp:LogoutRequest>";
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(ticket.service))
                    .timeout(LOGOUT_TIMEOUT)
                    .header("Content-Type", "application/x-www-form-urlencoded; charset=UTF-8")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "logoutRequest=" + URLEncoder.encode(xml, StandardCharsets.UTF_8)))
                    .build();
            return logoutClient
                    .send(request, HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        } catch (IOException | IllegalArgumentException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    // ---------------------------------------------------------------- validation

    private void serviceValidate(HttpExchange exchange, boolean withAttributes)
            throws IOException, InterruptedException {
        validations.incrementAndGet();
        waitIfHanging();
        Outcome outcome = check(query(exchange));
        StringBuilder xml = new StringBuilder("<cas:serviceResponse xmlns:cas=\"" + NAMESPACE + "\">\n");
        if (outcome.failureCode != null) {
            xml.append("  <cas:authenticationFailure code=\"")
                    .append(outcome.failureCode)
                    .append("\">")
                    .append(xml(outcome.failureCode + ": " + outcome.message))
                    .append("</cas:authenticationFailure>\n");
        } else {
            ServiceTicket ticket = outcome.ticket;
            xml.append("  <cas:authenticationSuccess>\n    <cas:user>")
                    .append(xml(ticket.session.username))
                    .append("</cas:user>\n");
            if (withAttributes) {
                xml.append("    <cas:attributes>\n");
                element(xml, "authenticationDate", ticket.session.authenticated.toString());
                element(xml, "longTermAuthenticationRequestTokenUsed", "false");
                element(xml, "isFromNewLogin", Boolean.toString(ticket.fromNewLogin));
                outcome.person.attributes.forEach((name, values) -> values.forEach(v -> element(xml, name, v)));
                xml.append("    </cas:attributes>\n");
            }
            xml.append("  </cas:authenticationSuccess>\n");
        }
        xml.append("</cas:serviceResponse>\n");
        send(exchange, 200, "application/xml; charset=UTF-8", xml.toString());
    }

    private void validate10(HttpExchange exchange) throws IOException, InterruptedException {
        validations.incrementAndGet();
        waitIfHanging();
        Outcome outcome = check(query(exchange));
        String body = outcome.failureCode == null ? "yes\n" + outcome.ticket.session.username + "\n" : "no\n\n";
        send(exchange, 200, "text/plain; charset=UTF-8", body);
    }

    private void waitIfHanging() throws InterruptedException {
        Duration delay = hang;
        if (!delay.isZero()) {
            Thread.sleep(delay.toMillis());
        }
    }

    private static void element(StringBuilder xml, String name, String value) {
        xml.append("      <cas:")
                .append(name)
                .append('>')
                .append(xml(value))
                .append("</cas:")
                .append(name)
                .append(">\n");
    }

    /** Applies the specification's ticket rules; consumes the ticket whatever the outcome. */
    private Outcome check(Map<String, String> params) {
        String service = nonBlank(params.get("service"));
        String ticketId = nonBlank(params.get("ticket"));
        if (service == null || ticketId == null) {
            return Outcome.failure(
                    "INVALID_REQUEST",
                    "Not all of the required request parameters were present: "
                            + (service == null ? "'service' " : "") + (ticketId == null ? "'ticket' " : "")
                            + "missing");
        }
        boolean renew = "true".equalsIgnoreCase(params.get("renew")) || "".equals(params.get("renew"));
        synchronized (lock) {
            ServiceTicket ticket = tickets.get(ticketId);
            if (ticket == null) {
                return Outcome.failure("INVALID_TICKET", "Ticket '" + ticketId + "' not recognized");
            }
            if (ticket.consumed) {
                return Outcome.failure("INVALID_TICKET", "Ticket '" + ticketId + "' has already been used");
            }
            ticket.consumed = true;
            if (ticket.sessionEnded) {
                return Outcome.failure(
                        "INVALID_TICKET",
                        "Ticket '" + ticketId + "' belongs to a single sign-on session that has ended");
            }
            if (!clock.instant().isBefore(ticket.expires)) {
                return Outcome.failure(
                        "INVALID_TICKET", "Ticket '" + ticketId + "' has expired (at " + ticket.expires + ")");
            }
            if (!ticket.service.equals(service)) {
                return Outcome.failure(
                        "INVALID_SERVICE",
                        "Ticket '" + ticketId + "' was issued for service '" + ticket.service + "', not for '" + service
                                + "'");
            }
            if (renew && !ticket.fromNewLogin) {
                return Outcome.failure(
                        "INVALID_TICKET",
                        "Ticket '" + ticketId + "' was issued from a single sign-on session, not a new login"
                                + " (renew=true)");
            }
            Person person = people.get(ticket.session.username);
            if (person == null) {
                return Outcome.failure("INVALID_TICKET", "Ticket '" + ticketId + "' names an unknown user");
            }
            ticket.session.validated.add(ticket);
            return new Outcome(null, null, ticket, person);
        }
    }

    private record Outcome(String failureCode, String message, ServiceTicket ticket, Person person) {
        static Outcome failure(String code, String message) {
            return new Outcome(code, message, null, null);
        }
    }

    // ---------------------------------------------------------------- state (guarded by lock)

    private Session openSession(String username) {
        Session session = new Session("TGC-" + randomAlphanumeric(40), username, clock.instant());
        sessions.put(session.id, session);
        return session;
    }

    private ServiceTicket issue(Session session, String service, boolean fromNewLogin) {
        Instant now = clock.instant();
        ServiceTicket ticket = new ServiceTicket(
                "ST-" + randomAlphanumeric(40), service, session, fromNewLogin, now.plus(ticketLifetime));
        tickets.put(ticket.id, ticket);
        return ticket;
    }

    private Session session(HttpExchange exchange) {
        for (String header : exchange.getRequestHeaders().getOrDefault("Cookie", List.of())) {
            for (String cookie : header.split(";")) {
                int eq = cookie.indexOf('=');
                if (eq > 0 && cookie.substring(0, eq).trim().equals(COOKIE)) {
                    Session session = sessions.get(cookie.substring(eq + 1).trim());
                    if (session != null) {
                        return session;
                    }
                }
            }
        }
        return null;
    }

    private String randomAlphanumeric(int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
        }
        return text.toString();
    }

    private record Person(String username, String password, Map<String, List<String>> attributes) {}

    private static final class Session {
        final String id;
        final String username;
        final Instant authenticated;
        final List<ServiceTicket> validated = new ArrayList<>();

        Session(String id, String username, Instant authenticated) {
            this.id = id;
            this.username = username;
            this.authenticated = authenticated;
        }
    }

    private static final class ServiceTicket {
        final String id;
        final String service;
        final Session session;
        final boolean fromNewLogin;
        final Instant expires;
        boolean consumed;
        boolean sessionEnded;

        ServiceTicket(String id, String service, Session session, boolean fromNewLogin, Instant expires) {
            this.id = id;
            this.service = service;
            this.session = session;
            this.fromNewLogin = fromNewLogin;
            this.expires = expires;
        }
    }

    // ---------------------------------------------------------------- helpers

    private static Map<String, String> query(HttpExchange exchange) {
        return parseForm(exchange.getRequestURI().getRawQuery());
    }

    /** Parses {@code application/x-www-form-urlencoded} text; the first occurrence of a name wins. */
    private static Map<String, String> parseForm(String encoded) {
        Map<String, String> params = new HashMap<>();
        if (encoded == null || encoded.isEmpty()) {
            return params;
        }
        for (String pair : encoded.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.putIfAbsent(name, value);
        }
        return params;
    }

    private static String nonBlank(String value) {
        return value == null || value.isBlank() ? null : value;
    }

    private static byte[] readBody(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            return in.readAllBytes();
        }
    }

    private static void redirect(HttpExchange exchange, String location) throws IOException {
        exchange.getResponseHeaders().set("Location", location);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(302, -1);
    }

    private static void sendHtml(HttpExchange exchange, int status, String html) throws IOException {
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        send(exchange, status, "text/html; charset=UTF-8", html);
    }

    private static void send(HttpExchange exchange, int status, String contentType, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Escapes text for XML element content and attribute values. */
    private static String xml(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&apos;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static String html(String text) {
        return xml(text).replace("&apos;", "&#39;");
    }
}
