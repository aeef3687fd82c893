package com.courtrush.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import org.redisson.api.RScript;
import org.redisson.client.RedisNoScriptException;

/**
 * A Lua script kept as a file under {@code resources/lua}, run by its SHA-1: one {@code EVALSHA}
 * round trip, and only when Redis no longer knows the script (a restart, {@code SCRIPT FLUSH}) is
 * it loaded again and the call repeated.
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

    /** Runs the script; its keys and arguments as Redis sees them. */
    @SuppressWarnings("unchecked")
    public <R> R run(RScript redis, RScript.Mode mode, RScript.ReturnType returnType, List<?> keys,
            Object... args) {
        List<Object> keyList = (List<Object>) keys;
        try {
            return redis.evalSha(mode, sha1, returnType, keyList, args);
        } catch (RedisNoScriptException e) {
            redis.scriptLoad(source);
            return redis.evalSha(mode, sha1, returnType, keyList, args);
        }
    }

    private static String sha1(String source) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-1").digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("The JDK has no SHA-1", e);
        }
    }
}
