package com.courtrush.page;

import io.swagger.v3.oas.annotations.Hidden;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Sends the students' page from memory ({@link PageAssets}): a file under its fingerprinted name is kept by the
 * browser for a year and never asked for again ({@code immutable}); index.html, and a file under its own name,
 * are asked for each time and answered 304 when unchanged. Gzipped when the browser takes gzip (every browser
 * does), with {@code Vary: Accept-Encoding} for caches between. GET and HEAD.
 */
@Hidden
@Controller
class PageController {

    static final String IMMUTABLE = "public, max-age=31536000, immutable";
    static final String ASK_EACH_TIME = "no-cache";

    private final PageAssets assets;

    PageController(PageAssets assets) {
        this.assets = assets;
    }

    @GetMapping({"/", "/index.html"})
    void index(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Content-Security-Policy", assets.indexPolicy());
        send(assets.index(), ASK_EACH_TIME, request, response);
    }

    @GetMapping("/assets/{name}")
    void file(@PathVariable String name, HttpServletRequest request, HttpServletResponse response)
            throws IOException, NoResourceFoundException {
        PageFile file = assets.byFingerprint(name);
        if (file != null) {
            send(file, IMMUTABLE, request, response);
            return;
        }
        file = assets.byName(name);
        if (file == null) {
            throw new NoResourceFoundException(HttpMethod.valueOf(request.getMethod()), "assets/" + name);
        }
        send(file, ASK_EACH_TIME, request, response);
    }

    private static void send(
            PageFile file, String cacheControl, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        boolean gzip = file.gzipped() != null && takesGzip(request.getHeader(HttpHeaders.ACCEPT_ENCODING));
        // the security headers' "no-store" and its HTTP/1.0 companions, replaced as Spring's own file handler does
        response.setHeader(HttpHeaders.CACHE_CONTROL, cacheControl);
        if (response.containsHeader(HttpHeaders.PRAGMA)) {
            response.setHeader(HttpHeaders.PRAGMA, "");
        }
        if (response.containsHeader(HttpHeaders.EXPIRES)) {
            response.setHeader(HttpHeaders.EXPIRES, "");
        }
        if (file.gzipped() != null) {
            response.addHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        }
        String etag = "\"" + file.hash() + (gzip ? "-gz\"" : "\"");
        response.setHeader(HttpHeaders.ETAG, etag);
        if (matches(request.getHeader(HttpHeaders.IF_NONE_MATCH), etag)) {
            response.setStatus(HttpServletResponse.SC_NOT_MODIFIED);
            return;
        }
        byte[] body = gzip ? file.gzipped() : file.bytes();
        response.setContentType(file.contentType());
        if (gzip) {
            response.setHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
        }
        response.setContentLength(body.length);
        if (!HttpMethod.HEAD.matches(request.getMethod())) {
            response.getOutputStream().write(body);
        }
    }

    /** Whether an Accept-Encoding header takes gzip: named (or {@code *}) without {@code q=0}. */
    static boolean takesGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String coding : acceptEncoding.split(",")) {
            String[] parts = coding.split(";");
            String name = parts[0].trim();
            if (name.equalsIgnoreCase("gzip") || name.equalsIgnoreCase("x-gzip") || name.equals("*")) {
                return parts.length < 2 || !parts[1].trim().matches("(?i)q\\s*=\\s*0(\\.0*)?");
            }
        }
        return false;
    }

    /** Whether If-None-Match names this entity tag (or is {@code *}); a weak tag matches its strong one. */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String tag : ifNoneMatch.split(",")) {
            String trimmed = tag.trim();
            if (trimmed.equals("*") || trimmed.equals(etag) || trimmed.equals("W/" + etag)) {
                return true;
            }
        }
        return false;
    }
}
