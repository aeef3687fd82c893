package com.courtrush.desktop.arch;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.api.Caller;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.stereotype.Component;
import org.springframework.web.bind.annotation.RestController;

/**
 * One operation, two doors (issue 72): what staff do with the engine's data is done the same at the console and over
 * HTTP. Every desk method that acts for someone (it takes the {@link Caller}, whose name the audit writes) is called
 * by a controller and by the console, or is named below with why not.
 */
class BothDoorsTest {

    /** Desk methods with one door, and why. */
    static final String RESTORE = "a restore stops and starts the engine in the process that holds it, the"
            + " console's; a headless server is restored from the command line (docs/backups.md)";

    static final String IMPORT = "one import, two shapes: a request over HTTP takes the list whole (importStudents);"
            + " the console sends a long file in parts with progress (importPart) and audits it once (recordImport)";

    static final Map<String, String> ONE_DOOR = Map.ofEntries(
            Map.entry("BackupDesk.inspect", RESTORE),
            Map.entry("BackupDesk.inspectFile", RESTORE),
            Map.entry("BackupDesk.stageRestore", RESTORE),
            Map.entry("BackupDesk.stageRestoreOfFile", RESTORE),
            Map.entry(
                    "StaffAccountDesk.revealAdminToken",
                    "shown to a manager on the console's Settings; over HTTP the caller sent it, or may not see it"),
            Map.entry(
                    "TillDesk.receipt",
                    "the console reaches receipts through their booking (receiptsOf); a receipt's number alone is what a"
                            + " client of the HTTP API holds"),
            Map.entry("StudentDesk.importStudents", IMPORT),
            Map.entry("StudentDesk.importPart", IMPORT),
            Map.entry("StudentDesk.recordImport", IMPORT));

    @Test
    void everyDeskMethodThatActsForSomeoneIsReachedByBothDoors() {
        JavaClasses classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("com.courtrush");
        Map<String, String> missing = new TreeMap<>();
        List<String> acting = new ArrayList<>();
        for (JavaClass desk : classes) {
            if (!isDesk(desk)) {
                continue;
            }
            for (JavaMethod method : desk.getMethods()) {
                if (!method.getModifiers().contains(JavaModifier.PUBLIC)
                        || method.getModifiers().contains(JavaModifier.STATIC)
                        || method.getRawParameterTypes().stream()
                                .noneMatch(type -> type.isEquivalentTo(Caller.class))) {
                    continue;
                }
                String name = desk.getSimpleName() + "." + method.getName();
                acting.add(name);
                boolean http = method.getCallsOfSelf().stream().anyMatch(BothDoorsTest::fromAController);
                boolean console = method.getCallsOfSelf().stream().anyMatch(BothDoorsTest::fromTheConsole);
                if ((!http || !console) && !ONE_DOOR.containsKey(name)) {
                    missing.put(
                            name,
                            (http ? "" : "no controller calls it")
                                    + (!http && !console ? ", " : "")
                                    + (console ? "" : "the console does not call it"));
                }
            }
        }
        assertThat(acting).as("desk methods that take a Caller").isNotEmpty();
        assertThat(missing)
                .as("desk methods that act for someone with one door only (reach them by both, or say why in ONE_DOOR)")
                .isEmpty();
        assertThat(ONE_DOOR.keySet())
                .as("ONE_DOOR names only desk methods that act for someone")
                .allMatch(acting::contains);
    }

    static boolean isDesk(JavaClass type) {
        return type.getPackageName().matches("com\\.courtrush\\.[a-z]+\\.desk")
                && type.getSimpleName().endsWith("Desk")
                && type.isAnnotatedWith(Component.class);
    }

    static boolean fromAController(JavaMethodCall call) {
        return call.getOriginOwner().isAnnotatedWith(RestController.class);
    }

    static boolean fromTheConsole(JavaMethodCall call) {
        return call.getOriginOwner().getPackageName().startsWith("com.courtrush.desktop");
    }
}
