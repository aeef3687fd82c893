package com.courtrush.desktop;

import static com.courtrush.desktop.ConsoleUi.ADMIN;
import static com.courtrush.desktop.ConsoleUi.atTheDesk;
import static com.courtrush.desktop.ConsoleUi.call;
import static com.courtrush.desktop.ConsoleUi.robot;
import static com.courtrush.desktop.ConsoleUi.select;
import static com.courtrush.desktop.ConsoleUi.tab;
import static com.courtrush.desktop.ConsoleUi.table;
import static com.courtrush.desktop.ConsoleUi.unchecked;
import static com.courtrush.desktop.ConsoleUi.waitFor;
import static com.courtrush.desktop.ConsoleUi.waitForServer;
import static org.assertj.core.api.Assertions.assertThat;

import com.courtrush.account.api.Category;
import com.courtrush.desktop.courts.CourtsViewModel;
import com.courtrush.desktop.openings.OpeningRow;
import com.courtrush.desktop.openings.SlotRow;
import com.courtrush.desktop.template.OpeningTemplateForm;
import com.courtrush.desktop.venues.PricesViewModel;
import com.courtrush.desktop.venues.VenuesViewModel;
import com.courtrush.support.Times;
import com.courtrush.venue.api.PriceDays;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.ListCell;
import javafx.scene.control.TextField;
import org.controlsfx.control.CheckListView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * A second venue as a manager adds it at the console (issue 81): a table-tennis room with its own day's share and two
 * tables, its opening made on the Openings screen flashing at the same second as a badminton opening, and a crowd on
 * both at once selling each out exactly, nobody in two places at one hour.
 */
@Order(4)
class ConsoleVenueUi {

    @BeforeAll
    static void atTheDeskFirst() throws Exception {
        atTheDesk();
    }

    @Test
    void aManagerAddsATableTennisRoomThatOpensWithTheBadmintonAtOneSecondAndBothSellOutExactly() throws Exception {
        // the room, then table tennis's own day's share
        robot.clickOn("#nav-venues");
        robot.clickOn("#venueNameZh").write("乒乓球室");
        robot.clickOn("#venueNameEn").write("Table-tennis room");
        robot.clickOn("#venueLocation").write("North block 2F");
        robot.clickOn("#addVenue");
        var venues = table("#venuesTable");
        waitFor(10, () -> venues.getItems().toString().contains("Table-tennis room"));

        // its prices (SPEC §21): faculty pay more on weekday evenings; both may book
        int roomRow = IntStream.range(0, venues.getItems().size())
                .filter(i -> venues.getItems().get(i).toString().equals("Table-tennis room"))
                .findFirst()
                .orElseThrow();
        select("#venuesTable", roomRow);
        ConsoleWalkUi.scrollTo("#pricesTable");
        var bands = ConsoleUi.<PricesViewModel.BandRow>table("#pricesTable");
        ComboBox<Category> who = robot.lookup("#priceCategory").queryAs(ComboBox.class);
        ComboBox<PriceDays> days = robot.lookup("#priceDays").queryAs(ComboBox.class);
        robot.interact(() -> {
            who.setValue(Category.FACULTY);
            days.setValue(PriceDays.WEEKDAY);
        });
        robot.clickOn("#priceStarts").write("18:00");
        robot.clickOn("#priceEnds").write("22:00");
        robot.clickOn("#pricePrice").write("30");
        robot.clickOn("#addPriceBand");
        waitFor(10, () -> bands.getItems().size() == 1);
        robot.clickOn("#savePrices");
        long roomId = ((VenuesViewModel.VenueRow) venues.getItems().get(roomRow)).id();
        waitFor(10, () -> firstBandCents(roomId) == 3000);
        var sports = ConsoleUi.<VenuesViewModel.SportRow>table("#sportsTable");
        int tableTennis = IntStream.range(0, sports.getItems().size())
                .filter(i -> sports.getItems().get(i).sport().code().equals("TABLE_TENNIS"))
                .findFirst()
                .orElseThrow();
        ConsoleWalkUi.scrollTo("#sportsTable");
        select("#sportsTable", tableTennis);
        TextField perDay = robot.lookup("#sportPerDay").queryAs(TextField.class);
        robot.interact(() -> perDay.setText("1"));
        robot.clickOn("#saveSport");
        waitFor(
                10,
                () -> sports.getItems().stream()
                        .anyMatch(s -> s.sport().code().equals("TABLE_TENNIS")
                                && s.dayShare().equals("1")));

        // its two tables, in the room for table tennis
        robot.clickOn("#nav-courts");
        ComboBox<CourtsViewModel.Place> place = robot.lookup("#courtPlace").queryAs(ComboBox.class);
        waitFor(
                10,
                () -> place.getItems().stream().anyMatch(p -> p.toString().equals("Table-tennis room · Table tennis")));
        robot.interact(() -> place.setValue(place.getItems().stream()
                .filter(p -> p.toString().equals("Table-tennis room · Table tennis"))
                .findFirst()
                .orElseThrow()));
        for (String name : List.of("Table 1", "Table 2")) {
            robot.clickOn("#courtName").write(name);
            robot.clickOn("#createCourt");
            waitFor(10, () -> table("#courtsTable").getItems().toString().contains(name));
        }

        // a badminton opening flashing at the next whole minute (at least 30 s away) ...
        LocalDateTime flash = Times.now().plusSeconds(90).truncatedTo(ChronoUnit.MINUTES);
        long badmintonCourt = call("POST", "/admin/courts", ADMIN, "{\"courtName\":\"Venue B1\"}")
                .path("data")
                .path("id")
                .asLong();
        long badminton = call(
                        "POST",
                        "/admin/sessions",
                        ADMIN,
                        "{\"sessionDate\":\"" + Times.tomorrow() + "\",\"flashTime\":\"" + flash
                                + "\",\"perUserLimit\":2}")
                .path("data")
                .path("id")
                .asLong();
        List<Long> shuttles = new ArrayList<>();
        call(
                        "POST",
                        "/admin/sessions/" + badminton + "/slots/generate",
                        ADMIN,
                        "{\"courtIds\":[" + badmintonCourt + "],\"startTime\":\"19:00\",\"endTime\":\"21:00\","
                                + "\"durationMinutes\":60,\"capacity\":1,\"priceCents\":2000}")
                .path("data")
                .path("slotIds")
                .forEach(id -> shuttles.add(id.asLong()));

        // ... and the room's, made on the Openings screen: its tables ticked, so it is the room's opening
        robot.clickOn("#nav-openings");
        tab("tabTemplate");
        CheckListView<OpeningTemplateForm.CourtChoice> courts =
                robot.lookup("#templateCourts").queryAs(CheckListView.class);
        waitFor(10, () -> courts.getItems().toString().contains("Table 2"));
        robot.interact(() -> courts.getCheckModel().clearChecks()); // the courts an earlier class ticked
        for (String name : List.of("Table 1", "Table 2")) {
            OpeningTemplateForm.CourtChoice court = courts.getItems().stream()
                    .filter(c -> c.name().equals(name))
                    .findFirst()
                    .orElseThrow();
            robot.interact(() -> courts.scrollTo(court));
            ListCell<?> cell = robot.lookup("#templateCourts .list-cell").queryAllAs(ListCell.class).stream()
                    .filter(c -> court.equals(c.getItem()))
                    .findFirst()
                    .orElseThrow();
            robot.clickOn(cell.lookup(".check-box"));
        }
        assertThat(courts.getCheckModel().getCheckedItems())
                .extracting(OpeningTemplateForm.CourtChoice::name)
                .containsExactlyInAnyOrder("Table 1", "Table 2");
        TextField start = robot.lookup("#templateStart").queryAs(TextField.class);
        TextField end = robot.lookup("#templateEnd").queryAs(TextField.class);
        robot.interact(() -> {
            start.setText("19:00");
            end.setText("20:00");
        });
        tab("tabNewOpening");
        DatePicker flashDate = robot.lookup("#flashDate").queryAs(DatePicker.class);
        TextField flashTime = robot.lookup("#flashTime").queryAs(TextField.class);
        robot.interact(() -> {
            flashDate.setValue(flash.toLocalDate());
            flashTime.setText(flash.toLocalTime().toString());
        });
        robot.clickOn("#createOpening");
        var openings = ConsoleUi.<OpeningRow>table("#openingsTable");
        waitFor(10, () -> openings.getItems().stream().anyMatch(o -> o.venue().equals("Table-tennis room")));
        OpeningRow room = openings.getItems().stream()
                .filter(o -> o.venue().equals("Table-tennis room"))
                .findFirst()
                .orElseThrow();
        assertThat(room.flashTime()).isEqualTo(flash);
        waitFor(
                10,
                () -> openings.getSelectionModel().getSelectedItem() != null
                        && openings.getSelectionModel().getSelectedItem().id() == room.id());
        tab("tabTemplate");
        robot.clickOn("#generateSlots");
        var slots = ConsoleUi.<SlotRow>table("#slotsTable");
        waitFor(10, () -> slots.getItems().size() == 2);
        List<Long> tables = slots.getItems().stream().map(SlotRow::slotId).toList();
        Map<Long, String> hourOf = new HashMap<>();
        slots.getItems().forEach(slot -> hourOf.put(slot.slotId(), slot.start().toString()));
        hourOf.put(shuttles.get(0), "19:00");
        hourOf.put(shuttles.get(1), "20:00");

        // twelve students, each trying a badminton court and a table at 19:00 or 20:00, released at the flash; two
        // more ask later
        StringBuilder batch = new StringBuilder("{\"students\":[");
        for (int i = 0; i < 14; i++) {
            batch.append(i == 0 ? "" : ",")
                    .append("{\"studentId\":\"81")
                    .append(String.format("%04d", i))
                    .append("\",\"password\":\"secret81\",\"name\":\"V")
                    .append(i)
                    .append("\"}");
        }
        call("POST", "/admin/students", ADMIN, batch.append("]}").toString());
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            tokens.add(call(
                            "POST",
                            "/auth/login",
                            null,
                            "{\"studentId\":\"81" + String.format("%04d", i) + "\",\"password\":\"secret81\"}")
                    .path("data")
                    .path("token")
                    .asText());
        }
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService crowd = Executors.newFixedThreadPool(24);
        List<Future<JsonNode>> replies = new ArrayList<>();
        List<Grant> asked = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String token = tokens.get(i);
            for (long[] attempt : new long[][] {{badminton, shuttles.get(i % 2)}, {room.id(), tables.get(i % 2)}}) {
                asked.add(new Grant(token, hourOf.get(attempt[1]), null, attempt[0], attempt[1]));
                replies.add(crowd.submit(() -> {
                    go.await();
                    return reserve(token, attempt[0], attempt[1]);
                }));
            }
        }
        Duration untilFlash = Duration.between(Times.now(), flash.plusNanos(200_000_000));
        if (!untilFlash.isNegative()) {
            Thread.sleep(untilFlash.toMillis());
        }
        go.countDown();
        Map<String, Integer> outcomes = new HashMap<>();
        List<Grant> granted = new ArrayList<>();
        for (int i = 0; i < replies.size(); i++) {
            JsonNode reply = replies.get(i).get();
            outcomes.merge(reply.path("enumCode").asText(), 1, Integer::sum);
            if (reply.path("data").has("traceId")) {
                granted.add(
                        asked.get(i).traced(reply.path("data").path("traceId").asText()));
            }
        }
        crowd.shutdown();
        assertThat(granted).as("outcomes %s", outcomes).hasSize(shuttles.size() + tables.size());
        // A student granted a court and a table at one hour in the same instant keeps one: each opening's copy of the
        // shares learns of the other's grant once it is recorded, and the database refuses the second (decision 26),
        // whose place goes back on sale, to the next student who asks.
        List<Grant> kept = new ArrayList<>();
        List<Grant> refused = new ArrayList<>();
        for (Grant grant : granted) {
            (settled(grant).equals("SUCCESS") ? kept : refused).add(grant);
        }
        assertThat(kept.stream().map(grant -> grant.token() + " at " + grant.hour()))
                .as("nobody plays in two places at one hour")
                .doesNotHaveDuplicates();
        int later = 12;
        for (Grant lost : refused) {
            assertThat(kept)
                    .anyMatch(grant ->
                            grant.token().equals(lost.token()) && grant.hour().equals(lost.hour()));
            String token = tokens.get(later++);
            JsonNode reply = reserve(token, lost.opening(), lost.slot());
            assertThat(settled(new Grant(
                            token,
                            lost.hour(),
                            reply.path("data").path("traceId").asText(),
                            0,
                            0)))
                    .isEqualTo("SUCCESS");
        }
        // each sold out exactly: every slot of both openings booked once, as the Openings screen says
        robot.clickOn("#nav-openings");
        for (long opening : List.of(badminton, room.id())) {
            waitFor(10, () -> openings.getItems().stream().anyMatch(o -> o.id() == opening));
            robot.interact(() -> openings.getSelectionModel()
                    .select(openings.getItems().stream()
                            .filter(o -> o.id() == opening)
                            .findFirst()
                            .orElseThrow()));
            waitFor(
                    10,
                    () -> slots.getItems().size() == 2
                            && slots.getItems().stream().allMatch(s -> s.booked() == 1 && s.capacity() == 1));
        }
    }

    private static JsonNode reserve(String token, long opening, long slot) throws Exception {
        return call("POST", "/reserve/", token, "{\"sessionId\":" + opening + ",\"slotId\":" + slot + "}");
    }

    /** The grant's final result: SUCCESS or FAILED, once it is no longer PENDING. */
    private static String settled(Grant grant) {
        String[] status = {"PENDING"};
        waitForServer(20, () -> {
            status[0] = unchecked(() -> call("GET", "/reserve/result/" + grant.trace(), grant.token(), null))
                    .path("data")
                    .path("status")
                    .asText();
            return !"PENDING".equals(status[0]);
        });
        return status[0];
    }

    /** A student's attempt at a slot (its hour) of an opening, and its trace once granted. */
    private record Grant(String token, String hour, String trace, long opening, long slot) {
        Grant traced(String traceId) {
            return new Grant(token, hour, traceId, opening, slot);
        }
    }

    /** What the engine holds as the venue's first price band, in fen (0: none yet). */
    private static int firstBandCents(long venueId) {
        try {
            return call("GET", "/admin/venues/" + venueId + "/prices", ADMIN, null)
                    .path("data")
                    .path("bands")
                    .path(0)
                    .path("priceCents")
                    .asInt();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
