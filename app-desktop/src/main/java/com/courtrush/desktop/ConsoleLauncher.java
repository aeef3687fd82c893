package com.courtrush.desktop;

import com.courtrush.core.Release;
import javafx.application.Application;

/**
 * Entry point of {@code app-desktop.jar}. A main class that is not itself an {@link Application}
 * lets JavaFX run from the class path.
 */
public final class ConsoleLauncher {

    public static void main(String[] args) {
        if (Release.asked(args)) {
            // which release this is (SPEC §23), without opening a window
            System.out.println(Release.current().line());
            return;
        }
        Application.launch(ConsoleApp.class, args);
    }

    private ConsoleLauncher() {}
}
