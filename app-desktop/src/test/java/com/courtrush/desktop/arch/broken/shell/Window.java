package com.courtrush.desktop.arch.broken.shell;

import com.courtrush.desktop.arch.broken.screen.SomeScreen;

/** A window that knows its screens by name, for {@code ConsoleRulesCatchTest}. */
public class Window {
    public SomeScreen first() {
        return new SomeScreen();
    }
}
