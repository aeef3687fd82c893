package com.courtrush.desktop.ui;

/** How view models tell staff what happened: a short confirmation, or a failure they must see. */
public interface Notices {

    void info(String message);

    /** {@code what} failed; the user sees why (never a stack trace), the log gets the details once. */
    void failed(String what, Throwable error);

    /** Asks before a step with a consequence the staff may not expect; true when they go on. */
    boolean confirm(String message);
}
