package com.courtrush.bench;

/** A step of the bench could not be done; the message says which and why. */
final class BenchException extends RuntimeException {

    BenchException(String message) {
        super(message);
    }

    BenchException(String message, Throwable cause) {
        super(message, cause);
    }
}
