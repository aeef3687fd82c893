package com.courtrush.desktop;

import static com.courtrush.desktop.ConsoleUi.ADMIN;
import static com.courtrush.desktop.ConsoleUi.OpenSlot;
import static com.courtrush.desktop.ConsoleUi.anOpenSlotOfTomorrow;
import static com.courtrush.desktop.ConsoleUi.app;
import static com.courtrush.desktop.ConsoleUi.atTheDesk;
import static com.courtrush.desktop.ConsoleUi.call;
import static com.courtrush.desktop.ConsoleUi.cellSaying;
import static com.courtrush.desktop.ConsoleUi.close;
import static com.courtrush.desktop.ConsoleUi.fire;
import static com.courtrush.desktop.ConsoleUi.newDialog;
import static com.courtrush.desktop.ConsoleUi.node;
import static com.courtrush.desktop.ConsoleUi.robot;
import static com.courtrush.desktop.ConsoleUi.select;
import static com.courtrush.desktop.ConsoleUi.settle;
import static com.courtrush.desktop.ConsoleUi.startedFiveMinutesAgo;
import static com.courtrush.desktop.ConsoleUi.switchTo;
import static com.courtrush.desktop.ConsoleUi.tab;
import static com.courtrush.desktop.ConsoleUi.table;
import static com.courtrush.desktop.ConsoleUi.unchecked;
import static com.courtrush.desktop.ConsoleUi.waitFor;
import static com.courtrush.desktop.ConsoleUi.waitForServer;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.desk.StaffAccountDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.shell.DeskSignIn;
import com.courtrush.desktop.shell.DeskSignInViewModel;
import com.courtrush.desktop.support.ClippedText;
import com.courtrush.desktop.support.SidewaysScroll;
import com.courtrush.desktop.support.UntranslatedText;
import com.courtrush.reserve.api.ReservationRow;
import com.courtrush.reserve.api.ReservationStatus;
import com.courtrush.setting.desk.SettingsDesk;
import com.courtrush.support.AtGymHours;
import com.courtrush.support.TestClock;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.DatePicker;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mockito.Mockito;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every screen and dialog of the console read at each of the gym's hours, in both languages, at a desk's 1280×720:
 * nothing cut short, nothing left in code.
 */
@Order(6)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleWalkUi {

    @BeforeAll
    static void atTheDeskWithARule() throws Exception {
        atTheDesk();
        // the Rules screen is read with a rule chosen: one made if the suite's staff class has not made one
        if (call("GET", "/admin/rules", ADMIN, null).path("data").isEmpty()) {
            long court = call("POST", "/admin/courts", ADMIN, "{\"courtName\":\"Court Q\"}")
                    .path("data")
                    .path("id")
                    .asLong();
            call(
                    "POST",
                    "/admin/rules",
                    ADMIN,
                    "{\"name\":\"Evenings\",\"daysAhead\":2,\"weekdays\":[1,2,3,4,5,6,7],\"flashTime\":\"13:00\","
                            + "\"flashDaysBefore\":1,\"perUserLimit\":2,\"courtIds\":[" + court + "],"
                            + "\"startTime\":\"20:00\",\"endTime\":\"22:00\",\"durationMinutes\":60,"
                            + "\"capacity\":1,\"priceCents\":2000}");
        }
    }

    /**
     * Every screen and every dialog of the console at each of the gym's hours ({@link AtGymHours}: late evening, just
     * after midnight, the small hours, a second before a 13:00 flash), in a 1280×720 window (a desk's screen), each
     * hour in one of the two languages — every view read at every hour, each language at two: no label, button,
     * header or cell cut short, no character alone on a line, no pane made to fit that scrolls sideways (issue 76), and
     * no code where words belong (issue 54), whatever the hour (issue 83). The views are listed in {@link #views}: a new screen or dialog is covered by one line there.
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

    /** The start and end ("18:02–18:52") of Court W's slot running now with its places free: it takes walk-ins. */
    static String freeNow;

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
                screen("venues", () -> select("#venuesTable", 0)),
                screen("venues/sport", () -> select("#sportsTable", 0)),
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
                screen("openings/again", ConsoleWalkUi::openingsAsBefore),
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
                dialog("students/resetPassword", "#resetPassword", ConsoleWalkUi::aBlankAnswerIsRefusedVisibly),
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
                // the official account's notifications: the account (the simulator's, said so), a row per kind
                screen("settings/wechatNotices", () -> scrollTo("#wechatNotices")),
                // a backup made now: the restore shows what it holds, and asks before restoring (stepped back from)
                screen("settings/restore", ConsoleWalkUi::aBackupMadeAndChosen),
                dialog("settings/restoreAsk", "#restoreBackup"),
                // before a new release is installed: the students told how long the console is away (issue 80)
                screen("settings/upgrade", () -> scrollTo("#announceUpgrade")),
                dialog("poster", "#addressPosterButton"),
                dialog("about", "#aboutLink"),
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
                                all.addAll(SidewaysScroll.in(read));
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
     * What the walk read, as a picture to look at: target/console-screenshots/{zh,en}-&lt;view&gt;.png (the "screenshots
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

    /** Scrolls the screen's scroll pane until the node {@code query} is at its top. */
    static void scrollTo(String query) {
        Node target = node(query);
        robot.interact(() -> {
            Parent up = target.getParent();
            while (up != null && !(up instanceof javafx.scene.control.ScrollPane)) {
                up = up.getParent();
            }
            if (up instanceof javafx.scene.control.ScrollPane scroll) {
                Node content = scroll.getContent();
                double y = content.sceneToLocal(target.localToScene(0, 0)).getY();
                double room = content.getBoundsInLocal().getHeight()
                        - scroll.getViewportBounds().getHeight();
                scroll.setVvalue(room <= 0 ? 0 : Math.min(1, y / room));
            }
        });
        settle();
    }

    /** The first row of the reservations found with {@code status}, or -1. */
    static int rowOf(ReservationStatus status) {
        List<ReservationRow> rows = List.copyOf(
                ConsoleUi.<ReservationRow>table("#reservationsTable").getItems());
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).status() == status) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The sign-in dialog, or the first start's (a new installation's: no manager yet), as the console shows it;
     * answered by the walk with its exit button, so nobody signs in or is created.
     */
    static void deskSignIn(Locale locale, boolean hasManager) {
        StaffAccountDesk accounts = Mockito.mock(StaffAccountDesk.class);
        Mockito.when(accounts.hasManager()).thenReturn(hasManager);
        Mockito.when(accounts.hasLocalManager()).thenReturn(hasManager);
        // the longest hint: the campus directory's staff sign in here too (a new installation has no directory yet)
        Mockito.when(accounts.directoryChecksPasswords()).thenReturn(hasManager ? Optional.of("") : Optional.empty());
        I18n i18n = I18n.of(locale);
        DeskSignIn.ask(
                node("#nav-courts").getScene().getWindow(),
                i18n,
                new DeskSignInViewModel(accounts, Mockito.mock(SettingsDesk.class), i18n));
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
}
