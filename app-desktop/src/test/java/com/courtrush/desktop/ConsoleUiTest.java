package com.courtrush.desktop;

import org.junit.platform.suite.api.AfterSuite;
import org.junit.platform.suite.api.BeforeSuite;
import org.junit.platform.suite.api.ConfigurationParameter;
import org.junit.platform.suite.api.SelectClasses;
import org.junit.platform.suite.api.Suite;

/**
 * The console driven through its window against the real embedded engine it starts: the flows staff use at the
 * front desk, one class per subject, all on one console (started once for the suite, on a new installation, and
 * closed after it; each class begins at the desk as {@link ConsoleUi#atTheDesk()} puts it). The classes run in
 * their {@code @Order}, the campus directory's last.
 */
@Suite
@SelectClasses({
    ConsoleRushUi.class,
    ConsoleStaffUi.class,
    ConsoleDeskUi.class,
    ConsoleVenueUi.class,
    ConsoleBlockUi.class,
    ConsoleWalkUi.class,
    ConsoleDirectoryUi.class
})
@ConfigurationParameter(
        key = "junit.jupiter.testclass.order.default",
        value = "org.junit.jupiter.api.ClassOrderer$OrderAnnotation")
class ConsoleUiTest {

    @BeforeSuite
    static void startTheConsole() throws Exception {
        ConsoleUi.start();
    }

    @AfterSuite
    static void stopTheConsole() throws Exception {
        ConsoleUi.stop();
    }
}
