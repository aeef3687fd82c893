package com.courtrush.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A browser as far as a campus sign-in needs one: it keeps cookies (the engine's binding cookie, the CAS server's
 * single sign-on cookie) and follows no redirect by itself, so a test sees and steps through each one: the engine's
 * start, the CAS server's form, its return with a ticket, the engine's hand-off to the page.
 */
public final class CampusBrowser {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String engine;

    public CampusBrowser(int enginePort) {
        this.engine = "http://127.0.0.1:" + enginePort;
        this.http = HttpClient.newBuilder()
                .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    /** Where the engine's start sends the browser (the directory's sign-in page). */
    public URI start() {
        return location(get(URI.create(engine + "/auth/campus/start")));
    }

    /** Signs in at the CAS server's form: answers the server's return address (the engine's, with a ticket). */
    public URI casSignIn(URI loginPage, String username, String password) {
        HttpResponse<String> form = get(loginPage);
        if (form.statusCode() == 302) {
            return location(form); // single sign-on: the server knew this browser
        }
        String service = query(loginPage).get("service");
        HttpResponse<String> posted = send(HttpRequest.newBuilder(loginPage.resolve("/cas/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(
                        form(Map.of("service", service, "username", username, "password", password)))));
        if (posted.statusCode() != 302) {
            throw new AssertionError("The CAS server refused " + username + ": " + posted.statusCode());
        }
        return location(posted);
    }

    /** Follows the directory's return to the engine: answers where the engine sends the page. */
    public URI returnTo(URI engineReturn) {
        return location(get(engineReturn));
    }

    /** A whole CAS sign-in: answers the page's address the engine ends it on ({@code /#campus=…} or why not). */
    public URI casSignInFromTheStart(String username, String password) {
        return returnTo(casSignIn(start(), username, password));
    }

    /** The page's exchange of its one-time code; the status and the answer's JSON. */
    public TestApi.Reply exchange(URI pageAddress) {
        String fragment = pageAddress.getFragment();
        String code = fragment != null && fragment.startsWith("campus=") ? fragment.substring("campus=".length()) : "";
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(engine + "/auth/campus/token"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"code\":\"" + code + "\"}")));
        try {
            JsonNode body = answer.body().isEmpty() ? JSON.nullNode() : JSON.readTree(answer.body());
            return new TestApi.Reply(answer.statusCode(), body, answer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code #campus-error=} reason of a page address, or null. */
    public static String refusal(URI pageAddress) {
        String fragment = pageAddress.getFragment();
        return fragment != null && fragment.startsWith("campus-error=")
                ? fragment.substring("campus-error=".length())
                : null;
    }

    public HttpResponse<String> get(URI uri) {
        return send(HttpRequest.newBuilder(uri).GET());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static URI location(HttpResponse<String> response) {
        if (response.statusCode() != 302 && response.statusCode() != 303) {
            throw new AssertionError("Expected a redirect from " + response.uri() + ", got " + response.statusCode()
                    + ": " + response.body());
        }
        return response.uri().resolve(response.headers().firstValue("Location").orElseThrow());
    }

    private static Map<String, String> query(URI uri) {
        return java.util.Arrays.stream(uri.getRawQuery().split("&"))
                .map(pair -> pair.split("=", 2))
                .collect(Collectors.toMap(
                        pair -> pair[0], pair -> java.net.URLDecoder.decode(pair[1], StandardCharsets.UTF_8)));
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }
}
