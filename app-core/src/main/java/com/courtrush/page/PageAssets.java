package com.courtrush.page;

import com.courtrush.account.SecurityHeaders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
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
 * module serves the whole graph; the Content-Security-Policy sent with it allows that one inline script by its
 * hash. Text files are gzipped here, once, at the best level: nothing is compressed while students wait.
 */
@Component
class PageAssets {

    static final String ROOT = "classpath:static/";
    private static final String ASSETS = "assets/";
    private static final int HASH_DIGITS = 12;
    /** A file of the page named in index.html: {@code href="assets/app.css"}, {@code src="assets/app.js"}. */
    private static final Pattern NAMED = Pattern.compile("(href|src)=\"assets/([^\"#?/]+)\"");
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
        html = withImportMap(fingerprinted(html), importMap);
        byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
        this.index = file(
                "index.html", bytes, HexFormat.of().formatHex(sha256(bytes)).substring(0, HASH_DIGITS));
        this.indexPolicy = SecurityHeaders.pagePolicyAllowingScripts(
                "sha256-" + Base64.getEncoder().encodeToString(sha256(importMap.getBytes(StandardCharsets.UTF_8))));
    }

    /** index.html as sent: the files under their fingerprinted names, and the import map. */
    PageFile index() {
        return index;
    }

    /** The page's Content-Security-Policy, allowing index.html's import map by its hash. */
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

    private String fingerprinted(String html) {
        Matcher named = NAMED.matcher(html);
        StringBuilder out = new StringBuilder();
        while (named.find()) {
            String fingerprint = fingerprints.get(named.group(2));
            if (fingerprint == null) {
                throw new IllegalStateException("index.html names " + ASSETS + named.group(2)
                        + ", which is not among the page's files under static/" + ASSETS);
            }
            named.appendReplacement(
                    out, Matcher.quoteReplacement(named.group(1) + "=\"" + ASSETS + fingerprint + "\""));
        }
        named.appendTail(out);
        return out.toString();
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
