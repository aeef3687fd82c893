package com.courtrush.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Hex digests of a text's UTF-8: SHA-256 — how a key, code or pass shown once is kept without keeping what reads
 * with it — and SHA-1, what Redis names a script by and what a fair draw's order is computed with.
 */
public final class Digests {

    private Digests() {}

    public static String sha256Hex(String text) {
        return hex("SHA-256", text);
    }

    public static String sha1Hex(String text) {
        return hex("SHA-1", text);
    }

    private static String hex(String algorithm, String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance(algorithm).digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " is part of every Java runtime", e);
        }
    }
}
