package com.courtrush.infra.redis;

import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.redisson.api.RScript;

/**
 * A Lua script with typed calls (STYLE 21): a call is a record ({@link ScriptCall}) that names its keys
 * and arguments, and the reply is read into a record (or an enum of the script's outcomes) by the one
 * reader given here. With {@link ScriptPipeline} (which batches the calls of one script), this is the only
 * class that sends a script to Redis: no code calls {@code eval} with keys and arguments by position
 * (the architecture test holds it).
 *
 * <p>{@link #call} goes through Redisson's script cache ({@code useScriptCache}): {@code EVALSHA}, the
 * source only after NOSCRIPT, so a script is sent in full once per Redis.
 *
 * @param <C> the script's call
 * @param <R> what its reply is read into
 */
public final class RedisScript<C extends ScriptCall, R> {

    private final LuaScript lua;
    private final RScript.Mode mode;
    private final RScript.ReturnType returnType;
    private final Function<Object, R> reader;

    private RedisScript(LuaScript lua, RScript.Mode mode, RScript.ReturnType returnType, Function<Object, R> reader) {
        this.lua = lua;
        this.mode = mode;
        this.returnType = returnType;
        this.reader = reader;
    }

    /** A script that writes (sent to the master of its first key). */
    public static <C extends ScriptCall, R> RedisScript<C, R> writing(
            LuaScript lua, RScript.ReturnType returnType, Function<Object, R> reader) {
        return new RedisScript<>(lua, RScript.Mode.READ_WRITE, returnType, reader);
    }

    /** A script that only reads. */
    public static <C extends ScriptCall, R> RedisScript<C, R> reading(
            LuaScript lua, RScript.ReturnType returnType, Function<Object, R> reader) {
        return new RedisScript<>(lua, RScript.Mode.READ_ONLY, returnType, reader);
    }

    /** Runs the call and reads its reply. */
    public R call(RScript redis, C call) {
        Object raw = redis.eval(mode, lua.source(), returnType, call.keys(), call.args());
        return reader.apply(raw);
    }

    /** The same without waiting: the reply is read when it arrives. */
    public CompletionStage<R> callAsync(RScript redis, C call) {
        return redis.<Object>evalAsync(mode, lua.source(), returnType, call.keys(), call.args())
                .thenApply(reader);
    }

    /** Reads a reply of this script (one {@link ScriptPipeline} received). */
    R read(Object raw) {
        return reader.apply(raw);
    }

    LuaScript lua() {
        return lua;
    }

    RScript.Mode mode() {
        return mode;
    }

    RScript.ReturnType returnType() {
        return returnType;
    }
}
