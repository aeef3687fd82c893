package com.courtrush.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Rules the engine keeps: no GUI dependency, no console printing, no cycles between features. */
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
            .should()
            .accessField(System.class, "out")
            .orShould()
            .accessField(System.class, "err")
            .because("everything goes through the logger");

    @ArchTest
    static final ArchRule featurePackagesHaveNoCycles =
            slices().matching("com.courtrush.(*)..").should().beFreeOfCycles();

    @ArchTest
    static final ArchRule webPlumbingDependsOnNoFeature = noClasses()
            .that()
            .resideInAPackage("com.courtrush.web..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "com.courtrush.reserve..",
                    "com.courtrush.slot..",
                    "com.courtrush.opening..",
                    "com.courtrush.court..",
                    "com.courtrush.account..",
                    "com.courtrush.pay..");
}
