package com.courtrush.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * One controller per path prefix: what a reader looks for under {@code /admin/reservations} or
 * {@code /reserve/waitlist} is in one class, and a feature's HTTP side is not spread over other features'
 * controllers. A path's <b>prefix</b> is its first two segments ({@code /admin/sessions/{id}/slots/generate}:
 * {@code /admin/sessions}); a path variable counts as a segment, {@code {}} whatever its name, and when the second
 * segment is one — an item of the first — the third is part of the prefix too, naming the item's sub-resource
 * ({@code /reservations/{id}/partners}: {@code /reservations/{}/partners}, the partner feature's, not the same
 * prefix as {@code /reservations/{id}/check-in}, the desk's). A path of one segment is its own prefix.
 */
class OneControllerPerPrefixTest {

    /**
     * Prefixes more than one controller may serve, each with the reason the features' order forbids merging them
     * (a controller can only live in a feature that may use every other's desk or service without a cycle). None
     * today: every shared prefix found could be merged. An entry whose prefix is no longer shared fails the test, so
     * the list never outlives its reason.
     */
    static final Map<String, String> ALLOWED = Map.of();

    @Test
    void eachPathPrefixIsServedByOneController() {
        Map<String, Set<String>> shared = sharedPrefixes("com.courtrush");

        assertThat(shared.keySet())
                .as("prefixes served by more than one controller (and not allowed, with a reason): %s", shared)
                .containsExactlyInAnyOrderElementsOf(ALLOWED.keySet());
    }

    @Test
    void aPrefixIsTheFirstTwoSegmentsAndASubResourceOfAnItem() {
        assertThat(prefix("/admin/sessions/{id}/slots/generate")).isEqualTo("/admin/sessions");
        assertThat(prefix("/admin/reservations")).isEqualTo("/admin/reservations");
        assertThat(prefix("/reserve/")).isEqualTo("/reserve");
        assertThat(prefix("/reserve/{reservationId}")).isEqualTo("/reserve/{}");
        assertThat(prefix("/reservations/{reservationId}/check-in")).isEqualTo("/reservations/{}/check-in");
        assertThat(prefix("/reservations/{id}/calendar.ics")).isEqualTo("/reservations/{}/calendar.ics");
        assertThat(prefix("/calendar/{key}.ics")).isEqualTo("/calendar/{}");
        assertThat(prefix("/ping")).isEqualTo("/ping");
    }

    @Test
    void aPrefixServedByTwoControllersIsFound() {
        // planted outside com.courtrush, where the web slices' component scan would find the controllers
        assertThat(sharedPrefixes("planted"))
                .containsEntry(
                        "/admin/things",
                        Set.of("planted.door.AdminThingController", "planted.door.AdminThingPartsController"));
    }

    /** The prefixes served by more than one controller under {@code root}, with their controllers. */
    static Map<String, Set<String>> sharedPrefixes(String root) {
        Map<String, Set<String>> byPrefix = new TreeMap<>();
        ClassFileImporter importer = new ClassFileImporter();
        if (root.startsWith("com.courtrush")) {
            importer = importer.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS); // the engine's own
        }
        importer.importPackages(root).stream()
                .filter(type -> type.isAnnotatedWith(RestController.class))
                .map(JavaClass::reflect)
                .forEach(controller -> servedBy(byPrefix, controller));
        return byPrefix.entrySet().stream()
                .filter(entry -> entry.getValue().size() > 1)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));
    }

    private static void servedBy(Map<String, Set<String>> byPrefix, Class<?> controller) {
        for (String path : paths(controller)) {
            byPrefix.computeIfAbsent(prefix(path), p -> new TreeSet<>()).add(controller.getName());
        }
    }

    /** Every path a controller's handlers map: its type's paths joined with each handler's. */
    static List<String> paths(Class<?> controller) {
        List<String> onType = pathsOf(AnnotatedElementUtils.findMergedAnnotation(controller, RequestMapping.class));
        List<String> paths = new ArrayList<>();
        for (Method method : controller.getDeclaredMethods()) {
            RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(method, RequestMapping.class);
            if (mapping == null) {
                continue;
            }
            for (String prefix : onType) {
                for (String path : pathsOf(mapping)) {
                    paths.add(prefix + path);
                }
            }
        }
        return paths;
    }

    private static List<String> pathsOf(RequestMapping mapping) {
        return mapping == null || mapping.path().length == 0 ? List.of("") : List.of(mapping.path());
    }

    /** The path's prefix, as the class comment defines it. */
    static String prefix(String path) {
        List<String> segments = Arrays.stream(path.split("/"))
                .filter(segment -> !segment.isEmpty())
                .map(segment -> segment.contains("{") ? "{}" : segment)
                .toList();
        int length = segments.size() > 2 && segments.get(1).equals("{}") ? 3 : Math.min(2, segments.size());
        return "/" + String.join("/", segments.subList(0, length));
    }
}
