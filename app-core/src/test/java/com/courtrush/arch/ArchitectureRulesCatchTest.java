package com.courtrush.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/**
 * The structure rules catch what they are for: a cycle between a feature's parts, a call against the order,
 * a script sent by position.
 */
class ArchitectureRulesCatchTest {

    private final JavaClasses broken = new ClassFileImporter().importPackages("com.courtrush.arch.broken");

    @Test
    void aCycleBetweenTwoPartsOfAFeatureFailsTheRule() {
        EvaluationResult result = ArchitectureTest.subPackagesFreeOfCycles("com.courtrush.arch.broken")
                .evaluate(broken);

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString()).contains("feature.a", "feature.b");
    }

    @Test
    void recordingThatCallsIntoTheDecisionFailsTheReserveOrder() {
        EvaluationResult result = ArchitectureTest.reserveLayers("com.courtrush.arch.broken.reserve")
                .evaluate(broken);

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString()).contains("Writer", "Decider");
    }

    @Test
    void aStaffOnlyHandlerThatCallsAServiceFailsWhateverItsController() {
        EvaluationResult result = ArchitectureTest.staffHandlersGoThroughDesks(
                        "planted", java.util.List.of("/admin/**", "/things/mock-paid/**"))
                .evaluate(new ClassFileImporter().importPackages("planted"));

        assertThat(result.getFailureReport().getDetails())
                .anySatisfy(line -> assertThat(line).contains("ThingPayController.markPaid(long) calls"))
                .anySatisfy(line -> assertThat(line).contains("AdminThingController.nameAgain(long) calls"))
                .noneSatisfy(line -> assertThat(line).contains("ThingPayController.buy(long)"))
                .noneSatisfy(line -> assertThat(line).contains("AdminThingController.name(long) calls"));
    }

    @Test
    void aStaffControllerThatCallsAServiceFailsTheOneDoorRule() {
        // planted outside com.courtrush, where the web slices' component scan would find its controller
        EvaluationResult result = ArchitectureTest.staffControllersGoThroughDesks("planted")
                .evaluate(new ClassFileImporter().importPackages("planted"));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString())
                .contains("AdminThingController", "ThingService")
                .doesNotContain("ThingDesk>");
    }

    @Test
    void aDeskThatHandsOutTheEnginesTypesFailsTheValuesRule() {
        EvaluationResult result = ArchitectureTest.desksSpeakInValues("planted")
                .evaluate(new ClassFileImporter().importPackages("planted"));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString())
                .contains("ThingDesk.row(long)", "planted.door.ThingRow", "ThingDesk.page()")
                .contains("ThingDesk.tally()", "planted.door.ThingService$Tally")
                .doesNotContain("ThingDesk.name(long)", "ThingDesk.view(long)");
    }

    @Test
    void aDeskValueThatLeansOnTheEngineFailsTheLeafRule() {
        EvaluationResult result = ArchitectureTest.apiValuesAreLeaves("planted")
                .evaluate(new ClassFileImporter().importPackages("planted"));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString())
                .contains("planted.door.api.ThingPage", "planted.door.ThingRow")
                .doesNotContain("planted.door.api.ThingView");
    }

    @Test
    void aScriptSentByPositionFailsTheTypedCallRule() {
        EvaluationResult result = ArchitectureTest.scriptsGoThroughTypedCalls().evaluate(broken);

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString())
                .contains("PositionalScripts", "RScript.eval(", "RScriptAsync.evalShaAsync(")
                .doesNotContain("TypedScripts");
    }

    @Test
    void aServiceMethodBehindAManagersOperationCalledFromElsewhereFailsTheNoOtherDoorRule() {
        EvaluationResult result = ArchitectureTest.managersOperationsHaveNoOtherDoor("planted")
                .evaluate(new ClassFileImporter().importPackages("planted"));

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().toString())
                .contains("ThingJob.tidy()", "ThingService.remove(long)")
                .doesNotContain("ThingService.name(long), which");
    }
}
