package com.courtrush.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.support.HandlersReached;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.stereotype.Controller;

/**
 * Every controller of the engine is declared by a web slice ({@code @WebMvcTest(controllers = ...)},
 * one per feature); each slice checks after its tests that every handler of its controllers was
 * requested ({@link HandlersReached}). Together: no handler mapping without a web-slice test.
 */
class WebSliceCoverageTest {

    @Test
    void everyControllerIsDeclaredByAWebSlice() {
        List<String> controllers = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("com.courtrush").stream()
                        .map(JavaClass::reflect)
                        .filter(type -> AnnotatedElementUtils.hasAnnotation(type, Controller.class))
                        .map(Class::getName)
                        .sorted()
                        .toList();
        List<Class<?>> slices = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages("com.courtrush").stream()
                        .filter(type -> type.isAnnotatedWith(WebMvcTest.class))
                        .<Class<?>>map(JavaClass::reflect)
                        .toList();
        Set<String> declared = new HashSet<>();
        slices.forEach(slice -> HandlersReached.declaredControllers(slice).stream()
                .map(Class::getName)
                .forEach(declared::add));

        assertThat(slices)
                .as("web slices that load every controller (no controllers = ...)")
                .allMatch(slice -> !HandlersReached.declaredControllers(slice).isEmpty(), "declares its controllers");

        assertThat(controllers).as("the engine's controllers").hasSizeGreaterThan(30);
        assertThat(controllers)
                .as("controllers no web slice declares in @WebMvcTest(controllers = ...)")
                .allMatch(declared::contains, "declared by a web slice")
                .containsAll(declared);
    }
}
