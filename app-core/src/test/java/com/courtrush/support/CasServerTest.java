package com.courtrush.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apereo.cas.client.authentication.AttributePrincipal;
import org.apereo.cas.client.util.XmlUtils;
import org.apereo.cas.client.validation.Cas30ServiceTicketValidator;
import org.apereo.cas.client.validation.TicketValidationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link CasServer} against Apereo's own CAS client, so the tests of the CAS sign-in can trust it. */
class CasServerTest {

    private static final String SERVICE = "https://courtrush.example/login/cas?next=%2Fbook";
    private static final String DISPLAY_NAME = "Zoë O'Brien & <Co>";

    private final HttpClient browser = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(2))
            .build();
    private CasServer cas;

    @BeforeEach
    void start() {
        cas = CasServer.start()
                .user(
                        "zoe",
                        "secret",
                        Map.of("displayName", List.of(DISPLAY_NAME), "memberOf", List.of("staff", "coaches")));
    }

    @AfterEach
    void close() {
        cas.close();
    }

    @Test
    void browserSignsInAndApereoValidatesTheTicketWithItsAttributes() throws Exception {
        HttpResponse<String> form = get(cas.prefix() + "/login?service=" + encode(SERVICE), null);
        assertThat(form.statusCode()).isEqualTo(200);
        assertThat(form.headers().firstValue("Content-Type")).hasValue("text/html; charset=UTF-8");
        assertThat(form.body())
                .contains("<form method=\"post\" action=\"/cas/login\">")
                .contains("name=\"service\" value=\"" + SERVICE + "\"")
                .contains("id=\"username\"", "id=\"password\" type=\"password\"", "id=\"cas-submit\"");

        HttpResponse<String> wrong = post(cas.prefix() + "/login", "zoe", "guess", SERVICE);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).contains("id=\"cas-error\"").contains("id=\"cas-submit\"");
        assertThat(wrong.headers().firstValue("Set-Cookie")).isEmpty();

        HttpResponse<String> signedIn = post(cas.prefix() + "/login", "zoe", "secret", SERVICE);
        assertThat(signedIn.statusCode()).isEqualTo(302);
        assertThat(signedIn.headers().firstValue("Set-Cookie").orElseThrow())
                .matches("CASTGC=TGC-[A-Za-z0-9]{40}; Path=/cas; HttpOnly.*");
        String location = signedIn.headers().firstValue("Location").orElseThrow();
        assertThat(location).startsWith(SERVICE + "&ticket=ST-");
        String ticket = ticketOf(location);
        assertThat(ticket).matches("ST-[A-Za-z0-9]{40}");

        AttributePrincipal principal = validator().validate(ticket, SERVICE).getPrincipal();

        assertThat(principal.getName()).isEqualTo("zoe");
        assertThat(principal.getAttributes())
                .containsEntry("displayName", DISPLAY_NAME)
                .containsEntry("memberOf", List.of("staff", "coaches"))
                .containsEntry("isFromNewLogin", "true")
                .containsEntry("longTermAuthenticationRequestTokenUsed", "false");
        assertThat(Instant.parse((String) principal.getAttributes().get("authenticationDate")))
                .isBetween(Instant.now().minusSeconds(60), Instant.now());
        assertThat(cas.validations()).isEqualTo(1);

        assertThatThrownBy(() -> validator().validate(ticket, SERVICE))
                .isInstanceOf(TicketValidationException.class)
                .hasMessageContaining("INVALID_TICKET")
                .hasMessageContaining("already been used");
        assertThat(cas.validations()).isEqualTo(2);
    }

    @Test
    void singleSignOnSessionIssuesTicketsWithoutTheForm() throws Exception {
        String cookie = cookieOf(post(cas.prefix() + "/login", "zoe", "secret", SERVICE));
        String other = "http://127.0.0.1:1/other#top";

        HttpResponse<String> again = get(cas.prefix() + "/login?service=" + encode(other), cookie);

        assertThat(again.statusCode()).isEqualTo(302);
        String location = again.headers().firstValue("Location").orElseThrow();
        assertThat(location).startsWith("http://127.0.0.1:1/other?ticket=ST-").endsWith("#top");
        String ticket = location.substring(location.indexOf("ticket=") + 7, location.indexOf('#'));
        assertThat(validator().validate(ticket, other).getPrincipal().getAttributes())
                .containsEntry("isFromNewLogin", "false");
        assertThat(get(cas.prefix() + "/login", cookie).body()).contains("logged in as zoe");
    }

    @Test
    void ticketForAnotherServiceIsRefusedAndConsumed() throws Exception {
        String ticket = ticketOf(post(cas.prefix() + "/login", "zoe", "secret", SERVICE)
                .headers()
                .firstValue("Location")
                .orElseThrow());

        assertThatThrownBy(() -> validator().validate(ticket, SERVICE + "&x=1"))
                .isInstanceOf(TicketValidationException.class)
                .hasMessageContaining("INVALID_SERVICE");
        assertThatThrownBy(() -> validator().validate(ticket, SERVICE))
                .isInstanceOf(TicketValidationException.class)
                .hasMessageContaining("INVALID_TICKET");
    }

    @Test
    void expiredAndUnknownTicketsAreInvalid() {
        MovingClock clock = new MovingClock(Instant.parse("2026-03-01T09:00:00Z"));
        cas.clock(clock).ticketLifetime(Duration.ofSeconds(1));
        String ticket = cas.issueTicket("zoe", SERVICE);
        clock.move(Duration.ofSeconds(2));

        assertThatThrownBy(() -> validator().validate(ticket, SERVICE))
                .isInstanceOf(TicketValidationException.class)
                .hasMessageContaining("INVALID_TICKET")
                .hasMessageContaining("expired");
        assertThatThrownBy(() -> validator().validate("ST-nosuchticket0000000000000000000000", SERVICE))
                .isInstanceOf(TicketValidationException.class)
                .hasMessageContaining("INVALID_TICKET")
                .hasMessageContaining("not recognized");
    }

    @Test
    void missingParameterIsAnInvalidRequestInTheSpecificationsXml() throws Exception {
        HttpResponse<String> answer = get(cas.prefix() + "/p3/serviceValidate?service=" + encode(SERVICE), null);

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body())
                .contains("<cas:serviceResponse xmlns:cas=\"http://www.yale.edu/tp/cas\">")
                .contains("<cas:authenticationFailure code=\"INVALID_REQUEST\">");
    }

    @Test
    void casTwoEndpointAnswersWithoutAttributes() throws Exception {
        String ticket = cas.issueTicket("zoe", SERVICE);

        HttpResponse<String> answer =
                get(cas.prefix() + "/serviceValidate?service=" + encode(SERVICE) + "&ticket=" + ticket, null);

        assertThat(answer.body()).contains("<cas:user>zoe</cas:user>").doesNotContain("cas:attributes");
    }

    @Test
    void logoutPostsSamlLogoutRequestsToTheValidatedServices() throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        HttpServer app = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        app.createContext("/app", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(exchange.getRequestMethod() + "\n"
                    + exchange.getRequestHeaders().getFirst("Content-Type") + "\n" + body);
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        app.start();
        try {
            String service = "http://127.0.0.1:" + app.getAddress().getPort() + "/app/login/cas";
            HttpResponse<String> signedIn = post(cas.prefix() + "/login", "zoe", "secret", service);
            String cookie = cookieOf(signedIn);
            String ticket = ticketOf(signedIn.headers().firstValue("Location").orElseThrow());
            validator().validate(ticket, service);
            String unvalidated = ticketOf(get(cas.prefix() + "/login?service=" + encode(service), cookie)
                    .headers()
                    .firstValue("Location")
                    .orElseThrow());

            HttpResponse<String> loggedOut =
                    get(cas.prefix() + "/logout?service=" + encode("https://courtrush.example/bye"), cookie);

            assertThat(loggedOut.statusCode()).isEqualTo(302);
            assertThat(loggedOut.headers().firstValue("Location")).hasValue("https://courtrush.example/bye");
            assertThat(loggedOut.headers().firstValue("Set-Cookie").orElseThrow())
                    .startsWith("CASTGC=;")
                    .contains("Max-Age=0");
            assertThat(received).hasSize(1);
            String[] parts = received.get(0).split("\n", 3);
            assertThat(parts[0]).isEqualTo("POST");
            assertThat(parts[1]).startsWith("application/x-www-form-urlencoded");
            assertThat(parts[2]).startsWith("logoutRequest=");
            String xml = URLDecoder.decode(parts[2].substring("logoutRequest=".length()), StandardCharsets.UTF_8);
            assertThat(xml).startsWith("<samlp:LogoutRequest").contains("<saml:NameID>@NOT_USED@</saml:NameID>");
            assertThat(XmlUtils.getTextForElement(xml, "SessionIndex")).isEqualTo(ticket);
            assertThat(cas.logoutStatuses()).containsExactly(200);

            assertThat(get(cas.prefix() + "/login?service=" + encode(service), cookie)
                            .body())
                    .contains("id=\"cas-submit\"");
            assertThatThrownBy(() -> validator().validate(unvalidated, service))
                    .hasMessageContaining("INVALID_TICKET")
                    .hasMessageContaining("session that has ended");

            String first = cas.issueTicket("zoe", service);
            String second = cas.issueTicket("zoe", service);
            validator().validate(first, service);
            validator().validate(second, service);
            assertThat(cas.sessions("zoe")).isEqualTo(2);

            assertThat(cas.singleLogout("zoe")).containsExactly(200, 200);

            assertThat(cas.sessions("zoe")).isZero();
            assertThat(received)
                    .hasSize(3)
                    .anySatisfy(r -> assertThat(r).contains(first))
                    .anySatisfy(r -> assertThat(r).contains(second));
        } finally {
            app.stop(0);
        }
    }

    @Test
    void hangingValidationDoesNotBlockOtherRequestsAndApereoNeedsItsOwnTimeout() throws Exception {
        String ticket = cas.issueTicket("zoe", SERVICE);
        cas.hang(Duration.ofSeconds(1));
        Cas30ServiceTicketValidator impatient = validator();
        impatient.setURLConnectionFactory(connection -> {
            HttpURLConnection http = (HttpURLConnection) connection;
            http.setConnectTimeout(200);
            http.setReadTimeout(200);
            return http;
        });
        CompletableFuture<Object> slow = CompletableFuture.supplyAsync(() -> {
            try {
                return impatient.validate(ticket, SERVICE);
            } catch (TicketValidationException e) {
                return e;
            } catch (RuntimeException e) {
                return e;
            }
        });

        assertThat(get(cas.prefix() + "/login?service=" + encode(SERVICE), null).statusCode())
                .isEqualTo(200);

        // a read timeout is not a TicketValidationException but an unchecked exception
        assertThat(slow.get(3, TimeUnit.SECONDS))
                .isInstanceOf(RuntimeException.class)
                .isNotInstanceOf(TicketValidationException.class);
        assertThat(cas.validations()).isEqualTo(1);
    }

    @Test
    void stoppedServerRefusesConnectionsUntilResumed() throws Exception {
        String ticket = cas.issueTicket("zoe", SERVICE);
        cas.stop();

        assertThatThrownBy(() -> validator().validate(ticket, SERVICE))
                .isInstanceOf(RuntimeException.class)
                .hasRootCauseInstanceOf(ConnectException.class);

        cas.resume();
        assertThat(validator().validate(ticket, SERVICE).getPrincipal().getName())
                .isEqualTo("zoe");
    }

    private Cas30ServiceTicketValidator validator() {
        Cas30ServiceTicketValidator validator = new Cas30ServiceTicketValidator(cas.prefix());
        // without it the response is decoded with the platform charset
        validator.setEncoding("UTF-8");
        return validator;
    }

    private HttpResponse<String> get(String url, String cookie) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(3));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        return browser.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, String username, String password, String service)
            throws IOException, InterruptedException {
        String form = "username=" + encode(username) + "&password=" + encode(password) + "&service=" + encode(service);
        return browser.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(3))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String cookieOf(HttpResponse<?> response) {
        String header = response.headers().firstValue("Set-Cookie").orElseThrow();
        return header.substring(0, header.indexOf(';'));
    }

    private static String ticketOf(String location) {
        String query = URI.create(location).getRawQuery();
        for (String pair : query.split("&")) {
            if (pair.startsWith("ticket=")) {
                return pair.substring("ticket=".length());
            }
        }
        throw new AssertionError("no ticket in " + location);
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
