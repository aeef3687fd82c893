package com.courtrush.infra.lifecycle;

/**
 * The engine was asked to stop while it was starting, and its start was cut short: not a failure,
 * nothing to set aside or retry. {@link StoppedStartReporter} reports it in one line.
 */
public class StoppedWhileStarting extends RuntimeException {

    StoppedWhileStarting(String reason, String step, Throwable cause) {
        super("stopped while starting (" + reason + "), at: " + step, cause);
    }

    /** The first of these in {@code failure}'s causes, or null. */
    public static StoppedWhileStarting in(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof StoppedWhileStarting stopped) {
                return stopped;
            }
        }
        return null;
    }
}
