package com.courtrush.desktop.support;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;

/**
 * Finds a pane made to fit its width that scrolls sideways all the same (issue 76: the Reservations details at
 * 1280×720): a {@link ScrollPane} with {@code fitToWidth} whose content cannot be made as narrow as the pane, so staff
 * scroll right to read it. A table that scrolls sideways is not one (a narrow table keeps its values whole). Call on
 * the JavaFX thread, after layout.
 */
public final class SidewaysScroll {

    private SidewaysScroll() {}

    /** Each pane under {@code root} that scrolls sideways though made to fit: its id and by how much. */
    public static List<String> in(Parent root) {
        List<String> found = new ArrayList<>();
        visit(root, found);
        return found;
    }

    private static void visit(Node node, List<String> found) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof ScrollPane pane && pane.isFitToWidth() && pane.getContent() != null) {
            double viewport = pane.getViewportBounds().getWidth();
            double least = pane.getContent().minWidth(-1);
            if (viewport > 0 && least > viewport + 1) {
                found.add("scrolls sideways: " + (pane.getId() == null ? "a scroll pane" : "#" + pane.getId())
                        + " needs " + Math.round(least) + " px, has " + Math.round(viewport) + " (widest: "
                        + widest(pane.getContent(), viewport) + ")");
            }
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                visit(child, found);
            }
        }
    }

    /** The deepest node under {@code node} that cannot be as narrow as {@code width}: where the width comes from. */
    private static String widest(Node node, double width) {
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                if (child.isManaged() && child.minWidth(-1) > width + 1) {
                    return widest(child, width);
                }
            }
        }
        return node.getClass().getSimpleName() + (node.getId() == null ? "" : "#" + node.getId());
    }
}
