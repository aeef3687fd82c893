package com.courtrush.desktop.arch.broken.screen;

import com.courtrush.desktop.arch.broken.shell.Window;

/** A screen that reaches back into the window, for {@code ConsoleRulesCatchTest}. */
public class SomeScreen {
    public Window window() {
        return new Window();
    }
}
