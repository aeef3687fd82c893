package com.courtrush.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Rules the engine keeps: no GUI dependency, no console printing, no cycles between features nor
 * between a feature's parts, the reserve engine's order. {@code ArchitectureRulesCatchTest} shows
 * the cycle and order rules failing on code that breaks them.
 */
@AnalyzeClasses(packages = "com.courtrush", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule engineDoesNotDependOnJavaFx = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "org.controlsfx..")
            .because("app-core runs headless; the console depends on it, never the other way");

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
                .because("a feature's parts are read and changed one at a time only if they do not go round");
    }

    /**
     * The reserve engine's order, lowest first: the stock's keys, the grant message and its recording,
     * the statistics, booking passes, recovery, a reservation's lifecycle, the decision, the waitlist. A part may use
     * the parts below it only; recording reaches statistics and recovery through the ports it owns
     * ({@code RecordingMeters}, {@code RecordingFollowUp}).
     */
    static ArchRule reserveLayers(String reserve) {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
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
                .whereLayer("waitlist")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("decide")
                .mayOnlyBeAccessedByLayers("waitlist")
                .whereLayer("lifecycle")
                .mayOnlyBeAccessedByLayers("decide", "waitlist")
                .whereLayer("recover")
                .mayOnlyBeAccessedByLayers("lifecycle", "decide", "waitlist")
                .whereLayer("pass")
                .mayOnlyBeAccessedByLayers("recover", "lifecycle", "decide", "waitlist")
                .whereLayer("statistics")
                .mayOnlyBeAccessedByLayers("pass", "recover", "lifecycle", "decide", "waitlist")
                .whereLayer("record")
                .mayOnlyBeAccessedByLayers("statistics", "pass", "recover", "lifecycle", "decide", "waitlist")
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
                            + "|pay\\.PaymentService|pay\\.RefundService|attendance\\.CheckIns|attendance\\.Strikes)(\\$.*)?")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.redisson..", "org.springframework.amqp..")
            .orShould()
            .dependOnClassesThat()
            .haveNameMatching("com\\.courtrush\\..*\\.(ReserveScript|GrantDispatch|ReservePublisher|StockReleaser"
                    + "|RedisPaymentLocks)")
            .because("a service is tested alone on fakes of its ports; the full stack tests the wiring");

    @ArchTest
    static final ArchRule coreDependsOnNothingElseOfTheEngine = noClasses()
            .that()
            .resideInAPackage("com.courtrush.core..")
            .should()
            .dependOnClassesThat(resideInAPackage("com.courtrush..").and(not(resideInAPackage("com.courtrush.core.."))))
            .because("core (outcomes, errors, the engine's texts) is what every part shares: it leans on none of them");

    @ArchTest
    static final ArchRule desksAreForTheConsoleOnly = noClasses()
            .that()
            .resideOutsideOfPackage("com.courtrush..api..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("com.courtrush..api..")
            .because(
                    "a feature's desk (<feature>.api) is the console's way in; the engine itself never goes through one");

    @ArchTest
    static final ArchRule webPlumbingDependsOnNoFeature = noClasses()
            .that()
            .resideInAPackage("com.courtrush.web..")
            .should()
            .dependOnClassesThat(resideInAPackage("com.courtrush..")
                    .and(not(resideInAnyPackage(
                            "com.courtrush.web..", "com.courtrush.core..", "com.courtrush.infra.."))))
            .because("web is HTTP plumbing every feature uses: the envelope, error handling, the connector");
}
