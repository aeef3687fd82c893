package com.courtrush.infra.redis;

import java.util.List;

/**
 * One call of a Lua script, as a record that names what it passes: its keys and arguments in the order the
 * script reads them ({@code KEYS[i]}, {@code ARGV[i]}), worked out here and nowhere else. Sent by the
 * script's {@link RedisScript}, which reads the reply into the script's reply record.
 */
public interface ScriptCall {

    /** The script's {@code KEYS}, in order. */
    List<Object> keys();

    /** No arguments: what a script that reads only its keys is sent. */
    Object[] NO_ARGS = {};

    /** The script's {@code ARGV}, in order; none unless the call says so. */
    default Object[] args() {
        return NO_ARGS;
    }
}
