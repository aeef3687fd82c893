package com.courtrush.desktop;

import static com.courtrush.desktop.ConsoleUi.ADMIN;
import static com.courtrush.desktop.ConsoleUi.OpenSlot;
import static com.courtrush.desktop.ConsoleUi.anOpenSlotOfTomorrow;
import static com.courtrush.desktop.ConsoleUi.app;
import static com.courtrush.desktop.ConsoleUi.atTheDesk;
import static com.courtrush.desktop.ConsoleUi.call;
import static com.courtrush.desktop.ConsoleUi.cellSaying;
import static com.courtrush.desktop.ConsoleUi.clippedOnScreen;
import static com.courtrush.desktop.ConsoleUi.menuItem;
import static com.courtrush.desktop.ConsoleUi.node;
import static com.courtrush.desktop.ConsoleUi.resultSays;
import static com.courtrush.desktop.ConsoleUi.robot;
import static com.courtrush.desktop.ConsoleUi.says;
import static com.courtrush.desktop.ConsoleUi.startedFiveMinutesAgo;
import static com.courtrush.desktop.ConsoleUi.table;
import static com.courtrush.desktop.ConsoleUi.unchecked;
import static com.courtrush.desktop.ConsoleUi.waitFor;
import static com.courtrush.desktop.ConsoleUi.waitForServer;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.board.BoardScreen;
import com.courtrush.desktop.checkin.CheckInViewModel;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.support.Times;
import java.time.Duration;
import java.util.List;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** The front desk: a check-in by the scanner, a walk-in paid by card, the board, the poster of the students' address. */
@Order(3)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleDeskUi {

    @BeforeAll
    static void atTheDeskFirst() throws Exception {
        atTheDesk();
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
        says("#boardFound", "2 found");
        ListView<?> results = robot.lookup("#boardResults").queryAs(ListView.class);
        // shown, then laid out at the next pulse (a loaded machine's CI saw it visible with no height yet)
        waitFor(5, () -> results.isVisible() && results.getHeight() > 0);
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
        javafx.stage.Window poster = node("#addressPoster").getScene().getWindow();
        assertThat(((javafx.stage.Stage) poster).getOwner())
                .as("the poster's owner: the console, whose window has the keys again once it closes")
                .isSameAs(node("#nav-courts").getScene().getWindow());
        robot.clickOn(robot.lookup("#addressPoster .button-bar .button").queryAs(javafx.scene.control.Button.class));
        waitFor(10, () -> !poster.isShowing());
    }
}
