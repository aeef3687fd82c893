package com.courtrush.account;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.security.web.header.HeaderWriter;
import org.springframework.security.web.header.writers.CacheControlHeadersWriter;
import org.springframework.security.web.header.writers.ContentSecurityPolicyHeaderWriter;
import org.springframework.security.web.header.writers.DelegatingRequestMatcherHeaderWriter;
import org.springframework.security.web.header.writers.HstsHeaderWriter;
import org.springframework.security.web.header.writers.ReferrerPolicyHeaderWriter;
import org.springframework.security.web.header.writers.XContentTypeOptionsHeaderWriter;
import org.springframework.security.web.header.writers.XXssProtectionHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.NegatedRequestMatcher;

/**
 * The security headers of every answer, in one place: the security chain writes them, and so does a
 * path served ahead of it ({@code POST /reserve/}). Spring Security's defaults — no sniffing, the XSS
 * auditor off, no caching, HSTS on HTTPS, never framed — and the page's own: no referrer, and the
 * students' page's Content-Security-Policy (Swagger UI, the staff's API browser, brings inline styles of
 * its own and goes without).
 */
public final class SecurityHeaders {

    /** Where WeChat serves its JS-SDK (jweixin) from. */
    static final String WECHAT_JS_SDK = "https://res.wx.qq.com";

    /**
     * The students' page loads only its own files and talks only to this server: no inline script or
     * style, no other origin — but WeChat's JS-SDK, which the page loads inside WeChat for the subscribe button (SPEC
     * §22) —, never framed. Answers that are not pages carry it too, harmlessly.
     */
    static final String PAGE_POLICY = "default-src 'self'; script-src 'self' " + WECHAT_JS_SDK
            + "; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private final List<HeaderWriter> writers = List.of(
            new XContentTypeOptionsHeaderWriter(),
            new XXssProtectionHeaderWriter(),
            new CacheControlHeadersWriter(),
            new HstsHeaderWriter(),
            new XFrameOptionsHeaderWriter(XFrameOptionsHeaderWriter.XFrameOptionsMode.DENY),
            new ReferrerPolicyHeaderWriter(ReferrerPolicyHeaderWriter.ReferrerPolicy.NO_REFERRER),
            new DelegatingRequestMatcherHeaderWriter(
                    new NegatedRequestMatcher(
                            PathPatternRequestMatcher.withDefaults().matcher("/swagger-ui/**")),
                    new ContentSecurityPolicyHeaderWriter(PAGE_POLICY)));

    SecurityHeaders() {}

    /**
     * The page's policy, also allowing the inline scripts and style sheets of these hashes
     * ({@code sha256-<base64>}): the students' page's import map and its style sheet, which the engine writes into
     * index.html.
     */
    public static String pagePolicyAllowing(List<String> scriptHashes, List<String> styleHashes) {
        return PAGE_POLICY
                .replace("script-src 'self'", allowing("script-src 'self'", scriptHashes))
                .replace("style-src 'self'", allowing("style-src 'self'", styleHashes));
    }

    private static String allowing(String directive, List<String> hashes) {
        StringBuilder allowed = new StringBuilder(directive);
        for (String hash : hashes) {
            allowed.append(" '").append(hash).append('\'');
        }
        return allowed.toString();
    }

    List<HeaderWriter> writers() {
        return writers;
    }

    /** Writes them on an answer, before anything of it is sent. */
    public void write(HttpServletRequest request, HttpServletResponse response) {
        for (HeaderWriter writer : writers) {
            writer.writeHeaders(request, response);
        }
    }
}
