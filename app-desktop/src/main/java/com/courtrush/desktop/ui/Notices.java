package com.courtrush.desktop.ui;

import java.util.Optional;

/** How view models tell staff what happened: a short confirmation, or a failure they must see. */
public interface Notices {

    void info(String message);

    /** {@code what} failed; the user sees why (never a stack trace), the log gets the details once. */
    void failed(String what, Throwable error);

    /** Asks before a step with a consequence the staff may not expect; true when they go on. */
    boolean confirm(String message);

    /**
     * Asks before a step that cannot be taken back, naming its target and consequence; the answer,
     * or empty when staff step back.
     */
    Optional<Destructive.Answer> confirm(Destructive step);
}
