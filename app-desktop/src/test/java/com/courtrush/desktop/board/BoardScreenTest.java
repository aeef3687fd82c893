package com.courtrush.desktop.board;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Role;
import com.courtrush.attendance.api.DeskBoard;
import com.courtrush.attendance.api.DeskBookingView;
import com.courtrush.attendance.desk.AttendanceDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.shell.Fonts;
import com.courtrush.desktop.support.ClippedText;
import com.courtrush.desktop.support.RecordingNotices;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Desks;
import com.courtrush.desktop.ui.FxUiTasks;
import com.courtrush.reserve.api.ReservationStatus;
import java.lang.reflect.RecordComponent;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.service.adapter.impl.JavafxRobotAdapter;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The board's window (headless: TestFX + Monocle) in Chinese at 1280×720, on a desk standing in for the engine's
 * (issue 76): a checked-in cell focused and found reads whole, and the keys keep opening cells after Esc and arrows.
 */
class BoardScreenTest {

    static final FxRobot robot = new FxRobot();
    static final LocalDate TODAY = LocalDate.of(2026, 11, 27);
    static final LocalDateTime NOW = TODAY.atTime(16, 20);

    final AttendanceDesk attendance = mock(AttendanceDesk.class);
    final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
    FxUiTasks tasks;
    BoardScreen screen;

    @BeforeAll
    static void toolkit() throws Exception {
        FxToolkit.registerPrimaryStage();
        Fonts.loadBundled();
    }

    @BeforeEach
    void showTheBoard() throws Exception {
        when(attendance.board(any(), any(), any())).thenReturn(board());
        RecordingNotices notices = new RecordingNotices();
        tasks = new FxUiTasks(notices);
        Caller staff = Caller.atDesk(7, "d01", Role.STAFF);
        ConsoleContext context = new ConsoleContext(I18n.of(I18n.CHINESE), tasks, notices, desks(), ticker, staff);
        FxToolkit.registerStage(Stage::new);
        FxToolkit.setupSceneRoot(() -> {
            screen = new BoardScreen(context);
            return (Parent) screen.root();
        });
        FxToolkit.setupStage(stage -> {
            stage.getScene()
                    .getStylesheets()
                    .add(BoardScreen.class.getResource("/css/app.css").toExternalForm());
            stage.setWidth(1280);
            stage.setHeight(720);
            stage.show();
        });
        robot.interact(screen::shown);
        waitFor(() -> robot.lookup("#boardCell-0-0").tryQuery().isPresent());
    }

    @AfterEach
    void close() throws Exception {
        robot.interact(screen::hidden);
        ticker.shutdownNow();
        tasks.close();
        FxToolkit.cleanupStages();
    }

    /** "15:57 已…": the focused cell of a booking checked in cut its time. Every cell reads whole, focused or found. */
    @Test
    void aFocusedCheckedInCellReadsWhole() {
        Button checkedIn = cell(0, 0);
        robot.interact(checkedIn::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(checkedIn.isFocused()).isTrue();
        assertThat(title(checkedIn)).isEqualTo("马刚");
        assertThat(onFx(() -> ClippedText.in((Parent) screen.root()))).isEmpty();
        assertThat(title(cell(1, 0)))
                .as("a cell of two bookings: two people in all")
                .isEqualTo("李娜 等2人");
    }

    /** After Esc and arrows, Enter stopped opening cells (a click still did): the keys come back and Enter opens. */
    @Test
    void enterOpensACellAgainAfterEscAndArrows() {
        robot.interact(cell(0, 0)::requestFocus);
        robot.type(KeyCode.ENTER);
        waitFor(() -> menuShowing());
        escapeTheMenu();
        waitFor(() -> !menuShowing());
        waitFor(() -> cell(0, 0).isFocused());
        robot.type(KeyCode.DOWN);
        waitFor(() -> cell(1, 0).isFocused());
        robot.type(KeyCode.ENTER);
        waitFor(() -> menuShowing());
        escapeTheMenu();
        waitFor(() -> !menuShowing());
        assertThat(onFx(() -> cell(1, 0).isFocused())).isTrue();
    }

    /**
     * Esc, as a desktop delivers it: to the console's window, which hands it to its open menu (Monocle's robot types
     * into the popup's own window, where nothing takes it).
     */
    private static void escapeTheMenu() {
        JavafxRobotAdapter keys = new JavafxRobotAdapter();
        keys.robotCreate(cell(0, 0).getScene());
        keys.keyPress(KeyCode.ESCAPE);
        keys.keyRelease(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static boolean menuShowing() {
        return Window.getWindows().stream().anyMatch(w -> w instanceof ContextMenu && w.isShowing());
    }

    private static Button cell(int row, int column) {
        return robot.lookup("#boardCell-" + row + "-" + column).queryButton();
    }

    private static String title(Button cell) {
        return ((javafx.scene.control.Label) cell.lookup(".board-cell-title")).getText();
    }

    DeskBoard board() {
        LocalTime four = LocalTime.of(16, 0);
        DeskBookingView in = booking(1, 11, 1, "马刚", "2025021", NOW.minusMinutes(23));
        DeskBookingView one = booking(2, 21, 2, "李娜", "2025022", null);
        DeskBookingView two = booking(3, 21, 2, "王芳", "2025023", null);
        return new DeskBoard(
                TODAY,
                NOW,
                List.of(new DeskBoard.Court(1, "1号场"), new DeskBoard.Court(2, "2号场")),
                List.of(four),
                List.of(
                        new DeskBoard.Cell(11, 9, 1, four, four.plusHours(1), 1, 0, 2000, true, false, List.of(in)),
                        new DeskBoard.Cell(
                                21, 9, 2, four, four.plusHours(1), 4, 2, 2000, true, false, List.of(one, two))));
    }

    static DeskBookingView booking(
            long id, long slotId, long courtId, String name, String studentId, LocalDateTime in) {
        return new DeskBookingView(
                id,
                id + 100,
                slotId,
                studentId,
                name,
                ReservationStatus.CONFIRMED,
                null,
                TODAY,
                LocalTime.of(16, 0),
                LocalTime.of(17, 0),
                courtId,
                courtId + "号场",
                null,
                in,
                null,
                null,
                "K7PQ" + id,
                NOW.minusDays(1),
                2000);
    }

    /** Every desk a stand-in, the attendance desk this test's; the clock at the board's now. */
    Desks desks() throws Exception {
        RecordComponent[] parts = Desks.class.getRecordComponents();
        Object[] args = new Object[parts.length];
        Class<?>[] types = new Class<?>[parts.length];
        for (int i = 0; i < parts.length; i++) {
            types[i] = parts[i].getType();
            args[i] = types[i] == Clock.class
                    ? Clock.fixed(NOW.atZone(ZoneId.systemDefault()).toInstant(), ZoneId.systemDefault())
                    : types[i] == AttendanceDesk.class ? attendance : mock(types[i]);
        }
        return Desks.class.getDeclaredConstructor(types).newInstance(args);
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> read) {
        try {
            return WaitForAsyncUtils.asyncFx(read).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void waitFor(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(
                    10,
                    TimeUnit.SECONDS,
                    () -> WaitForAsyncUtils.asyncFx(condition::getAsBoolean).get());
        } catch (Exception e) {
            throw new AssertionError("condition not met within 10 s", e);
        }
    }
}
