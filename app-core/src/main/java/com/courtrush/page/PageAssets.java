package com.courtrush.page;

import com.courtrush.account.SecurityHeaders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.io.support.ResourcePatternResolver;
import org.springframework.http.MediaTypeFactory;
import org.springframework.stereotype.Component;

/**
 * The students' page, read from the class path once at start-up and held as it is sent. Each file under
 * {@code static/assets} gets a second name carrying the first 12 hex digits of its content's SHA-256
 * ({@code api.js} → {@code api.3f2a9c0d1e4b.js}): a new release is a new name, so a browser may keep a file for a
 * year without asking again. index.html is rewritten to name the files so, and gets an import map that sends the
 * modules' own relative imports ({@code import ... from './api.js'}) to the same names, so one download of each
 * module serves the whole graph; its style sheet and its small images are written into it. The
 * Content-Security-Policy sent with it allows that one inline script and that style sheet by their hashes. Text files are gzipped here, once, at the best level: nothing is compressed while students wait.
 */
@Component
class PageAssets {

    static final String ROOT = "classpath:static/";
    private static final String ASSETS = "assets/";
    private static final int HASH_DIGITS = 12;
    /** A file of the page named in index.html: {@code href="assets/app.css"}, {@code src="assets/app.js"}. */
    private static final Pattern NAMED = Pattern.compile("(href|src)=\"assets/([^\"#?/]+)\"");
    /** The page's style sheet, written into index.html: {@code <link rel="stylesheet" href="assets/app.css">}. */
    private static final Pattern STYLE_SHEET = Pattern.compile("<link rel=\"stylesheet\" href=\"assets/([^\"#?/]+)\">");
    /** An image index.html shows at most this big goes in as a {@code data:} address, not a request of its own. */
    private static final int INLINE_IMAGE_BYTES = 1_024;
    /** Where the import map goes: before the first module the page loads or preloads. */
    private static final Pattern FIRST_MODULE = Pattern.compile("<script type=\"module\"|<link rel=\"modulepreload\"");

    private final Map<String, PageFile> byName = new HashMap<>();
    private final Map<String, PageFile> byFingerprint = new HashMap<>();
    private final Map<String, String> fingerprints = new TreeMap<>();
    private final PageFile index;
    private final String indexPolicy;

    PageAssets() throws IOException {
        this(new PathMatchingResourcePatternResolver(), ROOT);
    }

    PageAssets(ResourcePatternResolver resolver, String root) throws IOException {
        for (Resource resource : resolver.getResources(root + ASSETS + "*")) {
            String name = resource.getFilename();
            if (name == null || !resource.isReadable()) {
                continue;
            }
            byte[] bytes;
            try (var in = resource.getInputStream()) {
                bytes = in.readAllBytes();
            }
            String hash = HexFormat.of().formatHex(sha256(bytes)).substring(0, HASH_DIGITS);
            PageFile file = file(name, bytes, hash);
            int dot = name.lastIndexOf('.');
            String fingerprint =
                    dot < 0 ? name + "." + hash : name.substring(0, dot) + "." + hash + name.substring(dot);
            byName.put(name, file);
            byFingerprint.put(fingerprint, file);
            fingerprints.put(name, fingerprint);
        }
        String html;
        try (var in = resolver.getResource(root + "index.html").getInputStream()) {
            html = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String importMap = importMap();
        List<String> styles = new ArrayList<>();
        html = withImportMap(fingerprinted(withStyleSheets(html, styles)), importMap);
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        this.index = file(
                "index.html", bytes, HexFormat.of().formatHex(sha256(bytes)).substring(0, HASH_DIGITS));
        this.indexPolicy = SecurityHeaders.pagePolicyAllowing(
                List.of(policyHash(importMap)),
                styles.stream().map(PageAssets::policyHash).toList());
    }

    /**
     * index.html as sent: its style sheet written in, its small images as {@code data:} addresses, the other files
     * under their fingerprinted names, and the import map. A phone on a weak network fetches the sign-in form's files
     * in one turn of its six connections only if they are at most six (issue 78): the style sheet and the icon would
     * be two of them.
     */
    PageFile index() {
        return index;
    }

    /** The page's Content-Security-Policy, allowing index.html's import map and style sheet by their hashes. */
    String indexPolicy() {
        return indexPolicy;
    }

    /** A file by its fingerprinted name ({@code api.3f2a9c0d1e4b.js}), or null. */
    PageFile byFingerprint(String name) {
        return byFingerprint.get(name);
    }

    /**
     * A file by its own name ({@code api.js}), or null: what a browser without import maps asks for when a module
     * imports another, and what a page from before a release names.
     */
    PageFile byName(String name) {
        return byName.get(name);
    }

    /** Each file's own name and its fingerprinted name. */
    Map<String, String> fingerprints() {
        return Map.copyOf(fingerprints);
    }

    /** Each style sheet index.html links, written in as a {@code <style>}; its text added to {@code styles}. */
    private String withStyleSheets(String html, List<String> styles) {
        Matcher linked = STYLE_SHEET.matcher(html);
        StringBuilder out = new StringBuilder();
        while (linked.find()) {
            String css = new String(named(linked.group(1)).bytes(), StandardCharsets.UTF_8);
            if (css.contains("</")) {
                throw new IllegalStateException(
                        ASSETS + linked.group(1) + " holds \"</\": it cannot go into a <style>");
            }
            styles.add(css);
            linked.appendReplacement(out, Matcher.quoteReplacement("<style>" + css + "</style>"));
        }
        linked.appendTail(out);
        return out.toString();
    }

    private String fingerprinted(String html) {
        Matcher named = NAMED.matcher(html);
        StringBuilder out = new StringBuilder();
        while (named.find()) {
            PageFile file = named(named.group(2));
            String address = named.group(1).equals("src")
                            && file.contentType().startsWith("image/")
                            && file.bytes().length <= INLINE_IMAGE_BYTES
                    ? "data:" + file.contentType() + ";base64,"
                            + Base64.getEncoder().encodeToString(file.bytes())
                    : ASSETS + fingerprints.get(named.group(2));
            named.appendReplacement(out, Matcher.quoteReplacement(named.group(1) + "=\"" + address + "\""));
        }
        named.appendTail(out);
        return out.toString();
    }

    private PageFile named(String name) {
        PageFile file = byName.get(name);
        if (file == null) {
            throw new IllegalStateException("index.html names " + ASSETS + name
                    + ", which is not among the page's files under static/" + ASSETS);
        }
        return file;
    }

    /** How the Content-Security-Policy allows an inline script or style sheet of this text. */
    private static String policyHash(String text) {
        return "sha256-" + Base64.getEncoder().encodeToString(sha256(text.getBytes(StandardCharsets.UTF_8)));
    }

    /** {"imports": {"./assets/api.js": "./assets/api.3f2a9c0d1e4b.js", ...}}, every module, in name order. */
    private String importMap() {
        StringBuilder json = new StringBuilder("{\"imports\":{");
        String comma = "";
        for (Map.Entry<String, String> file : fingerprints.entrySet()) {
            if (file.getKey().endsWith(".js")) {
                json.append(comma)
                        .append("\"./")
                        .append(ASSETS)
                        .append(file.getKey())
                        .append("\":\"./")
                        .append(ASSETS)
                        .append(file.getValue())
                        .append('"');
                comma = ",";
            }
        }
        return json.append("}}").toString();
    }

    private static String withImportMap(String html, String importMap) {
        Matcher first = FIRST_MODULE.matcher(html);
        if (!first.find()) {
            throw new IllegalStateException("index.html loads no module: where would its import map go?");
        }
        return html.substring(0, first.start()) + "<script type=\"importmap\">" + importMap + "</script>\n  "
                + html.substring(first.start());
    }

    private static PageFile file(String name, byte[] bytes, String hash) {
        String type = contentType(name);
        byte[] gzipped = compressible(type) ? gzip(bytes) : null;
        return new PageFile(bytes, gzipped != null && gzipped.length < bytes.length ? gzipped : null, type, hash);
    }

    private static String contentType(String name) {
        if (name.endsWith(".js")) {
            return "text/javascript;charset=UTF-8";
        }
        if (name.endsWith(".css")) {
            return "text/css;charset=UTF-8";
        }
        if (name.endsWith(".html")) {
            return "text/html;charset=UTF-8";
        }
        return MediaTypeFactory.getMediaType(name).map(Object::toString).orElse("application/octet-stream");
    }

    private static boolean compressible(String type) {
        return type.startsWith("text/") || type.contains("svg") || type.contains("json");
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 2 + 64);
        try (GZIPOutputStream gzip = new GZIPOutputStream(out) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            gzip.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("gzip in memory", e);
        }
        return out.toByteArray();
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JDK", e);
        }
    }
}
