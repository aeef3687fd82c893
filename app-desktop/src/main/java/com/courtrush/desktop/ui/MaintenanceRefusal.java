package com.courtrush.desktop.ui;

/**
 * A desk call refused at once because the engine is in a maintenance of its own ({@link EngineMaintenance}); the
 * message, already in the console's language, says until about when.
 */
public final class MaintenanceRefusal extends RuntimeException {

    public MaintenanceRefusal(String message) {
        super(message);
    }
}
