package com.courtrush.infra.redis;

import com.courtrush.core.Digests;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A Lua script kept as a file under {@code resources/lua}, with its SHA-1. {@code RScript.eval}
 * sends it by SHA-1 through Redisson's script cache ({@code useScriptCache}); a pipelined batch
 * bypasses that cache, so {@link ScriptPipeline} sends {@code EVALSHA} with this SHA-1 itself.
 */
public record LuaScript(String name, String source, String sha1) {

    public static LuaScript load(String name) {
        String source = read("/lua/" + name + ".lua");
        return new LuaScript(name, source, Digests.sha1Hex(source));
    }

    /**
     * A script that uses functions of {@code lua/lib/<library>.lua} files: their sources are put before
     * the script's (Redis runs one chunk; a script cannot load another), so several scripts share one
     * definition of what they do alike.
     */
    public static LuaScript load(String name, String... libraries) {
        StringBuilder source = new StringBuilder();
        for (String library : libraries) {
            source.append(read("/lua/lib/" + library + ".lua")).append('\n');
        }
        source.append(read("/lua/" + name + ".lua"));
        return new LuaScript(name, source.toString(), Digests.sha1Hex(source.toString()));
    }

    private static String read(String path) {
        try (InputStream in = LuaScript.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Lua script not on the classpath: " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read Lua script " + path, e);
        }
    }
}
