package com.courtrush.core;

import java.util.concurrent.CompletionException;

/** What a failed {@link java.util.concurrent.CompletableFuture} stage actually failed with. */
public final class Futures {

    private Futures() {}

    /** The cause a {@link CompletionException} wraps, or the error itself. */
    public static Throwable cause(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }
}
