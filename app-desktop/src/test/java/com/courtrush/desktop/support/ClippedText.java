package com.courtrush.desktop.support;

import com.courtrush.desktop.ui.Widgets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TextField;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.PathElement;
import javafx.scene.text.Text;

/**
 * Finds text staff cannot read whole on a screen as laid out: a label, button or column header
 * shown cut short (the skin put an ellipsis in), a wrapping label with a line of one character
 * ("理" alone), and a field's hint wider than the field. Table cells count too (an order number, a pay
 * time, an operator cut to "CR2611…" cannot be read to a student), except in a column of free text
 * ({@link Widgets#FREE_TEXT}: a reason, a detail) that may run past any width. Call on the JavaFX thread,
 * after layout.
 */
public final class ClippedText {

    private ClippedText() {}

    /** What is clipped under {@code root}, one line each; empty when everything reads whole. */
    public static List<String> in(Parent root) {
        List<String> found = new ArrayList<>();
        visit(root, found);
        return found;
    }

    private static void visit(Node node, List<String> found) {
        if (!node.isVisible() || isFreeText(node)) {
            return;
        }
        if (node instanceof Labeled labeled) {
            check(labeled, found);
        }
        if (node instanceof TextField field) {
            checkPrompt(field, found);
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                visit(child, found);
            }
        }
    }

    /** A cell of a column whose text may run past any width: a reason or a detail staff typed. */
    private static boolean isFreeText(Node node) {
        return node instanceof TableCell<?, ?> cell
                && cell.getTableColumn() != null
                && cell.getTableColumn().getProperties().containsKey(Widgets.FREE_TEXT);
    }

    private static void check(Labeled labeled, List<String> found) {
        String full = labeled.getText();
        if (full == null || full.isBlank() || labeled.getWidth() <= 0) {
            return;
        }
        if (labeled.isNeedsLayout()) {
            // its text changed since the last pulse (a screen that polls set it just now): read it as the next
            // pulse will show it, not the text it had
            labeled.layout();
        }
        Text shown = shownText(labeled);
        if (shown == null) {
            return;
        }
        String text = shown.getText();
        if (!full.equals(text)) {
            found.add(describe(labeled) + " \"" + full + "\" is shown as \"" + text + "\"");
            return;
        }
        String alone = lineOfOneCharacter(shown);
        if (alone != null) {
            found.add(describe(labeled) + " \"" + full + "\" wraps \"" + alone + "\" onto a line of its own");
        }
    }

    private static void checkPrompt(TextField field, List<String> found) {
        String prompt = field.getPromptText();
        if (prompt == null || prompt.isBlank() || !field.getText().isEmpty() || field.getWidth() <= 0) {
            return;
        }
        Text measure = new Text(prompt);
        measure.setFont(field.getFont());
        double room = field.getWidth() - field.snappedLeftInset() - field.snappedRightInset();
        if (measure.getLayoutBounds().getWidth() > room + 0.5) {
            found.add(describe(field) + " hint \"" + prompt + "\" is wider than its field");
        }
    }

    /** The text node the skin shows for a labeled control (its own child, not a graphic's). */
    private static Text shownText(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text text && child != labeled.getGraphic()) {
                return text;
            }
        }
        return null;
    }

    /** The character alone on a line of a wrapped text, or null. */
    private static String lineOfOneCharacter(Text shown) {
        String text = shown.getText();
        if (text.length() < 2 || shown.getWrappingWidth() <= 0) {
            return null;
        }
        Map<Long, StringBuilder> lines = new LinkedHashMap<>();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                continue;
            }
            lines.computeIfAbsent(Math.round(lineTop(shown, i)), y -> new StringBuilder())
                    .append(c);
        }
        if (lines.size() < 2) {
            return null;
        }
        return lines.values().stream()
                .filter(line -> line.length() == 1)
                .map(StringBuilder::toString)
                .findFirst()
                .orElse(null);
    }

    private static double lineTop(Text shown, int index) {
        double top = Double.MAX_VALUE;
        for (PathElement element : shown.caretShape(index, true)) {
            if (element instanceof MoveTo move) {
                top = Math.min(top, move.getY());
            } else if (element instanceof LineTo line) {
                top = Math.min(top, line.getY());
            }
        }
        return top;
    }

    private static String describe(Node node) {
        Bounds bounds = node.localToScene(node.getLayoutBounds());
        String id = node.getId() == null ? "" : "#" + node.getId() + " ";
        if (node instanceof TableCell<?, ?> cell && cell.getTableColumn() != null) {
            id += "(column \"" + cell.getTableColumn().getText() + "\" "
                    + Math.round(cell.getTableColumn().getWidth()) + " wide, at least "
                    + Math.round(cell.getTableColumn().getMinWidth()) + ") ";
        }
        return node.getClass().getSimpleName() + " " + id + "at (" + Math.round(bounds.getMinX()) + ", "
                + Math.round(bounds.getMinY()) + ")";
    }
}
