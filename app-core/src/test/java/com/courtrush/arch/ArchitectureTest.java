package com.courtrush.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.annotatedWith;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.metaAnnotatedWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.courtrush.account.ManagerOnly;
import com.courtrush.infra.redis.RedisScript;
import com.courtrush.infra.redis.ScriptPipeline;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.ibatis.annotations.Mapper;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Rules the engine keeps: no GUI dependency, no console printing, no cycles between features nor
 * between a feature's parts, the reserve engine's order, no Redis script sent but as a typed call.
 * {@code ArchitectureRulesCatchTest} shows the cycle, order and script rules failing on code that
 * breaks them.
 */
@AnalyzeClasses(
        packages = "com.courtrush",
        importOptions = {ImportOption.DoNotIncludeTests.class, NotTheSimulator.class})
class ArchitectureTest {

    /** A controller with a handler under {@code /admin}: a door for staff. */
    static final DescribedPredicate<JavaClass> STAFF_CONTROLLER =
            new DescribedPredicate<>("a controller of a staff operation (a path under /admin)") {
                @Override
                public boolean test(JavaClass type) {
                    return type.isAnnotatedWith(RestController.class) && servesUnderAdmin(type.reflect());
                }
            };

    /** A bean (a component or a mapper) under {@code root} that is not a desk. */
    static DescribedPredicate<JavaClass> beanButADesk(String root) {
        return resideInAPackage(root + "..")
                .and(not(resideInAPackage(root + "..desk..")))
                .and(metaAnnotatedWith(Component.class).or(annotatedWith(Mapper.class)))
                .and(not(STAFF_CONTROLLER))
                .as("a bean of the engine that is not a desk (<feature>.desk)");
    }

    private static boolean servesUnderAdmin(Class<?> type) {
        RequestMapping onType = AnnotatedElementUtils.findMergedAnnotation(type, RequestMapping.class);
        List<String> prefixes = onType == null || onType.path().length == 0 ? List.of("") : List.of(onType.path());
        for (Method method : type.getDeclaredMethods()) {
            RequestMapping onMethod = AnnotatedElementUtils.findMergedAnnotation(method, RequestMapping.class);
            if (onMethod == null) {
                continue;
            }
            List<String> paths = onMethod.path().length == 0 ? List.of("") : List.of(onMethod.path());
            for (String prefix : prefixes) {
                for (String path : paths) {
                    if ((prefix + path).startsWith("/admin")) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @ArchTest
    static final ArchRule engineDoesNotDependOnJavaFx = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "org.controlsfx..")
            .because("app-core runs headless; the console depends on it, never the other way");

    /**
     * The gym's zone is the engine clock's (issue 83): every wall time becomes an instant through {@code
     * clock.getZone()}, so the time the engine reads and the zone it converts with are one, whatever sets them (the
     * tests set the gym's hour on the clock). The setting is read where the clock is made, nowhere else.
     */
    @ArchTest
    static final ArchRule theZoneIsTheClocks = noClasses()
            .that()
            .doNotHaveFullyQualifiedName("com.courtrush.infra.config.PersistenceConfig")
            .should()
            .callMethod(com.courtrush.infra.config.CourtRushProperties.class, "zone")
            .orShould()
            .callMethod(java.time.ZoneId.class, "systemDefault")
            .because("a wall time and the clock's now must be read in one zone: the engine clock's");

    /**
     * Nor does a job name a zone of its own: {@code @Scheduled(zone = "${courtrush.zone}")} read the setting past the
     * clock and took only {@code java.util.TimeZone} ids, so {@code courtrush.zone=+08:00} failed the start. A job at a
     * time of the gym's day is a {@code DailyJob}.
     */
    @ArchTest
    static final ArchRule jobsRunInTheClocksZone = methods()
            .that()
            .areAnnotatedWith(org.springframework.scheduling.annotation.Scheduled.class)
            .should(new ArchCondition<>("name no zone of their own") {
                @Override
                public void check(JavaMethod method, ConditionEvents events) {
                    String zone = method.getAnnotationOfType(org.springframework.scheduling.annotation.Scheduled.class)
                            .zone();
                    if (!zone.isEmpty()) {
                        events.add(SimpleConditionEvent.violated(
                                method, method.getFullName() + " runs in zone " + zone + ", not the clock's"));
                    }
                }
            })
            .because("a job's hour is the gym's, read through the engine clock's zone");

    @ArchTest
    static final ArchRule noSystemOut = noClasses()
            .that()
            .doNotHaveFullyQualifiedName("com.courtrush.CourtRushServer")
            .should()
            .accessField(System.class, "out")
            .orShould()
            .accessField(System.class, "err")
            .because("everything goes through the logger (but the verify-draw command's output, CourtRushServer's)");

    @ArchTest
    static final ArchRule featurePackagesHaveNoCycles =
            slices().matching("com.courtrush.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule subPackagesHaveNoCycles = subPackagesFreeOfCycles("com.courtrush");

    @ArchTest
    static final ArchRule reserveIsLayered = reserveLayers("com.courtrush.reserve");

    /**
     * Inside every feature, its sub-packages (e.g. {@code reserve.decide} and {@code reserve.record})
     * depend on each other one way only.
     */
    static ArchRule subPackagesFreeOfCycles(String root) {
        return slices().matching(root + ".(*).(*)..")
                .namingSlices("$1.$2")
                .should()
                .beFreeOfCycles()
                // an api value is a leaf (apiValuesAreLeaves): no cycle can pass through it
                .ignoreDependency(DescribedPredicate.alwaysTrue(), deskValue(root))
                .because("a feature's parts are read and changed one at a time only if they do not go round");
    }

    /**
     * The reserve engine's order, lowest first: a reservation's data (its row, mapper, status), which every part
     * uses and which uses none, the stock's keys, the grant message and its recording, the statistics, booking passes,
     * recovery, a reservation's lifecycle, the decision, the waitlist, the engine's rehearsal of its rush. A part may use
     * the parts below it only; recording reaches statistics and recovery through the ports it owns
     * ({@code RecordingMeters}, {@code RecordingFollowUp}), recovery the waitlist through {@code PlaceOffers}.
     */
    static ArchRule reserveLayers(String reserve) {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("data")
                .definedBy(reserve + ".data..")
                .layer("stock")
                .definedBy(reserve + ".stock..")
                .layer("record")
                .definedBy(reserve + ".record..")
                .layer("statistics")
                .definedBy(reserve + ".statistics..")
                .layer("pass")
                .definedBy(reserve + ".pass..")
                .layer("recover")
                .definedBy(reserve + ".recover..")
                .layer("lifecycle")
                .definedBy(reserve + ".lifecycle..")
                .layer("decide")
                .definedBy(reserve + ".decide..")
                .layer("waitlist")
                .definedBy(reserve + ".waitlist..")
                .layer("rehearsal")
                .definedBy(reserve + ".rehearsal..")
                .whereLayer("rehearsal")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("waitlist")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("decide")
                .mayOnlyBeAccessedByLayers("waitlist")
                .whereLayer("lifecycle")
                .mayOnlyBeAccessedByLayers("decide", "waitlist")
                .whereLayer("recover")
                .mayOnlyBeAccessedByLayers("lifecycle", "decide", "waitlist", "rehearsal")
                .whereLayer("pass")
                .mayOnlyBeAccessedByLayers("recover", "lifecycle", "decide", "waitlist")
                .whereLayer("statistics")
                .mayOnlyBeAccessedByLayers("pass", "recover", "lifecycle", "decide", "waitlist")
                .whereLayer("record")
                .mayOnlyBeAccessedByLayers(
                        "statistics", "pass", "recover", "lifecycle", "decide", "waitlist", "rehearsal")
                .whereLayer("data")
                .mayNotAccessAnyLayer()
                .allowEmptyShould(false);
    }

    /**
     * The services with unit tests of their own ({@code docs/testing.md}) reach Redis, the broker and the
     * script-calling beans only through their ports ({@code PlaceDecider}, {@code GrantHandOff}, {@code PlaceReturns},
     * {@code PaymentLocks}, {@code BlockCopies}), which the tests hand fakes. ({@code Blocks} is not named: its static
     * {@code refusal} is how the fast path words a block.)
     */
    @ArchTest
    static final ArchRule servicesTestedAloneGoThroughTheirPorts = noClasses()
            .that()
            .haveNameMatching(
                    "com\\.courtrush\\.(reserve\\.decide\\.ReserveService|reserve\\.lifecycle\\.ReservationEnder"
                            + "|pay\\.(PaymentService|PaymentSettlement|DeskPayments|NewPayOrders|RefundService)"
                            + "|attendance\\.CheckIns|attendance\\.Strikes"
                            + "|reserve\\.recover\\.StockReleaser)(\\$.*)?")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.redisson..", "org.springframework.amqp..")
            .orShould()
            .dependOnClassesThat()
            .haveNameMatching("com\\.courtrush\\..*\\.(ReserveScript|GrantDispatch|ReservePublisher|StockReleaser"
                    + "|RedisPaymentLocks|RedisReleaseScripts)")
            .because("a service is tested alone on fakes of its ports; the full stack tests the wiring");

    @ArchTest
    static final ArchRule coreDependsOnNothingElseOfTheEngine = noClasses()
            .that()
            .resideInAPackage("com.courtrush.core..")
            .should()
            .dependOnClassesThat(resideInAPackage("com.courtrush..").and(not(resideInAPackage("com.courtrush.core.."))))
            .because("core (outcomes, errors, the engine's texts) is what every part shares: it leans on none of them");

    @ArchTest
    static final ArchRule staffControllersGoThroughTheDesks = staffControllersGoThroughDesks("com.courtrush");

    /**
     * A staff operation has one door inside the engine, its feature's desk ({@code <feature>.desk}): the
     * HTTP controllers under {@code /admin} call it as the console does, so what a desk checks (a
     * manager-only operation, {@code @ManagerOnly}) holds for both. Such a controller is an HTTP adapter:
     * it uses no other bean of the engine.
     */
    static ArchRule staffControllersGoThroughDesks(String root) {
        return noClasses()
                .that(resideInAPackage(root + "..").and(STAFF_CONTROLLER))
                .should()
                .dependOnClassesThat(beanButADesk(root))
                .because("the API and the console reach a staff operation through the same desk method");
    }

    @ArchTest
    static final ArchRule staffHandlersGoThroughTheDesks =
            staffHandlersGoThroughDesks("com.courtrush", com.courtrush.account.StaffPaths.ALL);

    /**
     * Whatever controller serves it, a handler on a path only staff may call ({@code StaffPaths}: {@code
     * /pay/wechat/mock-success} as well as {@code /admin}) reaches the engine through a desk: it calls no other bean. A
     * controller that also serves students ({@code PayController}) uses services for those handlers only.
     */
    static ArchRule staffHandlersGoThroughDesks(String root, List<String> staffPaths) {
        DescribedPredicate<JavaClass> bean = beanButADesk(root);
        return methods()
                .that(new DescribedPredicate<JavaMethod>("handle a path only staff may call " + staffPaths) {
                    @Override
                    public boolean test(JavaMethod method) {
                        return method.getOwner().isAnnotatedWith(RestController.class)
                                && handlerPaths(method.reflect()).stream()
                                        .anyMatch(path -> staffPaths.stream().anyMatch(p -> PATHS.match(p, path)));
                    }
                })
                .should(new ArchCondition<>("call no bean of the engine but a desk") {
                    @Override
                    public void check(JavaMethod handler, ConditionEvents events) {
                        handler.getCallsFromSelf().stream()
                                .filter(call -> !call.getTargetOwner().equals(handler.getOwner()))
                                .filter(call -> bean.test(call.getTargetOwner()))
                                .forEach(call -> events.add(SimpleConditionEvent.violated(
                                        handler,
                                        handler.getFullName() + " calls "
                                                + call.getTarget().getFullName())));
                    }
                })
                .because("the API and the console reach a staff operation through the same desk method");
    }

    private static final org.springframework.util.AntPathMatcher PATHS = new org.springframework.util.AntPathMatcher();

    /** The paths a handler method serves: its controller's prefixes joined with its own. */
    private static List<String> handlerPaths(Method method) {
        RequestMapping onMethod = AnnotatedElementUtils.findMergedAnnotation(method, RequestMapping.class);
        if (onMethod == null) {
            return List.of();
        }
        RequestMapping onType =
                AnnotatedElementUtils.findMergedAnnotation(method.getDeclaringClass(), RequestMapping.class);
        List<String> prefixes = onType == null || onType.path().length == 0 ? List.of("") : List.of(onType.path());
        List<String> paths = onMethod.path().length == 0 ? List.of("") : List.of(onMethod.path());
        return prefixes.stream()
                .flatMap(prefix -> paths.stream().map(path -> prefix + path))
                .toList();
    }

    /** A desk: a bean of a feature's {@code desk} package. */
    static final DescribedPredicate<JavaClass> DESK = resideInAPackage("com.courtrush..desk..")
            .and(metaAnnotatedWith(Component.class))
            .as("a desk (a bean of <feature>.desk)");

    /**
     * A value a desk speaks: a type of a feature's {@code api} package (a record, an enum; the caller and its role
     * are {@code account.api}'s), or one of the words every part shares ({@code core}).
     */
    static DescribedPredicate<JavaClass> deskValue(String root) {
        return resideInAPackage(root + "..api..")
                .or(resideInAPackage("com.courtrush.core.."))
                .as("a value of a feature's api package (or core)");
    }

    private static boolean isDeskValue(Class<?> type, String root) {
        String name = type.getName();
        boolean valueOfAnApi =
                name.startsWith(root + ".") && type.getPackageName().matches(".*\\.api(\\..*)?");
        return valueOfAnApi || name.startsWith("com.courtrush.core.");
    }

    @ArchTest
    static final ArchRule desksSpeakInTheirValues = desksSpeakInValues("com.courtrush");

    /**
     * What crosses a desk is a value of a feature's api package (a record or an enum of {@code <feature>.api}),
     * never the engine's own types: not a database row ({@code @TableName}, with setters), not a record
     * nested in a service, whose shape the service may change. Checked all the way down: a record of the
     * desk's package holding an engine type hands that type out.
     */
    static ArchRule desksSpeakInValues(String root) {
        return methods()
                .that()
                .areDeclaredInClassesThat(resideInAPackage(root + "..desk..").and(metaAnnotatedWith(Component.class)))
                .and()
                .arePublic()
                .should(new ArchCondition<JavaMethod>("take and give only values of a desk's package") {
                    @Override
                    public void check(JavaMethod method, ConditionEvents events) {
                        Method reflected = method.reflect();
                        Set<Class<?>> inside = new LinkedHashSet<>();
                        Set<Class<?>> seen = new HashSet<>();
                        engineTypesIn(reflected.getGenericReturnType(), root, inside, seen);
                        for (Type parameter : reflected.getGenericParameterTypes()) {
                            engineTypesIn(parameter, root, inside, seen);
                        }
                        for (Class<?> type : inside) {
                            events.add(SimpleConditionEvent.violated(
                                    method, method.getFullName() + " hands out the engine's " + type.getName()));
                        }
                    }
                })
                .because("a desk's callers (the API, the console) get values, not the engine's inside");
    }

    /**
     * The engine's types a type carries that are not desk values: itself, its type arguments, and — for a
     * record — its components, all the way down (a record holding a list of rows hands out rows).
     */
    private static void engineTypesIn(Type type, String root, Set<Class<?>> inside, Set<Class<?>> seen) {
        if (type instanceof ParameterizedType parameterized) {
            engineTypesIn(parameterized.getRawType(), root, inside, seen);
            for (Type argument : parameterized.getActualTypeArguments()) {
                engineTypesIn(argument, root, inside, seen);
            }
        } else if (type instanceof GenericArrayType array) {
            engineTypesIn(array.getGenericComponentType(), root, inside, seen);
        } else if (type instanceof WildcardType wildcard) {
            for (Type bound : wildcard.getUpperBounds()) {
                engineTypesIn(bound, root, inside, seen);
            }
        } else if (type instanceof Class<?> raw && seen.add(raw)) {
            if (raw.isArray()) {
                engineTypesIn(raw.getComponentType(), root, inside, seen);
                return;
            }
            if (raw.getName().startsWith(root + ".") && !isDeskValue(raw, root)) {
                inside.add(raw);
            }
            if (raw.isRecord() && !raw.getName().startsWith("java.")) {
                for (RecordComponent component : raw.getRecordComponents()) {
                    engineTypesIn(component.getGenericType(), root, inside, seen);
                }
            }
        }
    }

    @ArchTest
    static final ArchRule apiValuesAreLeaves = apiValuesAreLeaves("com.courtrush");

    /**
     * A feature's {@code api} holds values only, and they depend on nothing of the engine but other values: no import
     * from an {@code api} back up into its feature (its desk, its services, its sub-packages). The engine may build
     * them (a report's figures, a reservation's row) without going round through its desk, and a cycle through a value
     * cannot happen.
     */
    static ArchRule apiValuesAreLeaves(String root) {
        return classes()
                .that(resideInAPackage(root + "..api.."))
                .and()
                .doNotHaveSimpleName("package-info")
                .should()
                .onlyDependOnClassesThat(resideOutsideOfPackage(root + "..").or(deskValue(root)))
                .because("a value is what the desk and the engine share; it leans on neither");
    }

    @ArchTest
    static final ArchRule managersOperationsHaveNoOtherDoor = managersOperationsHaveNoOtherDoor("com.courtrush");

    /**
     * What a {@code @ManagerOnly} desk operation calls in the engine is reached through desks only: the check lives on
     * the desk, so a service method behind it that another part of the engine calls would be a door without the check.
     * Derived from the one declaration, not from a list. (A {@code @StaffOnly} operation's service is shared with other
     * staff operations — a slot's withdrawal refunds each booking — which every door already holds to staff.)
     */
    static ArchRule managersOperationsHaveNoOtherDoor(String root) {
        return methods()
                .that()
                .areDeclaredInClassesThat(resideInAPackage(root + "..desk.."))
                .and(annotatedWith(ManagerOnly.class))
                .should(new ArchCondition<JavaMethod>("be the only door to the engine methods they call") {
                    @Override
                    public void check(JavaMethod operation, ConditionEvents events) {
                        for (JavaMethodCall call : operation.getMethodCallsFromSelf()) {
                            JavaClass owner = call.getTargetOwner();
                            if (!owner.getPackageName().startsWith(root)
                                    || owner.getPackageName().contains(".desk")) {
                                continue;
                            }
                            call.getTarget()
                                    .resolveMember()
                                    .ifPresent(behind -> behind.getCallsOfSelf().stream()
                                            .filter(other -> !other.getOriginOwner()
                                                    .getPackageName()
                                                    .contains(".desk"))
                                            .forEach(other -> events.add(SimpleConditionEvent.violated(
                                                    other,
                                                    other.getOrigin().getFullName() + " calls " + behind.getFullName()
                                                            + ", which is behind the manager-only "
                                                            + operation.getFullName()))));
                        }
                    }
                })
                .because("a manager's operation is checked on its desk, so the desk is its only door");
    }

    @ArchTest
    static final ArchRule theEngineNeverGoesThroughADesk = noClasses()
            .that(resideOutsideOfPackage("com.courtrush..desk..").and(not(annotatedWith(RestController.class))))
            .should()
            .dependOnClassesThat(DESK)
            .because("a desk (<feature>.desk) is a door for the controllers and the console; the engine's "
                    + "own parts call each other, never through one (they may build the values a desk speaks)");

    @ArchTest
    static final ArchRule webPlumbingDependsOnNoFeature = noClasses()
            .that()
            .resideInAPackage("com.courtrush.web..")
            .should()
            .dependOnClassesThat(resideInAPackage("com.courtrush..")
                    .and(not(resideInAnyPackage(
                            "com.courtrush.web..", "com.courtrush.core..", "com.courtrush.infra.."))))
            .because("web is HTTP plumbing every feature uses: the envelope, error handling, the connector");

    /** A call of Redisson's that sends a script by position: {@code eval*}, {@code evalSha*}, also in a batch. */
    private static final DescribedPredicate<JavaMethodCall> REDISSON_SCRIPT_EVAL =
            new DescribedPredicate<>("Redisson's eval or evalSha (RScript, RScriptAsync, a batch's script)") {
                @Override
                public boolean test(JavaMethodCall call) {
                    return call.getTargetOwner().getPackageName().startsWith("org.redisson")
                            && call.getName().startsWith("eval");
                }
            };

    @ArchTest
    static final ArchRule scriptsAreTypedCalls = scriptsGoThroughTypedCalls();

    /**
     * A Redis script is a typed call (STYLE 21): its keys and arguments named by a record, its reply read
     * into one; only {@link RedisScript} (and {@link ScriptPipeline}, which batches one script's calls)
     * sends it, so nothing passes KEYS and ARGV by position or reads a reply by index elsewhere.
     */
    static ArchRule scriptsGoThroughTypedCalls() {
        return noClasses()
                .that()
                .doNotBelongToAnyOf(RedisScript.class, ScriptPipeline.class)
                .should()
                .callMethodWhere(REDISSON_SCRIPT_EVAL)
                .because("a script is sent as a typed call (a ScriptCall record) through RedisScript or"
                        + " ScriptPipeline, never by position");
    }
}
