package com.courtrush.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.desktop.i18n.ConsolePreferences;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.support.ClippedText;
import com.courtrush.support.Times;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the console's UI tests share ({@link ConsoleUiTest}): one console, started on a new installation with its
 * embedded engine, the robot that drives it (headless: TestFX + Monocle), calls to its engine over HTTP, and the
 * waits and looks the tests are made of.
 */
final class ConsoleUi {

    static final String ADMIN = "ui-test-admin-token-0123456789abcdefghij";

    static final FxRobot robot = new FxRobot();

    static final ObjectMapper json = new ObjectMapper();

    static final HttpClient http = HttpClient.newHttpClient();

    /** The console the suite shares: started once by {@link #start()}, closed by {@link #stop()}. */
    static ConsoleApp app;

    /** Where its engine answers HTTP. */
    static String base;

    private ConsoleUi() {}

    /**
     * Starts the console on a new installation, as staff meet it: it asks for the first manager before anything
     * else (a mistyped repeat refused), then opens its window.
     */
    static void start() throws Exception {
        System.setProperty(ConsolePreferences.LOCALE_PROPERTY, "en");
        FxToolkit.registerPrimaryStage();
        app = (ConsoleApp) FxToolkit.setupApplication(
                ConsoleApp.class,
                "--courtrush.data-dir=" + Files.createTempDirectory("console-ui-"),
                "--server.port=0",
                "--courtrush.admin-token=" + ADMIN,
                "--courtrush.auth.bcrypt-strength=4",
                "--courtrush.auth.sign-in-hold=0s",
                // the walk backs up at each of its hours, sooner than the engine's minute between backups on demand
                "--courtrush.backup.on-demand-every=0s",
                "--spring.jmx.enabled=false");
        // a new installation: the console asks for the first manager before anything else
        waitFor(120, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
        assertThat(robot.lookup("#deskSignIn").queryAs(DialogPane.class).getHeaderText())
                .isEqualTo("Welcome. Name the gym and create the first manager account.");
        assertThat(robot.lookup("#splash").tryQuery())
                .as("the splash's \"starting…\" behind the sign-in")
                .isEmpty();
        robot.clickOn("#signInGymName").write("North Campus Sports Centre");
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

    /** Closes the console and its engine. */
    static void stop() throws Exception {
        if (app != null) {
            FxToolkit.cleanupApplication(app);
            app = null;
        }
        System.clearProperty(ConsolePreferences.LOCALE_PROPERTY);
    }

    /**
     * The desk as each class of the suite begins: the manager wang signed in, the console in English and its window
     * at its size, whatever the class before left.
     */
    static void atTheDesk() throws Exception {
        if (app == null) {
            start(); // a class run on its own, outside the suite: its console ends with the JVM
        }
        switchTo(I18n.ENGLISH);
        if (!"Signed in: wang (Manager)"
                .equals(robot.lookup("#signedIn").queryLabeled().getText())) {
            signOutAndSignIn("wang", "manager-pw-1");
            waitFor(
                    20,
                    () -> robot.lookup("#signedIn")
                            .tryQuery()
                            .filter(n ->
                                    ((javafx.scene.control.Label) n).getText().equals("Signed in: wang (Manager)"))
                            .isPresent());
        }
        settle();
    }

    /** Signs whoever is at the desk out, and {@code id} in through the console's sign-in dialog. */
    static void signOutAndSignIn(String id, String password) {
        robot.clickOn("#signOut");
        waitFor(10, () -> robot.lookup("#deskSignIn").tryQuery().isPresent());
        robot.clickOn("#signInId").write(id);
        robot.clickOn("#signInPassword").write(password);
        robot.clickOn("#signInOk");
    }

    static void text(String query, String value) {
        robot.lookup(query).queryAs(TextField.class).setText(value);
    }

    /** Waits for the label {@code query} to read {@code text}; says what it read if it does not. */
    static void says(String query, String text) {
        try {
            waitFor(10, () -> text.equals(robot.lookup(query).queryLabeled().getText()));
        } catch (AssertionError notYet) {
            assertThat(robot.lookup(query).queryLabeled().getText()).as(query).isEqualTo(text);
        }
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

    /** Presses a button without showing it first: a dialog it opens waits on the JavaFX thread. */
    static void fire(String query) {
        ButtonBase button = robot.lookup(query).queryAs(ButtonBase.class);
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
}
