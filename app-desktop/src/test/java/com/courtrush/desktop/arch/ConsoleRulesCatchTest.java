package com.courtrush.desktop.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/** The console's structure rules catch what they are for. */
class ConsoleRulesCatchTest {

    @Test
    void aDialogShownOverNothingFailsTheRuleAndTheConsolesOwnDialogsPass() {
        EvaluationResult planted = ConsoleArchitectureTest.dialogsHaveOwners()
                .evaluate(new ClassFileImporter().importPackages("com.courtrush.desktop.arch.broken.dialog"));
        assertThat(planted.hasViolation()).isTrue();
        assertThat(planted.getFailureReport().getDetails())
                .anySatisfy(line -> assertThat(line).contains("OwnerlessDialog"));
        EvaluationResult console = ConsoleArchitectureTest.dialogsHaveOwners()
                .evaluate(new ClassFileImporter()
                        .withImportOption(
                                com.tngtech.archunit.core.importer.ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("com.courtrush.desktop"));
        assertThat(console.getFailureReport().getDetails()).isEmpty();
    }

    @Test
    void aShellAndAScreenThatImportEachOtherFailTheRule() {
        EvaluationResult result = ConsoleArchitectureTest.packagesFreeOfCycles("com.courtrush.desktop.arch.broken")
                .evaluate(new ClassFileImporter().importPackages("com.courtrush.desktop.arch.broken"));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString()).contains("Window", "SomeScreen");
    }

    @Test
    void aConsoleClassThatTakesAnEngineServiceInsteadOfItsDeskFailsTheRule() {
        EvaluationResult result = ConsoleArchitectureTest.reachesTheEngineThroughDesks(
                        "com.courtrush.desktop.arch.broken")
                .evaluate(new ClassFileImporter()
                        .importPackages("com.courtrush.desktop.arch.broken", "com.courtrush.court"));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString()).contains("ReachesIn", "CourtService");
    }

    @Test
    void theSameThroughTheCourtsDeskPasses() {
        EvaluationResult result = ConsoleArchitectureTest.reachesTheEngineThroughDesks(
                        "com.courtrush.desktop.arch.fine")
                .evaluate(new ClassFileImporter()
                        .importPackages("com.courtrush.desktop.arch.fine", "com.courtrush.court"));

        assertThat(result.hasViolation()).isFalse();
    }

    @Test
    void aConsoleClassThatNamesAnEngineTypeOutsideTheDesksPackagesFailsTheValuesRule() {
        EvaluationResult broken = ConsoleArchitectureTest.usesOnlyTheDesksPackages(
                        "com.courtrush.desktop.arch.broken.values")
                .evaluate(new ClassFileImporter().importPackages("com.courtrush.desktop.arch.broken.values"));
        EvaluationResult fine = ConsoleArchitectureTest.usesOnlyTheDesksPackages("com.courtrush.desktop.arch.fine")
                .evaluate(new ClassFileImporter().importPackages("com.courtrush.desktop.arch.fine"));

        assertThat(broken.hasViolation()).isTrue();
        assertThat(broken.getFailureReport().toString()).contains("HoldsTheRow", "com.courtrush.court.Court");
        assertThat(fine.hasViolation()).as(fine.getFailureReport().toString()).isFalse();
    }
}
