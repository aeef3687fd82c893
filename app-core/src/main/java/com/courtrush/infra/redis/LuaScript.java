package com.courtrush.infra.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script kept as a file under {@code resources/lua}, with its SHA-1. {@code RScript.eval}
 * sends it by SHA-1 through Redisson's script cache ({@code useScriptCache}); a pipelined batch
 * bypasses that cache, so {@link ScriptPipeline} sends {@code EVALSHA} with this SHA-1 itself.
 */
public record LuaScript(String name, String source, String sha1) {

    public static LuaScript load(String name) {
        String path = "/lua/" + name + ".lua";
        try (InputStream in = LuaScript.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Lua script not on the classpath: " + path);
            }
            String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new LuaScript(name, source, sha1(source));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read Lua script " + path, e);
        }
    }

    private static String sha1(String source) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JDK has no SHA-1", e);
        }
    }
}
