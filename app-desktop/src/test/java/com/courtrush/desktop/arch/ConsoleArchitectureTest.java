package com.courtrush.desktop.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** MVVM as a rule: view models hold state and commands, never nodes; nothing prints to the console. */
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
    static final ArchRule noSystemOut =
            noClasses().should().accessField(System.class, "out").orShould().accessField(System.class, "err");

    @ArchTest
    static final ArchRule theConsoleCallsServicesNotTheHttpApi = noClasses()
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.net.http..")
            .because("the console calls the engine in-process, never through its own HTTP API");
}
