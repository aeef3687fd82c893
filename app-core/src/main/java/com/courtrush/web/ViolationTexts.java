package com.courtrush.web;

import com.courtrush.core.EngineMessages;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import java.util.Locale;
import java.util.Map;

/**
 * What a caller whose input breaks a Bean Validation rule is told, in their language and in plain words: the field as
 * people name it ({@code field.<name>}) and what to do, never the validator's own text ("must match
 * "[A-Za-z0-9_-]{1,32}"" is not a sentence a student can act on). The text is the first of {@code
 * invalid.<field>.<Constraint>}, {@code invalid.<field>} and {@code invalid.<Constraint>} the engine's messages
 * have, else {@code invalid.other}; each gets the field's name, then the rule's {@code min} (or {@code value}) and
 * {@code max}. Every field a student can send has its name in both languages ({@code StudentFieldTextsTest}).
 */
final class ViolationTexts {

    private ViolationTexts() {}

    /** The text for one violation: its field is the last named node of its path (a list's element: the list). */
    static String of(ConstraintViolation<?> violation, Locale locale) {
        return of(
                fieldOf(violation.getPropertyPath()),
                violation
                        .getConstraintDescriptor()
                        .getAnnotation()
                        .annotationType()
                        .getSimpleName(),
                violation.getConstraintDescriptor().getAttributes(),
                locale);
    }

    /** The text for a field whose value could not be taken at all (no rule to name). */
    static String of(String field, Locale locale) {
        return of(field, "", Map.of(), locale);
    }

    static String of(String field, String constraint, Map<String, Object> attributes, Locale locale) {
        String name =
                EngineMessages.has(locale, "field." + field) ? EngineMessages.format(locale, "field." + field) : field;
        Object low = attributes.getOrDefault("min", attributes.get("value"));
        Object high = attributes.get("max");
        for (String key :
                new String[] {"invalid." + field + "." + constraint, "invalid." + field, "invalid." + constraint}) {
            if (EngineMessages.has(locale, key)) {
                return EngineMessages.format(locale, key, name, low, high);
            }
        }
        return EngineMessages.format(locale, "invalid.other", name, low, high);
    }

    /** The field a path ends at: "login.arg0.studentId" → studentId; "fallbackSlotIds[1].<list element>" → fallbackSlotIds. */
    static String fieldOf(Path path) {
        String field = "";
        for (Path.Node node : path) {
            String name = node.getName();
            if (name != null && !name.startsWith("<")) {
                field = name;
            }
        }
        return field;
    }
}
