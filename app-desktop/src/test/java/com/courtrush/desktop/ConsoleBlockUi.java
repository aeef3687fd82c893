package com.courtrush.desktop;

import static com.courtrush.desktop.ConsoleUi.atTheDesk;
import static com.courtrush.desktop.ConsoleUi.cellSaying;
import static com.courtrush.desktop.ConsoleUi.fire;
import static com.courtrush.desktop.ConsoleUi.robot;
import static com.courtrush.desktop.ConsoleUi.table;
import static com.courtrush.desktop.ConsoleUi.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.venues.BlocksViewModel;
import com.courtrush.support.Times;
import java.time.DayOfWeek;
import java.time.LocalDate;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * A class block as a manager makes it at the console (issue 82): a court held every week of a term on the Venues
 * screen, the slot already on sale in it taken off sale, and the board showing the court held, with the class's name.
 */
@Order(5)
class ConsoleBlockUi {

    @BeforeAll
    static void atTheDeskFirst() throws Exception {
        atTheDesk();
    }

    @Test
    void aManagerHoldsACourtForAClassAllTermAndTheBoardShowsItHeld() throws Exception {
        ConsoleUi.OpenSlot made = ConsoleUi.anOpenSlotOfTomorrow("Block court");
        LocalDate tomorrow = Times.tomorrow();
        robot.clickOn("#nav-venues");
        ConsoleWalkUi.scrollTo("#blocksTable");
        ComboBox<BlocksViewModel.CourtChoice> court =
                robot.lookup("#blockCourt").queryAs(ComboBox.class);
        waitFor(10, () -> court.getItems().stream().anyMatch(c -> c.label().endsWith("Block court")));
        ComboBox<DayOfWeek> weekday = robot.lookup("#blockWeekday").queryAs(ComboBox.class);
        DatePicker first = robot.lookup("#blockFirstDay").queryAs(DatePicker.class);
        DatePicker last = robot.lookup("#blockLastDay").queryAs(DatePicker.class);
        robot.interact(() -> {
            court.setValue(court.getItems().stream()
                    .filter(c -> c.label().endsWith("Block court"))
                    .findFirst()
                    .orElseThrow());
            weekday.setValue(tomorrow.getDayOfWeek());
            first.setValue(tomorrow);
            last.setValue(tomorrow.plusWeeks(16));
        });
        robot.clickOn("#blockStarts").write("09:00");
        robot.clickOn("#blockEnds").write("10:00");
        robot.clickOn("#blockLabel").write("PE 101 badminton");
        robot.clickOn("#holdCourt");
        waitFor(10, () -> robot.lookup("#dialogOk").tryQuery().isPresent());
        assertThat(robot.lookup("#destructiveConsequence").queryLabeled().getText())
                .as("the dialog says what happens to bookings already in it")
                .contains("refunded");
        robot.clickOn("#dialogOk");
        var blocks = table("#blocksTable");
        waitFor(
                10,
                () -> blocks.getItems().stream()
                        .map(BlocksViewModel.BlockRow.class::cast)
                        .anyMatch(row -> row.label().equals("PE 101 badminton")
                                && row.did().startsWith("1 slots held")));
        Boolean onSale = ConsoleUi.app
                .engine()
                .getBean(org.springframework.jdbc.core.JdbcTemplate.class)
                .queryForObject("select active from time_slot where id = ?", Boolean.class, made.slot());
        assertThat(onSale).as("the slot already made in it, off sale").isFalse();

        // the board of tomorrow: the court's 09:00 is held, with the class's name, and takes no walk-in
        robot.clickOn("#nav-board");
        fire("#boardDayOn");
        waitFor(15, () -> cellSaying("PE 101 badminton") != null);
        assertThat(cellSaying("PE 101 badminton").getStyleClass()).contains("board-held");
        assertThat(cellSaying("PE 101 badminton").getAccessibleText()).contains("09:00–10:00", "Class or team");
        fire("#boardToday");
    }
}
