package com.courtrush.desktop;

import javafx.application.Application;

/**
 * Entry point of {@code app-desktop.jar}. A main class that is not itself an {@link Application}
 * lets JavaFX run from the class path.
 */
public final class ConsoleLauncher {

    public static void main(String[] args) {
        Application.launch(ConsoleApp.class, args);
    }

    private ConsoleLauncher() {}
}
