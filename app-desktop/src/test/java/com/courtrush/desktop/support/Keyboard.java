package com.courtrush.desktop.support;

import javafx.scene.Node;
import javafx.scene.input.KeyCode;
import org.testfx.api.FxRobot;
import org.testfx.service.adapter.impl.JavafxRobotAdapter;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Typing as staff do, quickly: a click on the field, then each character's key pressed, typed and released at the
 * node the click focused — the events TestFX's {@code write} fires, through its own adapter — sent in one go and
 * waited for once. {@code write} waits for the JavaFX events and 25 ms more after every character: about 0.1 s a
 * character, 20 s for the campus sign-in's form.
 */
public final class Keyboard {

    private Keyboard() {}

    /** Clicks the node {@code query} finds and types {@code text} into it. */
    public static void clickAndType(FxRobot robot, String query, String text) {
        clickAndType(robot, robot.lookup(query).query(), text);
    }

    /** Clicks {@code node} and types {@code text} into it; a line break is the Enter key, as with {@code write}. */
    public static void clickAndType(FxRobot robot, Node node, String text) {
        robot.clickOn(node);
        JavafxRobotAdapter keys = new JavafxRobotAdapter();
        keys.robotCreate(node.getScene());
        for (char character : text.toCharArray()) {
            KeyCode code = character == '\n' ? KeyCode.ENTER : character == '\t' ? KeyCode.TAB : KeyCode.UNDEFINED;
            keys.keyPress(code);
            keys.keyType(KeyCode.UNDEFINED, String.valueOf(character));
            keys.keyRelease(code);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
