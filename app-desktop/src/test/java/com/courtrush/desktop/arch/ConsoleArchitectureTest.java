package com.courtrush.desktop.arch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.annotatedWith;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.metaAnnotatedWith;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.conditions.ArchConditions;
import javafx.scene.control.Dialog;
import org.apache.ibatis.annotations.Mapper;
import org.springframework.stereotype.Component;

/**
 * MVVM as a rule: view models hold state and commands, never nodes; nothing prints to the console;
 * no cycles among the console's packages; the engine reached only through its desks
 * ({@code ConsoleRulesCatchTest} shows both rules failing on code made to break them).
 */
@AnalyzeClasses(packages = "com.courtrush.desktop", importOptions = ImportOption.DoNotIncludeTests.class)
class ConsoleArchitectureTest {

    @ArchTest
    static final ArchRule viewModelsDoNotTouchNodes = noClasses()
            .that()
            .haveSimpleNameEndingWith("ViewModel")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx.scene..", "javafx.stage..", "org.controlsfx..")
            .because("view models are tested without a window");

    @ArchTest
    static final ArchRule noSystemOut = noClasses()
            .that()
            .doNotHaveFullyQualifiedName("com.courtrush.desktop.ConsoleLauncher")
            .should()
            .accessField(System.class, "out")
            .orShould()
            .accessField(System.class, "err")
            .because("the console says what it does in its log; only its launcher's --version answers on the"
                    + " command line, before there is a log");

    @ArchTest
    static final ArchRule everyDialogHasAnOwner = dialogsHaveOwners();

    /**
     * A dialog is shown over the console's window, its owner: once it closes, that window has the keys again (one
     * with no owner left what staff typed next going nowhere, the board's search among it).
     */
    static ArchRule dialogsHaveOwners() {
        DescribedPredicate<JavaClass> makeDialogs = DescribedPredicate.describe(
                "make a dialog",
                type -> type.getConstructorCallsFromSelf().stream()
                        .anyMatch(call -> call.getTargetOwner().isAssignableTo(Dialog.class)));
        return classes()
                .that(makeDialogs)
                .should(ArchConditions.callMethodWhere(target(name("initOwner"))))
                .because("a dialog with no owner leaves the console's window without the keys once it closes");
    }

    @ArchTest
    static final ArchRule consolePackagesHaveNoCycles = packagesFreeOfCycles("com.courtrush.desktop");

    /**
     * The console's packages (the shell, each screen, ui, i18n) depend on each other one way: the
     * window is handed its screens ({@code Screens}), a screen never reaches into another.
     */
    static ArchRule packagesFreeOfCycles(String root) {
        return slices().matching(root + ".(*)..")
                .should()
                .beFreeOfCycles()
                .because("a screen is read and changed on its own only if nothing goes round through it");
    }

    @ArchTest
    static final ArchRule theConsoleReachesTheEngineThroughItsDesks =
            reachesTheEngineThroughDesks("com.courtrush.desktop");

    /**
     * The console uses the engine through the desk each feature offers it ({@code <feature>.desk},
     * e.g. {@code court.desk.CourtDesk}): no other bean of the engine — no service, mapper or component
     * of a feature's inside. The values those desks take and give ({@code <feature>.api}) and
     * {@code core} may be used where they live; the engine's entry point starts it.
     */
    static ArchRule reachesTheEngineThroughDesks(String root) {
        DescribedPredicate<JavaClass> engineBean = resideInAPackage("com.courtrush..")
                .and(not(resideInAPackage("com.courtrush.desktop..")))
                .and(not(resideInAPackage("com.courtrush..desk..")))
                .and(not(name("com.courtrush.CourtRushServer")))
                .and(metaAnnotatedWith(Component.class).or(annotatedWith(Mapper.class)))
                .as("a bean of the engine that is not one of its desks (<feature>.desk)");
        return noClasses()
                .that()
                .resideInAPackage(root + "..")
                .should()
                .dependOnClassesThat(engineBean)
                .because("the console's view of the engine is what the desks offer; the inside can change");
    }

    @ArchTest
    static final ArchRule theConsoleSeesOnlyTheDesksPackages = usesOnlyTheDesksPackages("com.courtrush.desktop");

    /**
     * Beyond the desks' beans, what the console may name of the engine: the desks' packages
     * ({@code <feature>.desk}) and the values they take and give ({@code <feature>.api}, the caller and its role
     * too), {@code core}, the lifecycle it starts the engine with. Never a record nested in a service nor a
     * database row: those are the engine's inside, which may change without the console knowing.
     */
    static ArchRule usesOnlyTheDesksPackages(String root) {
        return noClasses()
                .that()
                .resideInAPackage(root + "..")
                .should()
                .dependOnClassesThat(resideInAPackage("com.courtrush..")
                        .and(not(resideInAnyPackage(
                                "com.courtrush.desktop..",
                                "com.courtrush..api..",
                                "com.courtrush..desk..",
                                "com.courtrush.core..",
                                "com.courtrush.infra.lifecycle..")))
                        .and(not(name("com.courtrush.CourtRushServer")))
                        .as("a type of the engine outside its desks' packages"))
                .because("the console's view of the engine is what the desks offer; the inside can change");
    }

    @ArchTest
    static final ArchRule theConsoleCallsServicesNotTheHttpApi = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.net.http..")
            .because("the console calls the engine in-process, never through its own HTTP API");
}
