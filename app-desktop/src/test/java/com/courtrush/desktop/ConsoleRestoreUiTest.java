package com.courtrush.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.i18n.ConsolePreferences;
import com.courtrush.desktop.support.ClippedText;
import com.courtrush.desktop.support.Keyboard;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TitledPane;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Restoring a backup from the console (issue 54), through its window (headless: TestFX + Monocle) on the real engine
 * it starts: a backup made in Settings, a court added after it, the backup chosen, read and restored — the console
 * stops its engine, starts it again on the backup and asks who is at the desk; the later court is gone, the earlier
 * one there, the database before it kept aside, and the audit names who restored it. The pane reads whole at a
 * desk's 1280×720.
 */
class ConsoleRestoreUiTest {

    static final String ADMIN = "ui-restore-admin-token-0123456789abcdefgh";
    static final FxRobot robot = new FxRobot();
    static final HttpClient http = HttpClient.newHttpClient();
    static ConsoleApp app;
    static Path dataDir;

    @BeforeAll
    static void startConsole() throws Exception {
        System.setProperty(ConsolePreferences.LOCALE_PROPERTY, "en");
        dataDir = Files.createTempDirectory("console-restore-ui-");
        FxToolkit.registerPrimaryStage();
        app = (ConsoleApp) FxToolkit.setupApplication(
                ConsoleApp.class,
                "--courtrush.data-dir=" + dataDir,
                "--server.port=0",
                "--courtrush.admin-token=" + ADMIN,
                "--courtrush.auth.bcrypt-strength=4",
                "--courtrush.auth.sign-in-hold=0s",
                "--spring.jmx.enabled=false");
        waitFor(120, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
        Keyboard.clickAndType(robot, "#signInGymName", "North Campus Sports Centre");
        Keyboard.clickAndType(robot, "#signInId", "wang");
        Keyboard.clickAndType(robot, "#signInName", "Wang Li");
        Keyboard.clickAndType(robot, "#signInPassword", "manager-pw-1");
        Keyboard.clickAndType(robot, "#signInRepeat", "manager-pw-1");
        robot.clickOn("#signInOk");
        waitFor(
                60,
                () -> app.window() != null
                        && robot.lookup("#nav-settings").tryQuery().isPresent());
    }

    @AfterAll
    static void stopConsole() throws Exception {
        FxToolkit.cleanupApplication(app);
        System.clearProperty(ConsolePreferences.LOCALE_PROPERTY);
    }

    @Test
    void aManagerRestoresABackupAndTheConsoleComesBackOnIt() throws Exception {
        ConfigurableApplicationContext before = app.engine();
        addCourt("Court before");
        Window window = robot.lookup("#nav-settings").query().getScene().getWindow();
        robot.interact(() -> {
            window.setWidth(1280);
            window.setHeight(720);
        });
        robot.clickOn("#nav-settings");
        robot.interact(() -> robot.lookup("#backUpNow").queryButton().fire());
        ComboBox<String> choice = robot.lookup("#restoreChoice").queryComboBox();
        JdbcTemplate engineBefore = before.getBean(JdbcTemplate.class);
        // the engine also backed up at its first start (none was a day old): the one wang made is chosen
        waitFor(
                20,
                () -> !engineBefore
                        .queryForList(
                                "select target_id from audit_log where action = 'BACKUP' and actor = 'staff:wang'",
                                String.class)
                        .isEmpty());
        String made = engineBefore.queryForObject(
                "select target_id from audit_log where action = 'BACKUP' and actor = 'staff:wang'", String.class);
        waitFor(20, () -> choice.getItems().contains(made));
        assertThat(robot.lookup("#restoreExternal").query().isVisible()).isFalse();
        addCourt("Court after");

        robot.interact(() -> choice.getSelectionModel().select(made));
        Label contents = robot.lookup("#restoreContents").queryAs(Label.class);
        waitFor(20, () -> !contents.getText().isEmpty());
        assertThat(contents.getText())
                .startsWith(choice.getItems().get(0) + ", made ")
                .contains("0 student and 1 staff accounts");
        // the choice says which backups are the engine's restore points and which were made on demand (issue 75)
        assertThat(WaitForAsyncUtils.asyncFx(
                                () -> ((Labeled) ((javafx.scene.control.skin.ComboBoxListViewSkin<?>) choice.getSkin())
                                                .getDisplayNode())
                                        .getText())
                        .get())
                .isEqualTo(made + " (made on demand)");
        assertThat(robot.lookup("#backupState").queryAs(Label.class).getText())
                .contains("1 scheduled (each night, and at a start after a day without one) and 1 made on demand");
        WaitForAsyncUtils.waitForFxEvents();
        Node pane = robot.lookup("#restoreBackup").query();
        while (!(pane instanceof TitledPane)) {
            pane = pane.getParent();
        }
        Parent backups = (Parent) pane;
        assertThat(WaitForAsyncUtils.asyncFx(() -> ClippedText.in(backups)).get())
                .as("the backups pane at 1280×720")
                .isEmpty();

        // not robot.interact: the button's dialog waits for its answer on the JavaFX thread
        javafx.application.Platform.runLater(
                () -> robot.lookup("#restoreBackup").queryButton().fire());
        waitFor(10, () -> robot.lookup("#destructiveDialog").tryQuery().isPresent());
        DialogPane confirm = robot.lookup("#destructiveDialog").queryAs(DialogPane.class);
        assertThat(robot.lookup("#destructiveConsequence").queryAs(Label.class).getText())
                .contains("db.before-restore-")
                .contains("are lost");
        assertThat(confirm.getHeaderText()).startsWith(made + " (made ");
        robot.clickOn("#dialogOk");

        waitFor(
                180,
                () -> app.engine() != before
                        && robot.lookup("#deskSignIn").tryQuery().isPresent());
        Keyboard.clickAndType(robot, "#signInId", "wang");
        Keyboard.clickAndType(robot, "#signInPassword", "manager-pw-1");
        robot.clickOn("#signInOk");
        waitFor(60, () -> robot.lookup("#nav-settings").tryQuery().isPresent());

        assertThat(before.isActive())
                .as("the engine before the restore stopped")
                .isFalse();
        JdbcTemplate jdbc = app.engine().getBean(JdbcTemplate.class);
        assertThat(jdbc.queryForList("select name from court", String.class))
                .contains("Court before")
                .doesNotContain("Court after");
        assertThat(jdbc.queryForList("select actor from audit_log where action = 'RESTORE'", String.class))
                .containsExactly("staff:wang");
        try (Stream<Path> folders = Files.list(dataDir)) {
            List<String> names = folders.map(p -> p.getFileName().toString()).toList();
            assertThat(names)
                    .anyMatch(name -> name.startsWith("db.before-restore-"))
                    .doesNotContain("db.restoring");
        }
    }

    private static void addCourt(String name) throws Exception {
        String port = app.engine().getEnvironment().getProperty("local.server.port");
        HttpResponse<String> answer = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/admin/courts"))
                        .header("Authorization", "Bearer " + ADMIN)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"courtName\":\"" + name + "\"}"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    }

    static void waitFor(int seconds, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(
                    seconds,
                    TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        } catch (Exception e) {
            throw new AssertionError("condition not met within " + seconds + " s", e);
        }
    }
}
