package com.courtrush.desktop.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Labeled;
import javafx.scene.text.Text;

/**
 * Finds text shown to staff that is a code rather than words of their language: a constant
 * ({@code PAY_ORDER}, {@code RESET_PASSWORD}), a message key or a missing one ({@code rush.stockCold},
 * {@code !nav.x!}), a time as the machine writes it ({@code 2026-11-26T09:00}). Labels, buttons, headers,
 * cells and free text (a chart's axis) are read; what staff type in fields is not. Call on the JavaFX thread.
 */
public final class UntranslatedText {

    private static final Pattern CONSTANT = Pattern.compile("\\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\\b");
    private static final Pattern MISSING_KEY = Pattern.compile("![A-Za-z][\\w.-]*!");
    /** A key's shape: dotted words, the last in camel case ("rush.stockCold"); a host name has no capital. */
    private static final Pattern KEY_SHAPE =
            Pattern.compile("\\b[a-z][a-zA-Z0-9]*(?:\\.[a-z][a-zA-Z0-9]*)*\\.[a-z]+[A-Z][a-zA-Z0-9]*\\b");

    private static final Pattern WORD = Pattern.compile("[A-Za-z][\\w.-]*[A-Za-z0-9]");
    private static final Pattern ISO_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}");
    private static final Set<String> KEYS = keys();

    private UntranslatedText() {}

    /** What reads as a code under {@code root}, one line each; empty when everything is in words. */
    public static List<String> in(Parent root) {
        List<String> found = new ArrayList<>();
        visit(root, found);
        return found;
    }

    /** The codes in one text, or an empty list. */
    public static List<String> codesIn(String text) {
        List<String> codes = new ArrayList<>();
        for (Pattern pattern : List.of(CONSTANT, MISSING_KEY, KEY_SHAPE, ISO_TIME)) {
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                codes.add(m.group());
            }
        }
        Matcher words = WORD.matcher(text);
        while (words.find()) {
            if (KEYS.contains(words.group()) && !codes.contains(words.group())) {
                codes.add(words.group());
            }
        }
        return codes;
    }

    private static void visit(Node node, List<String> found) {
        if (!node.isVisible()) {
            return;
        }
        String text = null;
        if (node instanceof Labeled labeled) {
            text = labeled.getText();
        } else if (node instanceof Text shown && !(node.getParent() instanceof Labeled)) {
            text = shown.getText();
        }
        if (text != null && !text.isBlank()) {
            List<String> codes = codesIn(text);
            if (!codes.isEmpty()) {
                found.add(node.getClass().getSimpleName() + (node.getId() == null ? "" : " #" + node.getId()) + " \""
                        + text + "\" shows " + codes);
            }
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                visit(child, found);
            }
        }
    }

    private static Set<String> keys() {
        Set<String> keys = new HashSet<>();
        for (String bundle : List.of("/i18n/messages.properties", "/i18n/messages_zh_CN.properties")) {
            try (InputStream in = UntranslatedText.class.getResourceAsStream(bundle)) {
                Properties properties = new Properties();
                properties.load(in);
                keys.addAll(properties.stringPropertyNames());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return keys;
    }
}
