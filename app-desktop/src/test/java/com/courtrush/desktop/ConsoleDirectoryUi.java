package com.courtrush.desktop;

import static com.courtrush.desktop.ConsoleUi.ADMIN;
import static com.courtrush.desktop.ConsoleUi.app;
import static com.courtrush.desktop.ConsoleUi.atTheDesk;
import static com.courtrush.desktop.ConsoleUi.base;
import static com.courtrush.desktop.ConsoleUi.call;
import static com.courtrush.desktop.ConsoleUi.robot;
import static com.courtrush.desktop.ConsoleUi.signOutAndSignIn;
import static com.courtrush.desktop.ConsoleUi.text;
import static com.courtrush.desktop.ConsoleUi.unchecked;
import static com.courtrush.desktop.ConsoleUi.waitFor;
import static com.courtrush.desktop.ConsoleUi.waitForServer;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.campus.api.CampusProtocol;
import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldif.LDIFReader;
import java.io.InputStream;
import java.net.InetAddress;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** Staff of the campus directory (LDAP) sign in at the console with the directory's password. */
@Order(7)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleDirectoryUi {

    @BeforeAll
    static void atTheDeskFirst() throws Exception {
        atTheDesk();
    }

    @Test
    @Order(15)
    void aStaffMemberOfTheCampusDirectorySignsInAtTheConsoleWithTheDirectorysPassword() throws Exception {
        // the route of SPEC §18 at the console: LDAP bind, the directory's password typed in the console's own form
        InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig("dc=campus,dc=example");
        config.setListenerConfigs(
                InMemoryListenerConfig.createLDAPConfig("ldap", InetAddress.getLoopbackAddress(), 0, null));
        InMemoryDirectoryServer directory = new InMemoryDirectoryServer(config);
        try (InputStream ldif = ConsoleDirectoryUi.class.getResourceAsStream("/ldap/desk.ldif")) {
            directory.importFromLDIF(true, new LDIFReader(ldif));
        }
        directory.startListening();
        try {
            signOutAndSignIn("wang", "manager-pw-1");
            waitFor(20, () -> robot.lookup("#nav-settings").tryQuery().isPresent());
            robot.clickOn("#nav-settings");
            waitFor(10, () -> robot.lookup("#campusProtocol").tryQuery().isPresent());
            robot.interact(() -> {
                robot.lookup("#campusProtocol").queryAs(ChoiceBox.class).setValue(CampusProtocol.LDAP);
                text("#campusPublicUrl", base);
                text("#campusServerUrl", "ldap://127.0.0.1:" + directory.getListenPort() + "/dc=campus,dc=example");
                text("#campusClientId", "cn=gym-reader,ou=services,dc=campus,dc=example");
                text("#campusClientSecret", "reader-secret");
                text("#campusIdAttribute", "uid");
                text("#campusNameAttribute", "displayName");
                text("#campusEmailAttribute", "mail");
                text("#campusBookAttribute", "employeeType");
                text("#campusBookValues", "student");
                text("#campusStaffAttribute", "groups");
                text("#campusStaffValues", "gym-staff");
                text("#campusManagerValues", "gym-managers");
                robot.lookup("#campusEnabled").queryAs(CheckBox.class).setSelected(true);
                robot.lookup("#tryCampus").queryButton().fire();
            });
            waitFor(
                    20,
                    () -> robot.lookup("#campusTrialSummary")
                            .queryLabeled()
                            .getText()
                            .equals("The directory answered: connected and its base read."));
            robot.interact(() -> robot.lookup("#saveCampus").queryButton().fire());
            waitForServer(
                    20,
                    () -> unchecked(() -> call("GET", "/auth/campus", null, null))
                            .path("data")
                            .path("protocol")
                            .asText()
                            .equals("LDAP"));

            // a member of the directory's staff group: signed in by the directory, staff screens only
            robot.clickOn("#signOut");
            waitFor(10, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
            assertThat(robot.lookup("#signInHint").queryLabeled().getText())
                    .endsWith("\nCampus account: the gym's staff sign in here with its id and password too.");
            robot.clickOn("#signInId").write("t2024");
            robot.clickOn("#signInPassword").write("campus-pw-t");
            robot.clickOn("#signInOk");
            waitFor(
                    20,
                    () -> robot.lookup("#signedIn")
                            .tryQuery()
                            .filter(n ->
                                    ((javafx.scene.control.Label) n).getText().equals("Signed in: t2024 (Staff)"))
                            .isPresent());
            assertThat(robot.lookup("#nav-board").tryQuery()).isPresent();
            assertThat(robot.lookup("#nav-staff").tryQuery())
                    .as("no manager's screens")
                    .isEmpty();
            assertThat(robot.lookup("#nav-settings").tryQuery()).isEmpty();

            // a member of its managers' group: the manager's screens
            signOutAndSignIn("m2024", "campus-pw-m");
            waitFor(20, () -> robot.lookup("#nav-settings").tryQuery().isPresent());
            assertThat(robot.lookup("#signedIn").queryLabeled().getText()).isEqualTo("Signed in: m2024 (Manager)");
            assertThat(call("GET", "/admin/audit?actor=staff:t2024&action=CONSOLE_SIGN_IN", ADMIN, null)
                            .path("data")
                            .path("records")
                            .findValuesAsText("action"))
                    .containsExactly("CONSOLE_SIGN_IN");

            // issue 75: the gym's own last manager cannot be disabled while only the directory's would be left (a
            // directory outage would lock the console out)…
            long wang = call("GET", "/admin/staff", ADMIN, null).path("data").findParents("staffId").stream()
                    .filter(member -> member.path("staffId").asText().equals("wang"))
                    .findFirst()
                    .orElseThrow()
                    .path("id")
                    .asLong();
            assertThat(call("POST", "/admin/staff/" + wang + "/active", ADMIN, "{\"active\":false}")
                            .path("enumCode")
                            .asText())
                    .isEqualTo("FAILED");
            // …and where there is none of its own (an earlier version allowed it), the sign-in offers to make one
            app.engine()
                    .getBean(org.springframework.jdbc.core.JdbcTemplate.class)
                    .update("update user_account set active = false where id = ?", wang);
            robot.clickOn("#signOut");
            waitFor(10, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
            assertThat(robot.lookup("#signInLocalManager")
                            .queryAs(Hyperlink.class)
                            .getText())
                    .startsWith("The gym has no manager account of its own");
            robot.clickOn("#signInLocalManager");
            assertThat(robot.lookup("#signInGymName").queryAs(TextField.class).getText())
                    .isEqualTo("North Campus Sports Centre");
            robot.interact(() -> {
                text("#signInId", "zhao");
                text("#signInName", "Zhao Min");
                text("#signInPassword", "manager-pw-2");
                text("#signInRepeat", "manager-pw-2");
            });
            robot.clickOn("#signInOk");
            waitFor(
                    20,
                    () -> robot.lookup("#signInError")
                                    .tryQuery()
                                    .filter(n -> !((javafx.scene.control.Label) n)
                                            .getText()
                                            .isEmpty())
                                    .isPresent()
                            || robot.lookup("#signedIn")
                                    .tryQuery()
                                    .filter(n -> ((javafx.scene.control.Label) n)
                                            .getText()
                                            .equals("Signed in: zhao (Manager)"))
                                    .isPresent());
            assertThat(robot.lookup("#deskSignIn").tryQuery())
                    .as(
                            "still asked: %s",
                            robot.lookup("#signInError")
                                    .tryQuery()
                                    .map(n -> ((javafx.scene.control.Label) n).getText()))
                    .isEmpty();
            call("POST", "/admin/staff/" + wang + "/active", ADMIN, "{\"active\":true}");
        } finally {
            directory.shutDown(true);
        }
    }
}
