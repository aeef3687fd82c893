package com.courtrush.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.context.junit.jupiter.SpringExtension;
import org.springframework.util.ClassUtils;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * After a web slice's tests: every handler method of the controllers its {@code @WebMvcTest} declares
 * was reached by at least one of its requests (a request refused by the security chain reaches none).
 * Checked only when all the slice's test methods ran, so that one test run alone does not fail it.
 */
public final class HandlersReached implements BeforeAllCallback, AfterEachCallback, AfterAllCallback {

    private static final ExtensionContext.Namespace HERE = ExtensionContext.Namespace.create(HandlersReached.class);

    /** The handler methods a slice's requests reached (a bean of the slice's context). */
    public static final class Record {
        private final Set<Method> reached = ConcurrentHashMap.newKeySet();

        void add(Method handler) {
            reached.add(handler);
        }

        boolean has(Method handler) {
            return reached.contains(handler);
        }

        void clear() {
            reached.clear();
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        record(context).clear();
        context.getStore(HERE).put("ran", ConcurrentHashMap.newKeySet());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        ran(context).add(context.getRequiredTestMethod());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Class<?> slice = context.getRequiredTestClass();
        List<Class<?>> controllers = declaredControllers(slice);
        assertThat(controllers)
                .as("%s declares its controllers in @WebMvcTest(controllers = ...)", slice.getSimpleName())
                .isNotEmpty();
        if (!ran(context).containsAll(testMethods(slice))) {
            return; // a part of the slice ran: what it did not run may well reach the rest
        }
        ApplicationContext spring = SpringExtension.getApplicationContext(context);
        Record reached = spring.getBean(Record.class);
        List<String> missed = spring.getBeansOfType(RequestMappingHandlerMapping.class).values().stream()
                .flatMap(mapping -> mapping.getHandlerMethods().entrySet().stream())
                .filter(mapping -> controllers.contains(
                        ClassUtils.getUserClass(mapping.getValue().getBeanType())))
                .filter(mapping -> !reached.has(mapping.getValue().getMethod()))
                .map(mapping -> mapping.getValue().getShortLogMessage() + " " + mapping.getKey())
                .sorted()
                .toList();
        assertThat(missed)
                .as("handlers of %s that none of its tests requested", slice.getSimpleName())
                .isEmpty();
    }

    /** The controllers a slice declares: {@code @WebMvcTest(controllers = ...)}. */
    public static List<Class<?>> declaredControllers(Class<?> slice) {
        return AnnotationSupport.findAnnotation(slice, WebMvcTest.class)
                .map(test -> Arrays.<Class<?>>asList(test.controllers()))
                .orElse(List.of());
    }

    private static List<Method> testMethods(Class<?> slice) {
        return Arrays.stream(slice.getDeclaredMethods())
                .filter(method -> AnnotationSupport.isAnnotated(method, org.junit.jupiter.api.Test.class)
                        || AnnotationSupport.isAnnotated(method, org.junit.jupiter.api.TestTemplate.class))
                // a disabled test never runs: counting it would switch the slice's check off for good
                .filter(method -> !AnnotationSupport.isAnnotated(method, org.junit.jupiter.api.Disabled.class))
                .toList();
    }

    private static Record record(ExtensionContext context) {
        return SpringExtension.getApplicationContext(context).getBean(Record.class);
    }

    @SuppressWarnings("unchecked")
    private static Collection<Method> ran(ExtensionContext context) {
        return context.getStore(HERE).get("ran", Set.class); // a test's store finds its class's
    }
}
