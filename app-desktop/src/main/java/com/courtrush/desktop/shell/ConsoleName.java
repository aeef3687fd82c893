package com.courtrush.desktop.shell;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** How this console is named in its shifts (issue 52): the computer's name, so a desk's shifts follow its machine. */
public final class ConsoleName {

    /** Looked up once: a host name can take a while to find where the network is slow. */
    private static final String HERE = lookUp();

    private ConsoleName() {}

    /** This computer's host name, or "console" when it has none. */
    public static String here() {
        return HERE;
    }

    private static String lookUp() {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            return name == null || name.isBlank() ? "console" : name.length() > 100 ? name.substring(0, 100) : name;
        } catch (UnknownHostException e) {
            return "console";
        }
    }
}
