package com.courtrush.desktop;

import static com.courtrush.desktop.ConsoleUi.ADMIN;
import static com.courtrush.desktop.ConsoleUi.app;
import static com.courtrush.desktop.ConsoleUi.atTheDesk;
import static com.courtrush.desktop.ConsoleUi.call;
import static com.courtrush.desktop.ConsoleUi.node;
import static com.courtrush.desktop.ConsoleUi.robot;
import static com.courtrush.desktop.ConsoleUi.signOutAndSignIn;
import static com.courtrush.desktop.ConsoleUi.table;
import static com.courtrush.desktop.ConsoleUi.unchecked;
import static com.courtrush.desktop.ConsoleUi.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.recurring.api.PlanDay;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** A manager's work at the console: staff accounts and the audit of what they did, a standing rule, the channels. */
@Order(2)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleStaffUi {

    @BeforeAll
    static void atTheDeskFirst() throws Exception {
        atTheDesk();
    }

    @Test
    @Order(8)
    void aManagerCreatesAStaffAccountWhoSignsInAndWhatTheyDoIsInTheirName() throws Exception {
        robot.clickOn("#nav-staff");
        robot.clickOn("#newStaffId").write("desk1");
        robot.clickOn("#newStaffName").write("Zhao Min");
        robot.clickOn("#newStaffPassword").write("desk-pw-11");
        robot.clickOn("#createStaff");
        TableView<?> staff = table("#staffTable");
        waitFor(10, () -> staff.getItems().toString().contains("desk1"));

        robot.clickOn("#signOut");
        waitFor(10, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
        assertThat(robot.lookup("#deskSignIn").queryAs(DialogPane.class).getHeaderText())
                .isEqualTo("Who is at the desk? Sign in with your staff id.");
        robot.clickOn("#signInId").write("desk1");
        robot.clickOn("#signInPassword").write("wrong-password");
        robot.clickOn("#signInOk");
        assertThat(robot.lookup("#signInError").queryLabeled().getText()).contains("Wrong");
        robot.clickOn("#signInPassword").write("desk-pw-11");
        robot.clickOn("#signInOk");
        waitFor(
                10,
                () -> robot.lookup("#signedIn")
                        .tryQuery()
                        .filter(n -> ((javafx.scene.control.Label) n).getText().equals("Signed in: desk1 (Staff)"))
                        .isPresent());
        assertThat(robot.lookup("#nav-staff").tryQuery())
                .as("staff do not manage staff accounts")
                .isEmpty();
        assertThat(robot.lookup("#nav-settings").tryQuery()).as("nor settings").isEmpty();

        robot.clickOn("#nav-students");
        robot.clickOn("#searchStudents");
        TableView<?> students = table("#studentsTable");
        waitFor(10, () -> !students.getItems().isEmpty());
        robot.interact(() -> students.getSelectionModel().select(0));
        robot.clickOn("#resetPassword");
        waitFor(10, () -> robot.lookup("#dialogInput").tryQuery().isPresent());
        assertThat(node("#dialogOk").isDisabled()).as("OK on a blank answer").isTrue();
        robot.clickOn("#dialogInput").write("fresh-pw-22");
        assertThat(node("#dialogOk").isDisabled()).as("OK once answered").isFalse();
        robot.clickOn("#dialogOk");
        waitFor(
                10,
                () -> unchecked(() -> call("GET", "/admin/audit?actor=staff:desk1", ADMIN, null))
                        .path("data")
                        .path("records")
                        .findValuesAsText("action")
                        .containsAll(List.of("CONSOLE_SIGN_IN", "RESET_PASSWORD")));
        JsonNode manager = call("GET", "/admin/audit?actor=staff:wang", ADMIN, null);
        assertThat(manager.path("data").path("records").findValuesAsText("action"))
                .contains("CREATE_STAFF");

        // the Audit screen finds it by who and what
        robot.clickOn("#nav-audit");
        ChoiceBox<String> who = robot.lookup("#auditActor").queryAs(ChoiceBox.class);
        ChoiceBox<String> what = robot.lookup("#auditAction").queryAs(ChoiceBox.class);
        waitFor(
                10,
                () -> who.getItems().contains("staff:desk1") && what.getItems().contains("RESET_PASSWORD"));
        assertThat(who.getConverter().toString("staff:wang"))
                .as("a manager among the choices reads as one, as in the table's rows")
                .isEqualTo("wang (manager)");
        robot.interact(() -> {
            who.setValue("staff:desk1");
            what.setValue("RESET_PASSWORD");
        });
        robot.clickOn("#showAudit");
        TableView<com.courtrush.audit.api.AuditEntry> audit = table("#auditTrailTable");
        waitFor(10, () -> audit.getItems().size() == 1);
        assertThat(audit.getItems().get(0).actor()).isEqualTo("staff:desk1");
        assertThat(robot.lookup("#auditSummary").queryLabeled().getText())
                .isEqualTo("Showing 1 of 1 entries, newest first.");
        assertThat(robot.lookup(".table-cell")
                        .match(cell -> "desk1 (staff)".equals(((javafx.scene.control.Labeled) cell).getText()))
                        .tryQuery())
                .isPresent();
    }

    @Test
    @Order(9)
    void staffSetUpADailyRuleThatMakesTomorrowsOpeningAndCloseAHoliday() throws Exception {
        call("POST", "/admin/courts", ADMIN, "{\"courtName\":\"Court R\"}");
        LocalDate today = Times.today();
        robot.clickOn("#nav-rules");
        robot.clickOn("#ruleName").write("Evenings");
        ListCell<?> court = robot.lookup("#ruleCourts .list-cell").queryAllAs(ListCell.class).stream()
                .filter(c -> c.getItem() != null && c.getItem().toString().equals("Court R"))
                .findFirst()
                .orElseThrow();
        robot.clickOn(court.lookup(".check-box"));
        TextField start = robot.lookup("#ruleStart").queryAs(TextField.class);
        TextField end = robot.lookup("#ruleEnd").queryAs(TextField.class);
        robot.interact(() -> {
            start.setText("20:00");
            end.setText("22:00");
        });
        robot.clickOn("#createRule");
        TableView<PlanDay> plan = table("#rulePlan");
        waitFor(15, () -> plan.getItems().size() == 14 && plan.getItems().get(1).status() == PlanDay.Status.CREATED);
        assertThat(plan.getItems().get(1).date()).isEqualTo(today.plusDays(1));
        assertThat(plan.getItems().get(2).status()).isEqualTo(PlanDay.Status.TO_COME);
        long opening = plan.getItems().get(1).sessionId();
        JsonNode made = call("GET", "/admin/sessions/" + opening, ADMIN, null);
        assertThat(made.path("data").path("sessionDate").asText())
                .isEqualTo(today.plusDays(1).toString());

        // a holiday three days on: closed, with its note, in the plan
        DatePicker date = robot.lookup("#ruleChangeDate").queryAs(DatePicker.class);
        robot.interact(() -> date.setValue(today.plusDays(3)));
        robot.clickOn("#ruleChangeNote").write("sports day");
        // a date is changed unless "closed that day" is ticked: a holiday is ticked on purpose
        CheckBox closedThatDay = robot.lookup("#ruleClosed").queryAs(CheckBox.class);
        assertThat(closedThatDay.isSelected()).as("not ticked by default").isFalse();
        robot.clickOn("#ruleClosed");
        robot.clickOn("#applyRuleDate");
        waitFor(10, () -> plan.getItems().get(3).status() == PlanDay.Status.CLOSED);
        assertThat(plan.getItems().get(3).change().note()).isEqualTo("sports day");
    }

    @Test
    @Order(12)
    void aManagerSeesTheWebhooksKeyOnlyOnAskingAndSendsAgainTheEmailsGivenUp() throws Exception {
        // the webhook kept with a robot's key (off: no address is looked up); an email given up after days of trying
        call(
                "PUT",
                "/admin/notice-channels/webhook",
                ADMIN,
                "{\"enabled\":false,\"webhook\":{\"url\":"
                        + "\"https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=ui-robot-key\",\"format\":\"ROBOT\"}}");
        org.springframework.jdbc.core.JdbcTemplate jdbc =
                app.engine().getBean(org.springframework.jdbc.core.JdbcTemplate.class);
        long student = jdbc.queryForObject("select min(id) from user_account where role = 'STUDENT'", Long.class);
        LocalDateTime now = Times.now();
        jdbc.update(
                "insert into notice (message_id, user_id, kind, params, create_time, email_to, email_state, "
                        + "email_attempts, email_next_time, email_error) "
                        + "values ('UI-GIVEN-UP', ?, 'WON', '{}', ?, 'ui@campus.example', 'FAILED', 290, ?, 'unreachable')",
                student,
                now.minusDays(3),
                now);

        // Settings is a manager's screen: wang signs in again
        signOutAndSignIn("wang", "manager-pw-1");
        waitFor(20, () -> robot.lookup("#nav-settings").tryQuery().isPresent());
        robot.clickOn("#nav-settings");
        TextField url = robot.lookup("#webhookUrl").queryAs(TextField.class);
        waitFor(10, () -> url.getText().endsWith("?key=********"));
        assertThat(robot.lookup("#givenUp").queryLabeled().getText())
                .isEqualTo("Given up after days of trying. Emails: 1, staff alerts: 0.");

        robot.interact(() -> robot.lookup("#showWebhookUrl").queryButton().fire());
        waitFor(10, () -> url.getText().endsWith("?key=ui-robot-key"));
        assertThat(call("GET", "/admin/audit?actor=staff:wang&action=SHOW_CHANNEL_SECRETS", ADMIN, null)
                        .path("data")
                        .path("records")
                        .findValuesAsText("action"))
                .containsExactly("SHOW_CHANNEL_SECRETS");

        robot.interact(() -> robot.lookup("#sendAgain").queryButton().fire());
        waitFor(10, () -> robot.lookup("#givenUp").queryLabeled().getText().isEmpty());
        assertThat(robot.lookup("#sendAgain").queryButton().isDisabled()).isTrue();
        assertThat(jdbc.queryForObject("select email_state from notice where message_id = 'UI-GIVEN-UP'", String.class))
                .as("waiting to be tried again (the email channel is off here)")
                .isEqualTo("PENDING");
    }
}
