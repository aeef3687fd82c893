package com.courtrush.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.head;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.courtrush.support.WebSlice;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The students' page and its files as the engine sends them: without a token, under a strict
 * Content-Security-Policy; gzipped for a browser that takes it; every file also under a name carrying a hash
 * of its content, kept a year; index.html naming only those names, with an import map sending every module's
 * imports to them, allowed by the policy by its hash; index.html and a file under its own name asked for each
 * time and answered 304 when unchanged.
 */
@WebMvcTest(controllers = PageController.class)
@Import(PageAssets.class)
@WebSlice
class PageServingWebTest {

    private static final Pattern NAMED = Pattern.compile("(?:href|src)=\"assets/([^\"]+)\"");
    private static final Pattern IMPORT_MAP = Pattern.compile("<script type=\"importmap\">([^<]*)</script>");
    private static final Pattern MAPPED = Pattern.compile("\"\\./assets/([^\"]+)\":\"\\./assets/([^\"]+)\"");

    @Autowired
    MockMvc mvc;

    /** Every file of the page as the server holds it, by its own name, so that a module added later is checked too. */
    static Stream<String> pageFiles() throws IOException {
        List<String> paths = new ArrayList<>();
        for (Resource file : new PathMatchingResourcePatternResolver().getResources("classpath*:static/**/*.*")) {
            String url = file.getURL().toString();
            paths.add(url.substring(url.lastIndexOf("/static/") + "/static".length()));
        }
        assertThat(paths)
                .contains("/index.html", "/assets/app.js", "/assets/app.css")
                .hasSizeGreaterThan(20);
        paths.add("/");
        return paths.stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("pageFiles")
    void theStudentsPageIsServedWithoutATokenUnderAStrictContentSecurityPolicyAndAskedForEachTime(String path)
            throws Exception {
        mvc.perform(get(path))
                .andExpect(status().isOk())
                .andExpect(header().string("Content-Security-Policy", containsString("script-src 'self'")))
                .andExpect(header().string("Content-Security-Policy", containsString("frame-ancestors 'none'")))
                .andExpect(header().string("Content-Security-Policy", not(containsString("unsafe"))))
                .andExpect(header().string("Cache-Control", "no-cache"))
                .andExpect(header().doesNotExist("Content-Encoding"));
    }

    @Test
    void indexNamesEveryFileByItsFingerprintAndMapsEveryModuleToIt() throws Exception {
        String html = fetch("/", null).getContentAsString(StandardCharsets.UTF_8);
        Map<String, byte[]> sources = sources();

        List<String> named = new ArrayList<>();
        Matcher names = NAMED.matcher(html);
        while (names.find()) {
            named.add(names.group(1));
        }
        assertThat(named).as("files index.html names").hasSizeGreaterThan(5);
        for (String name : named) {
            assertThat(name).as("a file named by index.html").matches("[a-z0-9-]+\\.[0-9a-f]{12}\\.(js|css|svg)");
            assertThat(name.substring(name.indexOf('.') + 1, name.indexOf('.') + 13))
                    .as("the fingerprint of %s: the start of its SHA-256", name)
                    .isEqualTo(hex(sources.get(plain(name))).substring(0, 12));
        }

        Matcher importMap = IMPORT_MAP.matcher(html);
        assertThat(importMap.find()).as("an import map in index.html").isTrue();
        assertThat(html.indexOf("<script type=\"importmap\">"))
                .as("the import map comes before the first module")
                .isLessThan(html.indexOf("<script type=\"module\""))
                .isLessThan(html.indexOf("<link rel=\"modulepreload\""));
        Map<String, String> mapped = new TreeMap<>();
        Matcher entries = MAPPED.matcher(importMap.group(1));
        while (entries.find()) {
            mapped.put(entries.group(1), entries.group(2));
        }
        assertThat(mapped.keySet())
                .as("modules the import map sends to their fingerprinted names")
                .isEqualTo(sources.keySet().stream()
                        .filter(name -> name.endsWith(".js"))
                        .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new)));
        mapped.forEach((name, fingerprinted) -> assertThat(plain(fingerprinted)).isEqualTo(name));
        // index.html names the first screen's modules (PagePreloadTest says which); the later screens' are mapped only
        List<String> namedModules =
                named.stream().filter(name -> name.endsWith(".js")).toList();
        assertThat(namedModules).as("modules index.html names").hasSizeGreaterThan(3);
        for (String module : namedModules) {
            assertThat(mapped.get(plain(module)))
                    .as("index.html names %s under the name its import map sends it to", plain(module))
                    .isEqualTo(module);
        }
        assertThat(namedModules)
                .as("the screens after sign-in and the draw's page are not named: they come later")
                .noneMatch(
                        name -> Set.of("signed-in.js", "courts.js", "draw.js").contains(plain(name)));

        String hash = Base64.getEncoder()
                .encodeToString(MessageDigest.getInstance("SHA-256")
                        .digest(importMap.group(1).getBytes(StandardCharsets.UTF_8)));
        mvc.perform(get("/"))
                .andExpect(header().string(
                                "Content-Security-Policy",
                                containsString("script-src 'self' 'sha256-" + hash + "' https://res.wx.qq.com;")));
    }

    @Test
    void indexCarriesItsStyleSheetAndIconItselfAllowedByThePolicy() throws Exception {
        MockHttpServletResponse index = fetch("/", null);
        String html = index.getContentAsString(StandardCharsets.UTF_8);
        Map<String, byte[]> sources = sources();
        String css = new String(sources.get("app.css"), StandardCharsets.UTF_8);

        assertThat(html)
                .as("index.html: the style sheet written in, not linked")
                .contains("<style>" + css + "</style>")
                .doesNotContain("rel=\"stylesheet\"");
        assertThat(html)
                .as("the bar's icon as a data: address, not a request of its own")
                .contains("<img src=\"data:image/svg+xml;base64,"
                        + Base64.getEncoder().encodeToString(sources.get("icon.svg")) + "\"");
        String hash = Base64.getEncoder()
                .encodeToString(MessageDigest.getInstance("SHA-256").digest(sources.get("app.css")));
        assertThat(index.getHeader("Content-Security-Policy"))
                .as("the policy allows that style sheet by its hash, and no other inline style")
                .contains("style-src 'self' 'sha256-" + hash + "';")
                .doesNotContain("unsafe");
        assertThat(fetch("/assets/app.js", null).getHeader("Content-Security-Policy"))
                .as("any other answer's policy allows no inline style")
                .contains("style-src 'self';");
    }

    @Test
    void aFingerprintedFileIsKeptAYearAndSentGzippedToABrowserThatTakesIt() throws Exception {
        Map<String, byte[]> sources = sources();
        List<String> fingerprinted = new ArrayList<>();
        Matcher names = NAMED.matcher(fetch("/", null).getContentAsString(StandardCharsets.UTF_8));
        while (names.find()) {
            fingerprinted.add(names.group(1));
        }
        for (String name : fingerprinted) {
            MockHttpServletResponse gzipped = fetch("/assets/" + name, "gzip, deflate, br");
            assertThat(gzipped.getStatus()).as(name).isEqualTo(200);
            assertThat(gzipped.getHeader("Cache-Control")).as(name).isEqualTo("public, max-age=31536000, immutable");
            assertThat(gzipped.getHeader("Content-Encoding")).as(name).isEqualTo("gzip");
            assertThat(gzipped.getHeaders("Vary")).as(name).contains("Accept-Encoding");
            assertThat(gzipped.getHeader("Content-Security-Policy"))
                    .as(name)
                    .contains("script-src 'self' https://res.wx.qq.com;");
            assertThat(gunzip(gzipped.getContentAsByteArray()))
                    .as("%s gunzipped", name)
                    .isEqualTo(sources.get(plain(name)));
            assertThat(gzipped.getContentAsByteArray().length)
                    .as("%s gzipped", name)
                    .isLessThan(sources.get(plain(name)).length);

            MockHttpServletResponse plain = fetch("/assets/" + name, null);
            assertThat(plain.getHeader("Content-Encoding")).as(name).isNull();
            assertThat(plain.getContentAsByteArray()).as(name).isEqualTo(sources.get(plain(name)));
        }
        assertThat(fingerprinted).anyMatch(name -> name.endsWith(".js")).anyMatch(name -> name.endsWith(".svg"));
    }

    @Test
    void indexIsSentGzippedAndAnswered304WhileUnchanged() throws Exception {
        MockHttpServletResponse first = fetch("/", "gzip");
        assertThat(first.getHeader("Content-Encoding")).isEqualTo("gzip");
        assertThat(first.getHeader("Cache-Control")).isEqualTo("no-cache");
        assertThat(first.getContentType()).startsWith("text/html");
        assertThat(new String(gunzip(first.getContentAsByteArray()), StandardCharsets.UTF_8))
                .isEqualTo(fetch("/", null).getContentAsString(StandardCharsets.UTF_8))
                .contains("<script type=\"importmap\">");
        String etag = first.getHeader("ETag");
        assertThat(etag).isNotBlank();

        mvc.perform(get("/").header("Accept-Encoding", "gzip").header("If-None-Match", etag))
                .andExpect(status().isNotModified())
                .andExpect(header().string("ETag", etag));
        mvc.perform(get("/assets/app.js").header("Accept-Encoding", "gzip"))
                .andExpect(status().isOk())
                .andExpect(header().string("Cache-Control", "no-cache"))
                .andExpect(header().string("Content-Encoding", "gzip"));
        mvc.perform(get("/index.html").header("Accept-Encoding", "gzip;q=0, identity"))
                .andExpect(status().isOk())
                .andExpect(header().doesNotExist("Content-Encoding"));
        mvc.perform(head("/")).andExpect(status().isOk()).andExpect(header().exists("ETag"));
    }

    @Test
    void aFileThePageDoesNotHaveIsNotFound() throws Exception {
        mvc.perform(get("/assets/nothing.0123456789ab.js")).andExpect(status().isNotFound());
    }

    @Test
    void acceptEncodingIsReadAsHttpSaysAndEntityTagsMatchAsHttpSays() {
        assertThat(PageController.takesGzip("gzip, deflate, br")).isTrue();
        assertThat(PageController.takesGzip("br;q=1.0, GZIP;q=0.5")).isTrue();
        assertThat(PageController.takesGzip("*")).isTrue();
        assertThat(PageController.takesGzip("gzip;q=0")).isFalse();
        assertThat(PageController.takesGzip("gzip; q=0.000, identity")).isFalse();
        assertThat(PageController.takesGzip("identity")).isFalse();
        assertThat(PageController.takesGzip(null)).isFalse();
        assertThat(PageController.matches("\"a\", W/\"b\"", "\"b\"")).isTrue();
        assertThat(PageController.matches("*", "\"b\"")).isTrue();
        assertThat(PageController.matches("\"a\"", "\"b\"")).isFalse();
    }

    private MockHttpServletResponse fetch(String path, String acceptEncoding) throws Exception {
        var request = org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get(path);
        if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        return mvc.perform(request).andReturn().getResponse();
    }

    /** The page's files under static/assets, by name, as in the sources. */
    private static Map<String, byte[]> sources() throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        for (Resource file : new PathMatchingResourcePatternResolver().getResources("classpath:static/assets/*")) {
            try (var in = file.getInputStream()) {
                files.put(file.getFilename(), in.readAllBytes());
            }
        }
        return files;
    }

    /** {@code api.3f2a9c0d1e4b.js} → {@code api.js}. */
    private static String plain(String fingerprinted) {
        return fingerprinted.replaceFirst("\\.[0-9a-f]{12}\\.", ".");
    }

    private static String hex(byte[] bytes) throws Exception {
        return java.util.HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static byte[] gunzip(byte[] bytes) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            return in.readAllBytes();
        }
    }
}
