package com.courtrush.desktop.ui;

/** What staff typed cannot be used; the message (already in the console's language) says why. */
public final class InputRefused extends RuntimeException {

    public InputRefused(String message) {
        super(message);
    }
}
