package com.courtrush.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.core.EngineMessages;
import jakarta.validation.Constraint;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Every field a student can send that Bean Validation checks — a body's, a path's or a query's, on every endpoint
 * outside {@code /admin}, and the reserve request read ahead of the framework — is refused in plain words in both
 * languages: it has a name in each ({@code field.<name>}), and what it is told names no rule of the validator's.
 * Found by walking the controllers, so a new field a student can send fails here until it has its words.
 */
class StudentFieldTextsTest {

    private static final List<Locale> LANGUAGES = List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE);

    @Test
    void everyCheckedFieldAStudentCanSendHasItsWordsInBothLanguages() throws Exception {
        Map<String, List<Annotation>> fields = studentFields();
        assertThat(fields).as("the walk finds the fields").containsKeys("studentId", "slotId", "reservationId");
        for (Map.Entry<String, List<Annotation>> field : fields.entrySet()) {
            for (Locale locale : LANGUAGES) {
                assertThat(EngineMessages.has(locale, "field." + field.getKey()))
                        .as("field.%s in %s", field.getKey(), locale)
                        .isTrue();
                for (Annotation rule : field.getValue()) {
                    String text = ViolationTexts.of(
                            field.getKey(), rule.annotationType().getSimpleName(), attributes(rule), locale);
                    assertThat(text)
                            .as("%s %s in %s", field.getKey(), rule, locale)
                            .doesNotContain("null")
                            .doesNotContainIgnoringCase("must match")
                            .doesNotContain("正则")
                            .doesNotContain("[");
                }
            }
        }
    }

    @Test
    void aStudentIdThatBreaksItsPatternIsToldWhatAStudentIdIsNotTheRegex() {
        Validator validator = Validation.buildDefaultValidatorFactory().getValidator();
        record SignIn(
                @jakarta.validation.constraints.Pattern(regexp = "[A-Za-z0-9_-]{1,32}")
                String studentId) {}
        var violation = validator.validate(new SignIn("2024 001")).iterator().next();
        assertThat(ViolationTexts.of(violation, Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("学号由 1 到 32 位字母、数字、下划线（_）或连字符（-）组成：请检查输入的学号（不要有空格）。");
        assertThat(ViolationTexts.of(violation, Locale.ENGLISH))
                .isEqualTo(
                        "A student id is 1 to 32 letters, digits, _ or -: check the one you typed (without spaces).");
    }

    /** Each checked field a student can send, by name, with its rules. */
    private static Map<String, List<Annotation>> studentFields() throws Exception {
        Map<String, List<Annotation>> fields = new TreeMap<>();
        ClassPathScanningCandidateComponentProvider scan = new ClassPathScanningCandidateComponentProvider(false);
        scan.addIncludeFilter(new AnnotationTypeFilter(RestController.class));
        for (var candidate : scan.findCandidateComponents("com.courtrush")) {
            Class<?> controller = ClassUtils.forName(candidate.getBeanClassName(), null);
            String[] base = paths(controller);
            for (Method method : controller.getDeclaredMethods()) {
                String[] own = paths(method);
                if (own == null || staffOnly(base, own)) {
                    continue;
                }
                for (Parameter parameter : method.getParameters()) {
                    if (parameter.isAnnotationPresent(RequestBody.class)) {
                        body(parameter.getType(), fields);
                    } else {
                        add(fields, name(parameter), constraints(parameter.getAnnotations()));
                    }
                }
            }
        }
        body(Class.forName("com.courtrush.reserve.decide.ReserveRequest"), fields); // read ahead of Spring MVC
        return fields;
    }

    private static void body(Class<?> type, Map<String, List<Annotation>> fields) {
        if (!type.isRecord()) {
            return;
        }
        for (RecordComponent component : type.getRecordComponents()) {
            List<Annotation> rules =
                    new ArrayList<>(constraints(component.getAccessor().getAnnotations()));
            AnnotatedType annotated = component.getAnnotatedType();
            if (annotated instanceof AnnotatedParameterizedType generic) {
                Arrays.stream(generic.getAnnotatedActualTypeArguments())
                        .forEach(argument -> rules.addAll(constraints(argument.getAnnotations())));
            }
            add(fields, component.getName(), rules);
        }
    }

    private static void add(Map<String, List<Annotation>> fields, String name, List<Annotation> rules) {
        if (!rules.isEmpty()) {
            fields.computeIfAbsent(name, n -> new ArrayList<>()).addAll(rules);
        }
    }

    private static List<Annotation> constraints(Annotation[] annotations) {
        return Stream.of(annotations)
                .filter(a -> a.annotationType().isAnnotationPresent(Constraint.class))
                .toList();
    }

    private static String name(Parameter parameter) {
        PathVariable path = parameter.getAnnotation(PathVariable.class);
        if (path != null && !path.value().isEmpty()) {
            return path.value();
        }
        RequestParam query = parameter.getAnnotation(RequestParam.class);
        if (query != null && !query.value().isEmpty()) {
            return query.value();
        }
        return parameter.getName();
    }

    private static String[] paths(java.lang.reflect.AnnotatedElement element) {
        RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(element, RequestMapping.class);
        if (mapping == null) {
            return null;
        }
        return mapping.path().length == 0 ? new String[] {""} : mapping.path();
    }

    private static boolean staffOnly(String[] base, String[] own) {
        String first = (base == null ? "" : base[0]) + own[0];
        return first.startsWith("/admin");
    }

    private static Map<String, Object> attributes(Annotation rule) {
        return org.springframework.core.annotation.AnnotationUtils.getAnnotationAttributes(rule);
    }
}
