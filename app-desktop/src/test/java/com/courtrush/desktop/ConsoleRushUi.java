package com.courtrush.desktop;

import static com.courtrush.desktop.ConsoleUi.ADMIN;
import static com.courtrush.desktop.ConsoleUi.app;
import static com.courtrush.desktop.ConsoleUi.atTheDesk;
import static com.courtrush.desktop.ConsoleUi.call;
import static com.courtrush.desktop.ConsoleUi.node;
import static com.courtrush.desktop.ConsoleUi.robot;
import static com.courtrush.desktop.ConsoleUi.table;
import static com.courtrush.desktop.ConsoleUi.unchecked;
import static com.courtrush.desktop.ConsoleUi.waitFor;
import static com.courtrush.desktop.ConsoleUi.waitForServer;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.audit.api.AuditEntry;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.openings.OpeningRow;
import com.courtrush.desktop.openings.SlotRow;
import com.courtrush.desktop.rush.LiveRushViewModel;
import com.courtrush.desktop.ui.Widgets;
import com.courtrush.report.api.SalesFigures;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.support.Times;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An opening's day at the console: a court, an opening and its slots made on the screens, a student's booking seen
 * live, paid at the desk and refunded, in the day's report, and the console in Chinese and back.
 */
@Order(1)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleRushUi {

    static String studentToken;
    static long reservationId;
    static String orderNo;
    static long slotId;
    static long secondSlotId;
    static long openingId;

    @BeforeAll
    static void atTheDeskFirst() throws Exception {
        atTheDesk();
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
        TableView<OpeningRow> openings = table("#openingsTable");
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
        TableView<SlotRow> slots = table("#slotsTable");
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
                .startsWith("Ann (2024777)");
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
                .as("the screen shown after the switch: Slots & openings, after the board, courts and venues")
                .isEqualTo(3);
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
}
