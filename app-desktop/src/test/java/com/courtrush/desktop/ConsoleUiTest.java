package com.courtrush.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.api.StaffAccountDesk;
import com.courtrush.audit.api.AuditEntry;
import com.courtrush.campus.api.CampusProtocol;
import com.courtrush.desktop.board.BoardScreen;
import com.courtrush.desktop.checkin.CheckInViewModel;
import com.courtrush.desktop.i18n.ConsolePreferences;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.openings.OpeningsViewModel;
import com.courtrush.desktop.rush.LiveRushViewModel;
import com.courtrush.desktop.shell.DeskSignIn;
import com.courtrush.desktop.shell.DeskSignInViewModel;
import com.courtrush.desktop.support.ClippedText;
import com.courtrush.desktop.support.UntranslatedText;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.recurring.api.PlanDay;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.unboundid.ldap.listener.InMemoryDirectoryServer;
import com.unboundid.ldap.listener.InMemoryDirectoryServerConfig;
import com.unboundid.ldap.listener.InMemoryListenerConfig;
import com.unboundid.ldif.LDIFReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.chart.LineChart;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.DatePicker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mockito.Mockito;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The console driven through its window (headless: TestFX + Monocle) against the real embedded
 * engine it starts: the flows staff use at the front desk, one after another.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleUiTest {

    static final String ADMIN = "ui-test-admin-token-0123456789abcdefghij";
    static final FxRobot robot = new FxRobot();
    static final ObjectMapper json = new ObjectMapper();
    static final HttpClient http = HttpClient.newHttpClient();
    static ConsoleApp app;
    static String base;
    static String studentToken;
    static long reservationId;
    static String orderNo;
    static long slotId;
    static long secondSlotId;
    static long openingId;

    @BeforeAll
    static void startConsole() throws Exception {
        System.setProperty(ConsolePreferences.LOCALE_PROPERTY, "en");
        FxToolkit.registerPrimaryStage();
        app = (ConsoleApp) FxToolkit.setupApplication(
                ConsoleApp.class,
                "--courtrush.data-dir=" + Files.createTempDirectory("console-ui-"),
                "--server.port=0",
                "--courtrush.admin-token=" + ADMIN,
                "--courtrush.auth.bcrypt-strength=4",
                "--courtrush.auth.sign-in-hold=0s",
                "--spring.jmx.enabled=false");
        // a new installation: the console asks for the first manager before anything else
        waitFor(120, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
        assertThat(robot.lookup("#deskSignIn").queryAs(DialogPane.class).getHeaderText())
                .isEqualTo("Welcome. Create the first manager account.");
        robot.clickOn("#signInId").write("wang");
        robot.clickOn("#signInName").write("Wang Li");
        robot.clickOn("#signInPassword").write("manager-pw-1");
        robot.clickOn("#signInRepeat").write("manager-pw-2");
        robot.clickOn("#signInOk");
        assertThat(robot.lookup("#signInError").queryLabeled().getText()).isEqualTo("The two passwords differ.");
        robot.clickOn("#signInPassword").write("manager-pw-1");
        robot.clickOn("#signInRepeat").write("manager-pw-1");
        robot.clickOn("#signInOk");
        waitFor(60, () -> app.window() != null);
        waitFor(
                20,
                () -> robot.lookup("#nav-courts")
                        .tryQuery()
                        .filter(cell -> cell.getScene().getWindow().getWidth() >= 1000
                                && cell.getLayoutBounds().getWidth() > 0)
                        .isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        base = "http://127.0.0.1:" + app.engine().getEnvironment().getProperty("local.server.port");
    }

    @AfterAll
    static void stopConsole() throws Exception {
        FxToolkit.cleanupApplication(app);
        System.clearProperty(ConsolePreferences.LOCALE_PROPERTY);
    }

    @Test
    @Order(1)
    void staffCreateACourt() {
        assertThat(robot.lookup("#signedIn").queryLabeled().getText()).isEqualTo("Signed in: wang (Manager)");
        robot.clickOn("#nav-courts");
        robot.clickOn("#courtName").write("Court X");
        robot.clickOn("#createCourt");
        TableView<?> courts = robot.lookup("#courtsTable").queryAs(TableView.class);
        waitFor(10, () -> courts.getItems().toString().contains("Court X"));
    }

    @Test
    @Order(2)
    void staffCreateAnOpeningGenerateItsSlotsAndSeeAnOverlapRefused() {
        robot.clickOn("#nav-openings");
        // a typed number is taken (it once stayed what the arrows had set)
        Spinner<?> limit = robot.lookup("#perUserLimit").queryAs(Spinner.class);
        robot.interact(() -> limit.getEditor().setText(""));
        robot.clickOn(limit.getEditor()).write("3").type(KeyCode.ENTER);
        assertThat(limit.getEditor().getText()).as("typed into the field").isEqualTo("3");
        assertThat(limit.getValue()).isEqualTo(3);
        // a flash time two minutes ahead whatever the hour (one already past is asked about first), before
        // tomorrow's slots
        LocalDateTime flash = Times.now().plusMinutes(2);
        DatePicker flashDate = robot.lookup("#flashDate").queryAs(DatePicker.class);
        TextField flashTime = robot.lookup("#flashTime").queryAs(TextField.class);
        robot.interact(() -> {
            flashDate.setValue(flash.toLocalDate());
            flashTime.setText(flash.toLocalTime().withSecond(0).withNano(0).toString());
        });
        // a booking pass is off unless staff turn it on (SPEC), as this test's students, scripts, expect
        CheckBox pass = robot.lookup("#bookingPass").queryAs(CheckBox.class);
        assertThat(pass.isSelected()).isFalse();
        robot.clickOn("#createOpening");
        TableView<OpeningsViewModel.OpeningRow> openings = table("#openingsTable");
        waitFor(10, () -> openings.getItems().size() == 1);
        assertThat(openings.getItems().get(0).perUserLimit()).isEqualTo(3);

        robot.clickOn(robot.lookup(".tab")
                .match(n -> n.getId() != null && n.getId().equals("tabTemplate"))
                .queryAs(Node.class));
        ListCell<?> cell = robot.lookup("#templateCourts .list-cell").queryAllAs(ListCell.class).stream()
                .filter(c -> c.getItem() != null && c.getItem().toString().equals("Court X"))
                .findFirst()
                .orElseThrow();
        robot.clickOn(cell.lookup(".check-box"));
        // a typed number out of range is refused visibly and changes nothing (−5 once became 1 silently)
        Spinner<?> capacity = robot.lookup("#templateCapacity").queryAs(Spinner.class);
        robot.interact(() -> capacity.getEditor().setText(""));
        robot.clickOn(capacity.getEditor()).write("-5").type(KeyCode.ENTER);
        assertThat(capacity.getEditor().getStyleClass()).contains(Widgets.REFUSED);
        assertThat(capacity.getTooltip().getText()).contains("1 to 1000");
        assertThat(capacity.getValue()).isEqualTo(1);
        robot.interact(() -> capacity.getEditor().setText(""));
        robot.clickOn(capacity.getEditor()).write("1").type(KeyCode.ENTER);
        assertThat(capacity.getEditor().getStyleClass()).doesNotContain(Widgets.REFUSED);
        TextField end = robot.lookup("#templateEnd").queryAs(TextField.class);
        robot.interact(() -> end.setText(""));
        robot.clickOn(end).write("12:00");
        robot.clickOn("#generateSlots");
        TableView<OpeningsViewModel.SlotRow> slots = table("#slotsTable");
        waitFor(10, () -> slots.getItems().size() == 4);

        robot.clickOn("#generateSlots");
        waitFor(10, () -> robot.lookup("#errorDialog").tryQuery().isPresent());
        DialogPane error = robot.lookup("#errorDialog").queryAs(DialogPane.class);
        assertThat(error.getContentText()).contains("overlap");
        robot.clickOn(error.lookupAll(".button").iterator().next());
        assertThat(slots.getItems()).hasSize(4);

        robot.clickOn(robot.lookup(".tab")
                .match(n -> "tabNewOpening".equals(n.getId()))
                .queryAs(Node.class));
        robot.clickOn("#openNow");
        waitFor(10, () -> openings.getItems().get(0).state() == com.courtrush.opening.api.SessionState.OPEN);
    }

    @Test
    @Order(3)
    void theLiveViewShowsAPermitGoWhenAStudentReservesOverHttp() throws Exception {
        robot.clickOn("#nav-rush");
        TableView<LiveRushViewModel.SlotStockRow> rush = table("#rushTable");
        waitFor(
                15,
                () -> rush.getItems().size() == 4
                        && rush.getItems().get(0).permitsLeft() != null
                        && rush.getItems().get(0).permitsLeft() == 1);
        slotId = rush.getItems().get(0).slotId();
        secondSlotId = rush.getItems().get(1).slotId();
        long sessionId = robot.lookup("#rushOpening").queryAs(ChoiceBox.class).getValue() == null
                ? 0
                : ((LiveRushViewModel.OpeningChoice) robot.lookup("#rushOpening")
                                .queryAs(ChoiceBox.class)
                                .getValue())
                        .id();
        openingId = sessionId;

        call(
                "POST",
                "/admin/students",
                ADMIN,
                "{\"students\":[{\"studentId\":\"2024777\",\"password\":\"secret77\",\"name\":\"Ann\"}]}");
        studentToken = call("POST", "/auth/login", null, "{\"studentId\":\"2024777\",\"password\":\"secret77\"}")
                .path("data")
                .path("token")
                .asText();
        String trace = call(
                        "POST",
                        "/reserve/",
                        studentToken,
                        "{\"sessionId\":" + sessionId + ",\"slotId\":" + slotId + "}")
                .path("data")
                .path("traceId")
                .asText();
        waitFor(15, () -> rush.getItems().get(0).permitsLeft() == 0);
        assertThat(robot.lookup("#rushStock").queryLabeled().getText()).startsWith("3 / 4");
        waitForServer(
                15,
                () -> "SUCCESS"
                        .equals(unchecked(() -> call("GET", "/reserve/result/" + trace, studentToken, null)
                                .path("data")
                                .path("status")
                                .asText())));
        reservationId = call("GET", "/reserve/result/" + trace, studentToken, null)
                .path("data")
                .path("reservationId")
                .asLong();
        orderNo = call("POST", "/pay/wechat/" + reservationId, studentToken, null)
                .path("data")
                .path("outTradeNo")
                .asText();
    }

    @Test
    @Order(4)
    void staffMarkItPaidThenRefundItAndThePermitComesBack() {
        robot.clickOn("#nav-reservations");
        // the student shows the order number: found whatever the day (the screen opens on today; this is tomorrow's)
        robot.clickOn("#reservationStudent").write(orderNo);
        robot.clickOn("#searchReservations");
        TableView<ReservationRow> table = table("#reservationsTable");
        waitFor(10, () -> table.getItems().stream().anyMatch(r -> r.id() == reservationId));
        robot.interact(() -> table.getSelectionModel()
                .select(table.getItems().stream()
                        .filter(r -> r.id() == reservationId)
                        .findFirst()
                        .orElseThrow()));

        waitFor(
                10,
                () -> robot.lookup("#payOrdersTable")
                                .queryAs(TableView.class)
                                .getItems()
                                .size()
                        == 1);
        robot.clickOn("#markPaid");
        // the dialog opens a moment after the click: clicked once it is there, never before
        waitFor(10, () -> robot.lookup("#dialogOk").tryQuery().isPresent());
        assertThat(robot.lookup("#destructiveConsequence").queryLabeled().getText())
                .as("the dialog names the order and its amount")
                .contains(orderNo)
                .contains("¥");
        assertThat(robot.lookup("#destructiveDialog").queryAs(DialogPane.class).getHeaderText())
                .as("and the student")
                .contains("Ann (2024777)");
        robot.clickOn("#dialogOk");
        waitFor(10, () -> status(table) == ReservationStatus.CONFIRMED);
        waitFor(
                10,
                () -> robot.lookup("#payOrdersTable")
                                .queryAs(TableView.class)
                                .getItems()
                                .size()
                        == 1);

        robot.clickOn("#refundReservation");
        // the dialog names the reservation and refuses an empty reason visibly
        waitFor(10, () -> robot.lookup("#destructiveDialog").tryQuery().isPresent());
        assertThat(robot.lookup("#destructiveDialog").queryAs(DialogPane.class).getHeaderText())
                .startsWith("Reservation #" + reservationId + " · Ann (2024777)");
        assertThat(robot.lookup("#dialogOk").query().isDisabled()).isTrue();
        assertThat(robot.lookup("#reasonRequired").query().isVisible()).isTrue();
        assertThat(robot.lookup("#dialogBack").queryButton().getText()).isEqualTo("Back");
        robot.clickOn("#destructiveReason").write("court flooded");
        assertThat(robot.lookup("#reasonRequired").query().isVisible()).isFalse();
        robot.clickOn("#dialogOk");
        waitFor(10, () -> status(table) == ReservationStatus.CANCELLED);
        TableView<AuditEntry> audit = table("#auditTable");
        waitFor(
                10,
                () -> audit.getItems().stream()
                        .map(AuditEntry::action)
                        .toList()
                        .containsAll(List.of("MARK_PAID", "REFUND")));

        robot.clickOn("#nav-rush");
        TableView<LiveRushViewModel.SlotStockRow> rush = table("#rushTable");
        waitFor(15, () -> rush.getItems().stream().anyMatch(r -> r.slotId() == slotId && r.permitsLeft() == 1));

        // the day's report counts the sale, the payment and the refund
        LocalDate playDate = table.getItems().stream()
                .filter(r -> r.id() == reservationId)
                .findFirst()
                .orElseThrow()
                .slotDate();
        robot.clickOn("#nav-reports");
        DatePicker reportDate = robot.lookup("#reportDate").queryAs(DatePicker.class);
        robot.interact(() -> reportDate.setValue(playDate));
        robot.clickOn("#showReport");
        TableView<SalesFigures> report = table("#reportTable");
        waitFor(
                10,
                () -> report.getItems().size() == 1
                        && report.getItems().get(0).date().equals(playDate)
                        && report.getItems().get(0).sold() == 1);
        SalesFigures day = report.getItems().get(0);
        assertThat(List.of(day.paid(), day.refunded(), day.held())).containsExactly(1, 1, 0);
        assertThat(day.refundsYuan()).isEqualByComparingTo(day.revenueYuan()).isPositive();
        assertThat(robot.lookup("#reportSummary").queryLabeled().getText())
                .contains("1 sold")
                .contains("1 refunded");
    }

    @Test
    @Order(5)
    void theLanguageSwitchesToChineseAndBackAndTheRushIsStillThere() {
        robot.clickOn("#nav-rush");
        waitFor(
                15,
                () -> attemptsCharted() == 1
                        && robot.lookup("#rushSummary")
                                .queryLabeled()
                                .getText()
                                .contains("attempts: 1 from 1 students; places granted: 1"));
        robot.clickOn("#nav-courts"); // another screen, then back: nothing was lost
        robot.clickOn("#nav-rush");
        waitFor(15, () -> attemptsCharted() == 1);

        ChoiceBox<Locale> language = robot.lookup("#language").queryAs(ChoiceBox.class);
        robot.interact(() -> language.setValue(I18n.CHINESE));
        waitFor(
                10,
                () -> robot.lookup("#nav-courts")
                        .tryQuery()
                        .map(n -> ((ListCell<?>) n).getText())
                        .filter("场地"::equals)
                        .isPresent());
        robot.clickOn("#nav-rush");
        waitFor(
                15,
                () -> attemptsCharted() == 1
                        && robot.lookup("#rushSummary").queryLabeled().getText().contains("1 名学生尝试 1 次"));
        assertThat(robot.lookup("#rushRateChart")
                        .queryAs(LineChart.class)
                        .getXAxis()
                        .getLabel())
                .startsWith("距开放时间的秒数");
        robot.clickOn("#nav-openings");
        assertThat(robot.lookup("#generateSlots").queryButton().getText()).isEqualTo("生成时段");
        ChoiceBox<Locale> again = robot.lookup("#language").queryAs(ChoiceBox.class);
        robot.interact(() -> again.setValue(I18n.ENGLISH));
        waitFor(
                10,
                () -> robot.lookup("#nav-courts")
                        .tryQuery()
                        .map(n -> ((ListCell<?>) n).getText())
                        .filter("Courts"::equals)
                        .isPresent());
        // on the screen staff were on, in the other language (it once went back to the Board)
        assertThat(robot.lookup("#nav").queryListView().getSelectionModel().getSelectedIndex())
                .as("the screen shown after the switch")
                .isEqualTo(2);
        assertThat(robot.lookup("#generateSlots").queryButton().getText()).isEqualTo("Generate slots");
    }

    @Test
    @Order(6)
    void closingTheWindowSaysTheStudentsServiceStopsAndAsksFirst() {
        Stage stage = (Stage) node("#nav-courts").getScene().getWindow();
        // fired later, not inside interact: the question waits for an answer on the JavaFX thread
        Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
        waitFor(10, () -> robot.lookup("#destructiveConsequence").tryQuery().isPresent());
        assertThat(robot.lookup("#destructiveConsequence").queryLabeled().getText())
                .startsWith("Closing stops the students’ service on this computer")
                .containsPattern("Students who used it in the last 5 minutes: \\d+\\.");
        robot.clickOn("#dialogBack");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.isShowing())
                .as("the console stays open when staff step back")
                .isTrue();
        assertThat(app.engine().isRunning()).isTrue();
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
    @Order(11)
    void theStatusBarOpensAPosterOfTheAddressStudentsUseWithItsQrCode() {
        robot.clickOn("#addressPosterButton");
        waitFor(10, () -> robot.lookup("#addressPoster").tryQuery().isPresent());
        String shown = robot.lookup("#posterUrl").queryLabeled().getText();
        assertThat(shown).startsWith("http").endsWith("/");
        assertThat(robot.lookup("#posterQr")
                        .queryAs(javafx.scene.image.ImageView.class)
                        .getImage())
                .isNotNull();
        robot.clickOn(robot.lookup("#addressPoster .button-bar .button").queryAs(javafx.scene.control.Button.class));
    }

    @Test
    @Order(10)
    void theDeskChecksAStudentInWhenAScannerTypesTheirQrCode() throws Exception {
        // a paid booking of a slot that began five minutes ago: Bea stands at the desk with her phone
        Times.clearOfMidnight(Duration.ofMinutes(5));
        OpenSlot made = anOpenSlotOfTomorrow("Court C");
        long opening = made.opening();
        long slot = made.slot();
        call(
                "POST",
                "/admin/students",
                ADMIN,
                "{\"students\":[{\"studentId\":\"2024888\",\"password\":\"secret88\",\"name\":\"Bea\"},"
                        + "{\"studentId\":\"2024889\",\"password\":\"secret89\",\"name\":\"Bex Cy\"}]}");
        String bea = call("POST", "/auth/login", null, "{\"studentId\":\"2024888\",\"password\":\"secret88\"}")
                .path("data")
                .path("token")
                .asText();
        String trace = call("POST", "/reserve/", bea, "{\"sessionId\":" + opening + ",\"slotId\":" + slot + "}")
                .path("data")
                .path("traceId")
                .asText();
        waitForServer(
                15,
                () -> "SUCCESS"
                        .equals(unchecked(() -> call("GET", "/reserve/result/" + trace, bea, null)
                                .path("data")
                                .path("status")
                                .asText())));
        long booking = call("GET", "/reserve/result/" + trace, bea, null)
                .path("data")
                .path("reservationId")
                .asLong();
        String order = call("POST", "/pay/wechat/" + booking, bea, null)
                .path("data")
                .path("outTradeNo")
                .asText();
        call("POST", "/pay/wechat/mock-success/" + order, ADMIN, null);
        startedFiveMinutesAgo(made, booking);
        String qr = call("GET", "/reservations/" + booking + "/check-in", bea, null)
                .path("data")
                .path("qrText")
                .asText();

        // the screen opens with the scan field focused: the scanner types the code and Enter, no click
        robot.clickOn("#nav-checkIn");
        TableView<CheckInViewModel.Row> table = table("#checkInTable");
        waitFor(10, () -> table.getItems().stream().anyMatch(r -> r.reservationId() == booking));
        waitFor(5, () -> node("#checkInScan").isFocused());
        // a scanner is a keyboard: the code's characters, then Enter, into whatever has the focus
        robot.clickOn("#checkInScan").write(qr + "\n");
        resultSays("✓ Checked in: Bea (2024888)");
        waitFor(
                10,
                () -> table.getItems().stream()
                        .anyMatch(r -> r.reservationId() == booking && r.state().startsWith("checked in")));
        assertThat(robot.lookup("#checkInScan").queryAs(TextField.class).getText())
                .isEmpty();

        // the same code again (a screenshot passed on): refused where the desk looks
        robot.clickOn("#checkInScan").write(qr + "\n");
        resultSays("✗ Already checked in at");

        // taken back from the list, within the minute
        robot.interact(() -> table.getSelectionModel()
                .select(table.getItems().stream()
                        .filter(r -> r.reservationId() == booking)
                        .findFirst()
                        .orElseThrow()));
        robot.clickOn("#checkInUndo");
        resultSays("Check-in taken back");
        waitFor(10, () -> table.getItems().stream().anyMatch(r -> r.reservationId() == booking && r.canCheckIn()));

        // Cy walks in: the slot's other place, booked at the desk, paid there and checked in
        robot.clickOn("#walkIn");
        waitFor(
                10,
                () -> robot.lookup("#walkInSlot").tryQuery().isPresent()
                        && robot.lookup("#walkInSlot").queryComboBox().getValue() != null);
        robot.clickOn("#walkInByCard").clickOn("#walkInStudent").write("2024889");
        robot.clickOn("#dialogOk");
        resultSays("✓ Walk-in booked: take ¥20.00 (Card at the desk)");
        waitFor(
                10,
                () -> table.getItems().stream()
                        .anyMatch(r ->
                                "2024889".equals(r.studentId()) && r.state().startsWith("checked in")));
    }

    /**
     * The board (issue 52), on the state the check-in left: today's running slot of Court C holds Bea (paid, her
     * check-in taken back) and Cy (a walk-in, checked in). Found by a part of her name (with Bex Cy's: picked from a list), her cell is marked and
     * focused; Enter opens what can be done there, and checking her in shows on the board at its next read.
     */
    @Test
    @Order(13)
    void theBoardShowsTodaysBookingsFindsOneByPartOfANameAndChecksItIn() throws Exception {
        robot.clickOn("#nav-board");
        waitFor(15, () -> cellSaying("Bea (2024888)") != null && cellSaying("Cy (2024889)") != null);
        assertThat(cellSaying("Cy (2024889)").getAccessibleText()).contains("Walk-in");
        assertThat(cellSaying("Bea (2024888)").getAccessibleText()).contains("Paid");

        // "Be" names Bea and Bex Cy: the two to pick from, in a list the board below does not squeeze
        robot.clickOn("#boardSearch").write("Be").type(KeyCode.ENTER);
        waitFor(10, () -> robot.lookup("#boardFound").queryLabeled().getText().equals("2 found"));
        ListView<?> results = robot.lookup("#boardResults").queryAs(ListView.class);
        waitFor(5, results::isVisible);
        assertThat(results.getHeight()).as("the results list's height").isGreaterThanOrEqualTo(90);
        List<?> rows = List.copyOf(results.getItems());
        int beaRow = java.util.stream.IntStream.range(0, rows.size())
                .filter(i -> rows.get(i).toString().contains("2024888"))
                .findFirst()
                .orElseThrow();
        robot.interact(() -> {
            results.getSelectionModel().select(beaRow);
            results.requestFocus();
        });
        robot.type(KeyCode.ENTER);
        waitFor(10, () -> cellSaying("Bea (2024888)").getStyleClass().contains("board-cell-found"));
        javafx.scene.control.Button bea = cellSaying("Bea (2024888)");
        waitFor(5, bea::isFocused);
        robot.type(KeyCode.SPACE); // the focused cell opens its menu, as a click does
        waitFor(5, () -> menuItem("Check in") != null);
        // something changes elsewhere on the board while the menu is open (Cy's check-in time): the menu stays
        org.springframework.jdbc.core.JdbcTemplate jdbc =
                app.engine().getBean(org.springframework.jdbc.core.JdbcTemplate.class);
        jdbc.update("update reservation set checked_in_time = timestampadd(MINUTE, -1, checked_in_time) where id = "
                + "(select r.id from reservation r join user_account u on u.id = r.user_id "
                + "where u.student_id = '2024889' and r.checked_in_time is not null)");
        String cyBefore = cellSaying("Cy (2024889)").getAccessibleText();
        Thread.sleep(BoardScreen.REFRESH.toMillis() * 2 + 500);
        assertThat(menuItem("Check in"))
                .as("the open menu, after the board read a change")
                .isNotNull();
        robot.clickOn(menuItem("Check in"));
        waitFor(
                15,
                () -> cellSaying("Bea (2024888)") != null
                        && cellSaying("Bea (2024888)").getAccessibleText().contains("In "));
        assertThat(cellSaying("Cy (2024889)").getAccessibleText())
                .as("what changed while the menu was open, on the board once it closed")
                .isNotEqualTo(cyBefore);

        // a search that finds nothing says so whole, and leaves the board's buttons whole
        TextField search = robot.lookup("#boardSearch").queryAs(TextField.class);
        robot.interact(search::clear);
        robot.clickOn("#boardSearch").write("zzz").type(KeyCode.ENTER);
        waitFor(10, () -> robot.lookup("#boardFound").queryLabeled().getText().startsWith("Nothing played"));
        assertThat(clippedOnScreen(I18n.ENGLISH, "board")).isEmpty();
    }

    /** The item of a shown context menu that reads {@code text}, or null. */
    static Node menuItem(String text) {
        return robot.lookup(".context-menu .menu-item").queryAll().stream()
                .filter(item -> item.lookupAll(".label").stream()
                        .anyMatch(label -> label instanceof javafx.scene.control.Labeled labeled
                                && text.equals(labeled.getText())))
                .findFirst()
                .orElse(null);
    }

    /** The board's cell whose text names {@code who}, or null. */
    static javafx.scene.control.Button cellSaying(String who) {
        return robot.lookup(".board-cell").queryAllAs(javafx.scene.control.Button.class).stream()
                .filter(cell -> cell.getAccessibleText() != null
                        && cell.getAccessibleText().contains(who))
                .findFirst()
                .orElse(null);
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

    /**
     * Every screen and every dialog of the console at each of the gym's hours ({@link AtGymHours}: late evening, just
     * after midnight, the small hours, a second before a 13:00 flash), in a 1280×720 window (a desk's screen), each
     * hour in one of the two languages — every view read at every hour, each language at two: no label, button,
     * header or cell cut short, no character alone on a line, and no code where words belong (issue 54), whatever the
     * hour (issue 83). The views are listed in {@link #views}: a new screen or dialog is covered by one line there.
     */
    @ParameterizedTest(name = "at {0} in {1}")
    @MethodSource("hoursAndLanguages")
    @Order(14)
    void everyScreenAndDialogReadsWholeAndInWordsAt1280x720AtEveryHour(LocalTime hour, Locale locale) throws Exception {
        TestClock.GYM.at(hour);
        Stage stage = (Stage) node("#nav-courts").getScene().getWindow();
        double width = stage.getWidth();
        double height = stage.getHeight();
        List<String> found = new ArrayList<>();
        try {
            Walk walk = Walk.prepare(++walks);
            switchTo(locale);
            robot.interact(() -> {
                stage.setWidth(1280);
                stage.setHeight(720);
            });
            for (View view : views(locale, walk)) {
                found.addAll(view.read(locale));
            }
        } finally {
            switchTo(I18n.ENGLISH);
            robot.interact(() -> {
                stage.setWidth(width);
                stage.setHeight(height);
            });
            TestClock.GYM.reset();
        }
        assertThat(found)
                .as("text cut short, a character alone on a line, or a code instead of words, at 1280×720 at " + hour)
                .isEmpty();
    }

    /** Each of the gym's hours, in Chinese and English by turns. */
    static Stream<Arguments> hoursAndLanguages() {
        List<Locale> languages = List.of(I18n.CHINESE, I18n.ENGLISH);
        return IntStream.range(0, AtGymHours.HOURS.size())
                .mapToObj(i -> Arguments.of(AtGymHours.HOURS.get(i), languages.get(i % 2)));
    }

    /** How many walks were prepared: each has students and courts of its own. */
    static int walks;

    /**
     * What a walk reads on the board, made at the hour it walks at: an unpaid booking of tomorrow ({@code unpaid}'s:
     * cancel, take the payment), a paid booking of a slot running now ({@code paid}'s: refund) and a free place of
     * another slot running now (a walk-in).
     */
    record Walk(String unpaid, String paid) {

        static Walk prepare(int number) throws Exception {
            String unpaid = "20249" + (50 + number);
            String paid = "20248" + (50 + number);
            call(
                    "POST",
                    "/admin/students",
                    ADMIN,
                    "{\"students\":[{\"studentId\":\"" + unpaid + "\",\"password\":\"secret90\",\"name\":\"Dee\"},"
                            + "{\"studentId\":\"" + paid + "\",\"password\":\"secret88\",\"name\":\"Bea\"}]}");
            Times.clearOfMidnight(Duration.ofMinutes(5)); // the slots running now below began up to five minutes ago
            OpenSlot tomorrows = anOpenSlotOfTomorrow("Court D" + number);
            booked(unpaid, "secret90", tomorrows);
            OpenSlot running = anOpenSlotOfTomorrow("Court B" + number);
            long paidBooking = booked(paid, "secret88", running);
            String bea = token(paid, "secret88");
            String order = call("POST", "/pay/wechat/" + paidBooking, bea, null)
                    .path("data")
                    .path("outTradeNo")
                    .asText();
            call("POST", "/pay/wechat/mock-success/" + order, ADMIN, null);
            startedFiveMinutesAgo(running, paidBooking);
            aFreeSlotRunningNow("Court W" + number);
            return new Walk(unpaid, paid);
        }

        private static String token(String studentId, String password) throws Exception {
            return call(
                            "POST",
                            "/auth/login",
                            null,
                            "{\"studentId\":\"" + studentId + "\",\"password\":\"" + password + "\"}")
                    .path("data")
                    .path("token")
                    .asText();
        }

        /** {@code studentId} books the slot (recorded), answering the booking's id. */
        private static long booked(String studentId, String password, OpenSlot slot) throws Exception {
            String token = token(studentId, password);
            JsonNode reserved = call(
                    "POST",
                    "/reserve/",
                    token,
                    "{\"sessionId\":" + slot.opening() + ",\"slotId\":" + slot.slot() + "}");
            String trace = reserved.path("data").path("traceId").asText();
            assertThat(trace).as(reserved.toString()).isNotEmpty();
            waitForServer(
                    15,
                    () -> "SUCCESS"
                            .equals(unchecked(() -> call("GET", "/reserve/result/" + trace, token, null)
                                    .path("data")
                                    .path("status")
                                    .asText())));
            return call("GET", "/reserve/result/" + trace, token, null)
                    .path("data")
                    .path("reservationId")
                    .asLong();
        }
    }

    /** Moves an {@link OpenSlot} and its booking to a slot of today that began five minutes ago, booked before. */
    static void startedFiveMinutesAgo(OpenSlot made, long booking) {
        LocalDateTime start = Times.now().minusMinutes(5).withNano(0);
        org.springframework.jdbc.core.JdbcTemplate jdbc =
                app.engine().getBean(org.springframework.jdbc.core.JdbcTemplate.class);
        jdbc.update(
                "update time_slot set slot_date = ?, start_time = ?, end_time = ? where id = ?",
                start.toLocalDate(),
                start.toLocalTime().toString(),
                start.toLocalTime().plusMinutes(50).isAfter(start.toLocalTime())
                        ? start.toLocalTime().plusMinutes(50).toString()
                        : "23:59:59",
                made.slot());
        jdbc.update("update reserve_session set session_date = ? where id = ?", start.toLocalDate(), made.opening());
        // booked before it began (a booking made after the start is a walk-in)
        jdbc.update(
                "update reservation set create_time = ?, slot_date = ? where id = ?",
                start.minusHours(1),
                start.toLocalDate(),
                booking);
        app.engine().getBean(com.courtrush.slot.SlotCatalog.class).invalidateAll();
    }

    /** The start and end ("18:02–18:52") of Court W's slot running now with its places free: it takes walk-ins. */
    static String freeNow;

    /** An opening already open for tomorrow with one 09:00 slot of two places on a new court. */
    record OpenSlot(long opening, long slot) {}

    /** Makes an {@link OpenSlot} on a court named {@code courtName}, its opening's flash time now. */
    static OpenSlot anOpenSlotOfTomorrow(String courtName) throws Exception {
        LocalDate tomorrow = Times.tomorrow();
        long court = call("POST", "/admin/courts", ADMIN, "{\"courtName\":\"" + courtName + "\"}")
                .path("data")
                .path("id")
                .asLong();
        long opening = call(
                        "POST",
                        "/admin/sessions",
                        ADMIN,
                        "{\"sessionDate\":\"" + tomorrow + "\",\"flashTime\":\""
                                + Times.now().withNano(0) + "\",\"perUserLimit\":2}")
                .path("data")
                .path("id")
                .asLong();
        long slot = call(
                        "POST",
                        "/admin/sessions/" + opening + "/slots/generate",
                        ADMIN,
                        "{\"courtIds\":[" + court + "],\"startTime\":\"09:00\",\"endTime\":\"10:00\","
                                + "\"durationMinutes\":60,\"capacity\":2,\"priceCents\":2000}")
                .path("data")
                .path("slotIds")
                .get(0)
                .asLong();
        return new OpenSlot(opening, slot);
    }

    /**
     * A slot of Court W running now with its two places free: on today's board, a cell whose menu books a walk-in
     * (an unpaid booking cannot wait there: one not paid by its slot's start is cancelled).
     */
    static void aFreeSlotRunningNow(String courtName) throws Exception {
        Times.clearOfMidnight(Duration.ofMinutes(3));
        OpenSlot made = anOpenSlotOfTomorrow(courtName);
        long opening = made.opening();
        long slot = made.slot();
        LocalTime start =
                Times.now().toLocalTime().minusMinutes(3).withSecond(0).withNano(0);
        LocalTime end = start.plusMinutes(50).isAfter(start) ? start.plusMinutes(50) : LocalTime.of(23, 59);
        freeNow = start + "–" + end;
        org.springframework.jdbc.core.JdbcTemplate jdbc =
                app.engine().getBean(org.springframework.jdbc.core.JdbcTemplate.class);
        jdbc.update(
                "update time_slot set slot_date = ?, start_time = ?, end_time = ? where id = ?",
                Times.today(),
                start.toString(),
                end.toString(),
                slot);
        jdbc.update("update reserve_session set session_date = ? where id = ?", Times.today(), opening);
        app.engine().getBean(com.courtrush.slot.SlotCatalog.class).invalidateAll();
    }

    /**
     * What staff look at, in the order walked: each screen, then the dialogs it opens (with what must be chosen
     * first). One line per screen or dialog.
     */
    static List<View> views(Locale locale, Walk walk) {
        return List.of(
                // a cell's menu, and what its items ask: Dee's unpaid booking (tomorrow's), Bea's paid one, free places
                screen("board", () -> {
                    fire("#boardToday");
                    fire("#boardDayOn");
                    waitFor(15, () -> cellOf(walk.unpaid()) != null);
                }),
                menu("board/menuUnpaid", walk.unpaid()),
                boardItem("board/takePayment", walk.unpaid(), "board-doTakePayment"),
                boardItem("board/cancel", walk.unpaid(), "board-doCancel"),
                screen("board/today", () -> {
                    fire("#boardToday");
                    waitFor(15, () -> cellOf(walk.paid()) != null && cellOf(FREE_NOW) != null);
                }),
                menu("board/menuPaid", walk.paid()),
                boardItem("board/refund", walk.paid(), "board-doRefund"),
                menu("board/menuFree", FREE_NOW),
                boardItem("board/walkIn", FREE_NOW, "board-doWalkIn"),
                dialog("board/walkInPayment", () -> walkInAnswered(walk.unpaid())),
                screen("courts", () -> select("#courtsTable", 0)),
                dialog("courts/rename", "#renameCourt"),
                screen("openings", () -> select("#openingsTable", 0)),
                screen("openings/template", () -> tab("tabTemplate")),
                screen("openings/slots", () -> {
                    tab("tabNewOpening");
                    select("#slotsTable", 0);
                }),
                dialog("openings/editSlot", "#editSlot"),
                dialog("openings/withdraw", "#withdrawSlot"),
                // an opening whose flash time is past is asked about first; one whose play date is past is refused
                dialog("openings/flashPassed", () -> createOpeningAt(null)),
                new View(
                        "openings/datePast",
                        () -> createOpeningAt(Times.today().minusDays(1)),
                        Kind.DIALOG,
                        pane -> assertThat(pane.getId()).isEqualTo("errorDialog")),
                screen("openings/again", ConsoleUiTest::openingsAsBefore),
                screen("rules", () -> select("#rulesTable", 0)),
                screen("rush"),
                screen("queues"),
                screen("checkIn"),
                dialog("checkIn/walkIn", "#walkIn"),
                screen("till"),
                dialog("till/close", "#tillClose"),
                screen("reservations", () -> {
                    fire("#anyDate");
                    fire("#searchReservations");
                    waitFor(10, () -> rowOf(ReservationStatus.PENDING_PAYMENT) >= 0);
                    select("#reservationsTable", rowOf(ReservationStatus.PENDING_PAYMENT));
                }),
                dialog("reservations/cancel", "#cancelReservation"),
                dialog("reservations/markPaid", "#markPaid"),
                screen("reservations/paid", () -> select("#reservationsTable", rowOf(ReservationStatus.CONFIRMED))),
                dialog("reservations/refund", "#refundReservation"),
                dialog("reservations/refundPart", "#refundPart"),
                screen("reports", () -> fire("#showReport")),
                screen("students", () -> {
                    fire("#searchStudents");
                    waitFor(10, () -> !table("#studentsTable").getItems().isEmpty());
                    select("#studentsTable", 0);
                }),
                dialog("students/resetPassword", "#resetPassword", ConsoleUiTest::aBlankAnswerIsRefusedVisibly),
                dialog("students/strikes", "#studentStrikes"),
                dialog("students/share", "#studentShare"),
                screen("audit", () -> fire("#showAudit")),
                screen("staff", () -> select("#staffTable", 0)),
                dialog("staff/resetPassword", "#resetStaffPassword"),
                screen("reconcile"),
                screen("settings", () -> {
                    theAdminTokenIsMaskedUntilAskedFor();
                    // on or off: ticked, not typed as 1/0 or true/false; saved at the top, where staff are
                    assertThat(node("#setting-NO_SHOW_REFUND")).isInstanceOf(CheckBox.class);
                    assertThat(node("#setting-courtrush-limits-per-ip-enabled")).isInstanceOf(CheckBox.class);
                    assertThat(node("#saveLive").localToScene(0, 0).getY())
                            .isLessThan(node("#payTimeout").localToScene(0, 0).getY());
                }),
                // a backup made now: the restore shows what it holds, and asks before restoring (stepped back from)
                screen("settings/restore", ConsoleUiTest::aBackupMadeAndChosen),
                dialog("settings/restoreAsk", "#restoreBackup"),
                dialog("poster", "#addressPosterButton"),
                dialog("closeWindow", () -> {
                    Stage stage = (Stage) node("#nav-courts").getScene().getWindow();
                    Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
                }),
                dialog("firstStart", () -> Platform.runLater(() -> deskSignIn(locale, false))),
                dialog("signIn", () -> Platform.runLater(() -> deskSignIn(locale, true))));
    }

    /** What a view is: a screen of the window, a dialog it opens, or a menu shown over it. */
    enum Kind {
        SCREEN,
        DIALOG,
        MENU
    }

    /** A screen, dialog or menu to read: how to open it from where the walk is, and what it is. */
    record View(String name, Runnable open, Kind kind, Consumer<DialogPane> also) {

        List<String> read(Locale locale) {
            Set<Window> before = new HashSet<>(robot.listWindows());
            open.run();
            settle();
            Parent root;
            DialogPane pane = null;
            ContextMenu menu = null;
            if (kind == Kind.DIALOG) {
                waitFor(10, () -> newDialog(before) != null);
                pane = newDialog(before);
                root = pane.getScene().getRoot();
            } else if (kind == Kind.MENU) {
                waitFor(10, () -> shownMenu() != null);
                menu = shownMenu();
                root = menu.getScene().getRoot();
            } else {
                root = node("#nav-courts").getScene().getRoot();
            }
            Parent read = root;
            List<String> found = unchecked(() -> WaitForAsyncUtils.asyncFx(() -> {
                                List<String> all = new ArrayList<>(ClippedText.in(read));
                                all.addAll(UntranslatedText.in(read));
                                saveScreenshot(read, locale.getLanguage() + "-" + name.replace('/', '-'));
                                return all;
                            })
                            .get())
                    .stream()
                    .map(line -> "[" + locale.getLanguage() + "] " + name + ": " + line)
                    .toList();
            if (pane != null) {
                also.accept(pane);
                close(pane);
            }
            if (menu != null) {
                robot.interact(menu::hide);
                settle();
            }
            return found;
        }
    }

    /**
     * What the walk read, as a picture to look at: target/console-screenshots/{zh,en}-&lt;view&gt;.png (the issue's "screenshots
     * of every screen and dialog"). On the JavaFX thread.
     */
    static void saveScreenshot(Parent root, String name) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "console-screenshots"));
            javafx.scene.image.WritableImage shot = root.getScene().snapshot(null);
            javax.imageio.ImageIO.write(
                    javafx.embed.swing.SwingFXUtils.fromFXImage(shot, null),
                    "png",
                    dir.resolve(name + ".png").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("screenshot " + name, e);
        }
    }

    static View screen(String name) {
        return screen(name, () -> {});
    }

    /** A screen ({@code nav-} id before any "/"), and what is chosen on it before it is read. */
    static View screen(String name, Runnable then) {
        String nav = name.contains("/") ? name.substring(0, name.indexOf('/')) : name;
        return new View(
                name,
                () -> {
                    if (!name.contains("/")) {
                        robot.clickOn("#nav-" + nav);
                        settle();
                    }
                    then.run();
                },
                Kind.SCREEN,
                pane -> {});
    }

    /** A dialog opened by a button of the screen shown. */
    static View dialog(String name, String button) {
        return dialog(name, button, pane -> {});
    }

    static View dialog(String name, String button, Consumer<DialogPane> also) {
        return new View(name, () -> fire(button), Kind.DIALOG, also);
    }

    static View dialog(String name, Runnable open) {
        return new View(name, open, Kind.DIALOG, pane -> {});
    }

    /** The menu of the board's cell whose booking is {@code studentId}'s, opened as a click opens it. */
    static View menu(String name, String studentId) {
        return new View(name, () -> openMenuOf(studentId), Kind.MENU, pane -> {});
    }

    /** The dialog an item ({@code itemId}) of the menu of {@code studentId}'s cell opens. */
    static View boardItem(String name, String studentId, String itemId) {
        return dialog(name, () -> chooseFromMenu(studentId, itemId));
    }

    static void openMenuOf(String studentId) {
        waitFor(15, () -> cellOf(studentId) != null);
        // looked up where it is pressed: the board is laid out anew at each of its reads while no menu is open
        Platform.runLater(() -> cellOf(studentId).fire());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Chooses an item of a cell's menu: the menu closes, and what the item asks waits on the JavaFX thread. */
    static void chooseFromMenu(String studentId, String itemId) {
        openMenuOf(studentId);
        waitFor(10, () -> shownMenu() != null);
        ContextMenu menu = shownMenu();
        javafx.scene.control.MenuItem item = menu.getItems().stream()
                .filter(i -> itemId.equals(i.getId()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + itemId + " in the menu of " + studentId));
        Platform.runLater(() -> {
            menu.hide();
            item.fire();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The walk-in of the free cell asked, answered with {@code studentId}: what it costs is asked next. */
    static void walkInAnswered(String studentId) {
        Set<Window> before = new HashSet<>(robot.listWindows());
        chooseFromMenu(FREE_NOW, "board-doWalkIn");
        waitFor(10, () -> newDialog(before) != null);
        DialogPane ask = newDialog(before);
        Window asking = ask.getScene().getWindow();
        robot.interact(() -> ((TextField) ask.lookup("#dialogInput")).setText(studentId));
        Platform.runLater(((Button) ask.lookup("#dialogOk"))::fire);
        waitFor(10, () -> !asking.isShowing());
    }

    /** Names the free cell of a slot running now ({@link #freeNow}) where a student id names a booking's cell. */
    static final String FREE_NOW = "free now";

    /** The board's cell of {@code who}'s booking, or the free one running now ({@link #FREE_NOW}); null if none. */
    static javafx.scene.control.Button cellOf(String who) {
        if (!FREE_NOW.equals(who)) {
            return cellSaying(who);
        }
        return robot.lookup(".board-cell").queryAllAs(javafx.scene.control.Button.class).stream()
                .filter(cell -> cell.getStyleClass().contains("board-free")
                        && cell.getAccessibleText() != null
                        && cell.getAccessibleText().startsWith(freeNow))
                .findFirst()
                .orElse(null);
    }

    /** The context menu shown, or null. */
    static ContextMenu shownMenu() {
        return unchecked(() -> WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                        .filter(w -> w instanceof ContextMenu && w.isShowing())
                        .map(w -> (ContextMenu) w)
                        .findFirst()
                        .orElse(null))
                .get());
    }

    /** The play date, flash date and time of the Openings screen before the walk created openings in the past. */
    static final List<Object> openingsBefore = new ArrayList<>();

    /**
     * Creates an opening on the Openings screen as staff would, its flash time yesterday morning (past: asked about
     * first), for {@code playDate} (null: the date shown). With a play date, the question is answered yes, so the
     * engine's refusal shows.
     */
    static void createOpeningAt(LocalDate playDate) {
        tab("tabNewOpening");
        DatePicker date = robot.lookup("#openingDate").queryAs(DatePicker.class);
        DatePicker flashDate = robot.lookup("#flashDate").queryAs(DatePicker.class);
        TextField flashTime = robot.lookup("#flashTime").queryAs(TextField.class);
        LocalDate yesterday = Times.today().minusDays(1);
        robot.interact(() -> {
            if (openingsBefore.isEmpty()) {
                openingsBefore.addAll(List.of(date.getValue(), flashDate.getValue(), flashTime.getText()));
            }
            if (playDate != null) {
                date.setValue(playDate);
            }
            flashDate.setValue(yesterday);
            flashTime.setText("08:00");
        });
        settle();
        Set<Window> before = new HashSet<>(robot.listWindows());
        fire("#createOpening");
        if (playDate == null) {
            return;
        }
        waitFor(10, () -> newDialog(before) != null);
        DialogPane asked = newDialog(before);
        Window asking = asked.getScene().getWindow();
        ButtonType yes = asked.getButtonTypes().stream()
                .filter(type -> type.getButtonData().isDefaultButton())
                .findFirst()
                .orElseThrow();
        Platform.runLater(((Button) asked.lookupButton(yes))::fire);
        waitFor(10, () -> !asking.isShowing());
    }

    /** The Openings screen back on the dates it showed before the walk's openings in the past. */
    static void openingsAsBefore() {
        DatePicker date = robot.lookup("#openingDate").queryAs(DatePicker.class);
        DatePicker flashDate = robot.lookup("#flashDate").queryAs(DatePicker.class);
        TextField flashTime = robot.lookup("#flashTime").queryAs(TextField.class);
        robot.interact(() -> {
            date.setValue((LocalDate) openingsBefore.get(0));
            flashDate.setValue((LocalDate) openingsBefore.get(1));
            flashTime.setText((String) openingsBefore.get(2));
        });
        openingsBefore.clear();
        settle();
    }

    /** A backup made from the Backups section, then chosen in the restore: what it holds is read. */
    static void aBackupMadeAndChosen() {
        javafx.scene.control.ComboBox<String> choice =
                robot.lookup("#restoreChoice").queryAs(javafx.scene.control.ComboBox.class);
        int had = choice.getItems().size();
        fire("#backUpNow");
        waitFor(60, () -> choice.getItems().size() > had);
        javafx.scene.control.Label contents =
                robot.lookup("#restoreContents").queryAs(javafx.scene.control.Label.class);
        robot.interact(() -> choice.getSelectionModel().select(0));
        waitFor(30, () -> !contents.getText().isEmpty());
        assertThat(node("#restoreBackup").isDisabled())
                .as("Restore…, once a backup is read")
                .isFalse();
        settle();
    }

    /** The dialog shown since {@code before}, or null. */
    static DialogPane newDialog(Set<Window> before) {
        return unchecked(() -> WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
                        .filter(w -> w instanceof Stage && w.isShowing() && !before.contains(w))
                        .map(w -> w.getScene().getRoot())
                        .filter(root -> root instanceof DialogPane)
                        .map(root -> (DialogPane) root)
                        .findFirst()
                        .orElse(null))
                .get());
    }

    /** Closes a dialog the way staff step back: its cancelling button, else its only one. */
    static void close(DialogPane pane) {
        ButtonType back = pane.getButtonTypes().stream()
                .filter(type -> type.getButtonData().isCancelButton())
                .findFirst()
                .orElse(pane.getButtonTypes().get(0));
        Window window = pane.getScene().getWindow();
        robot.interact(() -> ((Button) pane.lookupButton(back)).fire());
        waitFor(10, () -> !window.isShowing());
    }

    /** Presses a button without showing it first: a dialog it opens waits on the JavaFX thread. */
    static void fire(String query) {
        Button button = robot.lookup(query).queryButton();
        Platform.runLater(button::fire);
        WaitForAsyncUtils.waitForFxEvents();
    }

    static void select(String query, int row) {
        TableView<?> table = table(query);
        waitFor(10, () -> table.getItems().size() > row);
        robot.interact(() -> table.getSelectionModel().select(row));
        settle();
    }

    static void tab(String id) {
        robot.clickOn(robot.lookup(".tab").match(n -> id.equals(n.getId())).queryAs(Node.class));
        settle();
    }

    /** The first row of the reservations found with {@code status}, or -1. */
    static int rowOf(ReservationStatus status) {
        List<ReservationRow> rows = List.copyOf(
                ConsoleUiTest.<ReservationRow>table("#reservationsTable").getItems());
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).status() == status) {
                return i;
            }
        }
        return -1;
    }

    /** Switches the console's language from its header, and waits for the window in it. */
    static void switchTo(Locale locale) {
        ChoiceBox<Locale> language = robot.lookup("#language").queryAs(ChoiceBox.class);
        robot.interact(() -> language.setValue(locale));
        String courts = I18n.of(locale).t("nav.courts");
        waitFor(
                10,
                () -> robot.lookup("#nav-courts")
                        .tryQuery()
                        .map(n -> ((ListCell<?>) n).getText())
                        .filter(courts::equals)
                        .isPresent());
    }

    /**
     * The sign-in dialog, or the first start's (a new installation's: no manager yet), as the console shows it;
     * answered by the walk with its exit button, so nobody signs in or is created.
     */
    static void deskSignIn(Locale locale, boolean hasManager) {
        StaffAccountDesk accounts = Mockito.mock(StaffAccountDesk.class);
        Mockito.when(accounts.hasManager()).thenReturn(hasManager);
        // the longest hint: the campus directory's staff sign in here too
        Mockito.when(accounts.directoryChecksPasswords()).thenReturn(Optional.of(""));
        I18n i18n = I18n.of(locale);
        DeskSignIn.ask(node("#nav-courts").getScene().getWindow(), i18n, new DeskSignInViewModel(accounts, i18n));
    }

    /** A question's OK stays off on a blank answer, and a red line says an answer is needed (issue 54). */
    static void aBlankAnswerIsRefusedVisibly(DialogPane pane) {
        assertThat(pane.lookup("#dialogOk").isDisabled())
                .as("OK on a blank answer")
                .isTrue();
        assertThat(pane.lookup("#answerRequired").isVisible())
                .as("the line saying an answer is needed")
                .isTrue();
    }

    /** The admin token is masked until asked for. */
    static void theAdminTokenIsMaskedUntilAskedFor() {
        TextField token = robot.lookup("#adminToken").queryAs(TextField.class);
        waitFor(10, () -> !token.getText().isEmpty());
        assertThat(token.getText()).isEqualTo("•".repeat(16));
        javafx.scene.control.ToggleButton show =
                robot.lookup("#showToken").queryAs(javafx.scene.control.ToggleButton.class);
        robot.interact(show::fire);
        assertThat(token.getText()).isEqualTo(ADMIN);
        robot.interact(show::fire);
        assertThat(token.getText()).doesNotContain(ADMIN);
    }

    @Test
    @Order(15)
    void aStaffMemberOfTheCampusDirectorySignsInAtTheConsoleWithTheDirectorysPassword() throws Exception {
        // the route of SPEC §18 at the console: LDAP bind, the directory's password typed in the console's own form
        InMemoryDirectoryServerConfig config = new InMemoryDirectoryServerConfig("dc=campus,dc=example");
        config.setListenerConfigs(
                InMemoryListenerConfig.createLDAPConfig("ldap", InetAddress.getLoopbackAddress(), 0, null));
        InMemoryDirectoryServer directory = new InMemoryDirectoryServer(config);
        try (InputStream ldif = ConsoleUiTest.class.getResourceAsStream("/ldap/desk.ldif")) {
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
        } finally {
            directory.shutDown(true);
        }
    }

    /** Signs whoever is at the desk out, and {@code id} in through the console's sign-in dialog. */
    private static void signOutAndSignIn(String id, String password) {
        robot.clickOn("#signOut");
        waitFor(10, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
        robot.clickOn("#signInId").write(id);
        robot.clickOn("#signInPassword").write(password);
        robot.clickOn("#signInOk");
    }

    private static void text(String query, String value) {
        robot.lookup(query).queryAs(TextField.class).setText(value);
    }

    /** Waits for the check-in screen's result to begin with {@code start}; says what it was if it does not. */
    static void resultSays(String start) {
        try {
            waitFor(
                    10,
                    () -> robot.lookup("#checkInResult")
                            .queryLabeled()
                            .getText()
                            .startsWith(start));
        } catch (AssertionError notYet) {
            assertThat(robot.lookup("#checkInResult").queryLabeled().getText()).startsWith(start);
        }
    }

    static List<String> clippedOnScreen(Locale locale, String screen) {
        try {
            return WaitForAsyncUtils.asyncFx(
                            () -> ClippedText.in(node("#nav-courts").getScene().getRoot()))
                    .get()
                    .stream()
                    .map(line -> "[" + locale.getLanguage() + "] " + screen + ": " + line)
                    .toList();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    // --- helpers --------------------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    static <T> TableView<T> table(String query) {
        return robot.lookup(query).queryAs(TableView.class);
    }

    /**
     * Lets the screen load what it asks the engine for, and lay it out: the console's background tasks idle at two
     * looks 60 ms apart, with the JavaFX events in between handled (a task a handler started is counted at once), then
     * a few pulses for the layout. Never longer than five seconds (a screen that polls is never idle for long).
     */
    static void settle() {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        int quiet = 0;
        while (quiet < 2 && System.nanoTime() < deadline) {
            WaitForAsyncUtils.waitForFxEvents();
            quiet = app.tasks().idle() ? quiet + 1 : 0;
            WaitForAsyncUtils.sleep(60, TimeUnit.MILLISECONDS);
        }
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.sleep(100, TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The attempts the live view's chart shows, all seconds together. */
    @SuppressWarnings("unchecked")
    static double attemptsCharted() {
        LineChart<Number, Number> chart = robot.lookup("#rushRateChart").queryAs(LineChart.class);
        return chart.getData().get(0).getData().stream()
                .mapToDouble(point -> point.getYValue().doubleValue())
                .sum();
    }

    static ReservationStatus status(TableView<ReservationRow> table) {
        return table.getItems().stream()
                .filter(r -> r.id() == reservationId)
                .findFirst()
                .map(ReservationRow::status)
                .orElse(null);
    }

    static JsonNode call(String method, String path, String token, String body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        return json.readTree(response.body());
    }

    interface Call<T> {
        T get() throws Exception;
    }

    static <T> T unchecked(Call<T> call) {
        try {
            return call.get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Polls a condition on the screen. It is read on the JavaFX thread, so between two of the
     * console's updates, never in the middle of one (a table already refreshed, its totals not yet).
     */
    static void waitFor(int seconds, BooleanSupplier condition) {
        poll(seconds, () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
    }

    /** Polls a condition on the server (an HTTP call), from the test's own thread. */
    static void waitForServer(int seconds, BooleanSupplier condition) {
        poll(seconds, condition::getAsBoolean);
    }

    private static void poll(int seconds, Callable<Boolean> condition) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition);
        } catch (Exception e) {
            throw new AssertionError("condition not met within " + seconds + " s", e);
        }
    }

    static Node node(String query) {
        return robot.lookup(query).query();
    }
}
