package com.courtrush.campus;

import com.courtrush.account.api.Category;
import com.courtrush.account.api.Role;
import com.courtrush.campus.api.CampusSignInSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the gym's rules make of a person the directory described (SPEC §18): a manager or staff member when a
 * staff value is in their groups, a student when a booking value is in the booking attribute, else nobody who may
 * sign in here. Values match whole, ignoring case.
 */
final class CampusRules {

    private CampusRules() {}

    /** The role the person gets here, or null when they may neither book nor work the desk. */
    static Role roleOf(CampusSignInSettings settings, Map<String, List<String>> attributes) {
        if (hasText(settings.staffAttribute())) {
            List<String> groups = attributes.getOrDefault(settings.staffAttribute(), List.of());
            if (anyOf(groups, settings.managerValues())) {
                return Role.MANAGER;
            }
            if (anyOf(groups, settings.staffValues())) {
                return Role.STAFF;
            }
        }
        if (anyOf(attributes.getOrDefault(settings.bookAttribute(), List.of()), settings.bookValues())) {
            return Role.STUDENT;
        }
        return null;
    }

    /**
     * What the person books as (SPEC §21): FACULTY when a faculty value is in the booking attribute, else STUDENT; null
     * when no faculty value is set (the gym decides).
     */
    static Category categoryOf(CampusSignInSettings settings, Map<String, List<String>> attributes) {
        if (values(settings.facultyValues()).isEmpty()) {
            return null;
        }
        return anyOf(attributes.getOrDefault(settings.bookAttribute(), List.of()), settings.facultyValues())
                ? Category.FACULTY
                : Category.STUDENT;
    }

    /** The first value of an attribute, or null. */
    static String first(Map<String, List<String>> attributes, String name) {
        List<String> values = attributes.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** A directory's attributes (single values, lists, numbers) as lists of strings. */
    static Map<String, List<String>> normalized(Map<String, ?> raw) {
        return raw.entrySet().stream()
                .filter(e -> e.getValue() != null)
                .collect(Collectors.toMap(Map.Entry::getKey, e -> strings(e.getValue())));
    }

    /** The comma separated values of a setting, trimmed, lower case, blanks dropped. */
    static Set<String> values(String commaSeparated) {
        if (commaSeparated == null) {
            return Set.of();
        }
        return Arrays.stream(commaSeparated.split(","))
                .map(String::strip)
                .filter(value -> !value.isEmpty())
                .map(value -> value.toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableSet());
    }

    private static boolean anyOf(List<String> have, String wanted) {
        Set<String> wantedValues = values(wanted);
        return have.stream()
                .anyMatch(value -> wantedValues.contains(value.strip().toLowerCase(Locale.ROOT)));
    }

    private static List<String> strings(Object value) {
        List<String> out = new ArrayList<>();
        if (value instanceof Collection<?> many) {
            many.stream().filter(java.util.Objects::nonNull).forEach(one -> out.add(String.valueOf(one)));
        } else if (value instanceof Object[] many) {
            Arrays.stream(many).filter(java.util.Objects::nonNull).forEach(one -> out.add(String.valueOf(one)));
        } else {
            out.add(String.valueOf(value));
        }
        return List.copyOf(out);
    }

    static boolean hasText(String text) {
        return text != null && !text.isBlank();
    }
}
