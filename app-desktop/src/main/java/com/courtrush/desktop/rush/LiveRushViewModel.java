package com.courtrush.desktop.rush;

import com.courtrush.core.Outcome;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.monitor.api.LiveRush;
import com.courtrush.monitor.api.RushSecond;
import com.courtrush.monitor.api.RushSummary;
import com.courtrush.monitor.api.RushTimeline;
import com.courtrush.monitor.api.SlotStock;
import com.courtrush.monitor.desk.MonitorDesk;
import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.desk.OpeningDesk;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The rush of one opening, live and afterwards: per slot permits left of capacity and dedup size;
 * the gate and its countdown; attempts, grants and refusals per second as every node counted them,
 * kept by the engine ({@link MonitorDesk}) — so the charts survive a language switch, another screen
 * or a restart, and a manager arriving after the rush reads it all — and a summary of the rush.
 * Refreshed by the screen once a second; every refresh is two batched Redis reads.
 */
public final class LiveRushViewModel {

    /** The charts show up to this many seconds, from just before the rush began. */
    public static final int CHART_SECONDS = 300;
    /** Attempts this long before the opening time still count as the rush's start. */
    static final int EARLY_SECONDS = 30;
    /** Seconds before the first attempt the charts start at. */
    static final int LEAD_SECONDS = 5;

    public static final List<Outcome> REFUSALS = List.of(
            Outcome.UNGATED,
            Outcome.DUP_REQ,
            Outcome.QUOTA_EXCEEDED,
            Outcome.SHARE_USED,
            Outcome.OUT_OF_STOCK,
            Outcome.TOO_MANY_REQUESTS,
            Outcome.PARAM_ERROR,
            Outcome.FAILED);

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final MonitorDesk monitor;
    private final OpeningDesk openings;
    private final UiTasks tasks;
    private final I18n i18n;
    private final Clock clock;

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>();
    private final ObservableList<OpeningChoice> choices = FXCollections.observableArrayList();
    private final ObjectProperty<OpeningChoice> opening = new SimpleObjectProperty<>();
    private final ObservableList<SlotStockRow> slots = FXCollections.observableArrayList();
    private final StringProperty gate = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");
    private final IntegerProperty permitsLeft = new SimpleIntegerProperty();
    private final javafx.beans.property.StringProperty stock = new javafx.beans.property.SimpleStringProperty("");
    private final IntegerProperty capacity = new SimpleIntegerProperty();
    private final ObservableList<RatePoint> rates = FXCollections.observableArrayList();
    private final ObservableList<Outcome> reasons = FXCollections.observableArrayList();
    private final StringProperty timeAxis = new SimpleStringProperty("");
    private final StringProperty summary = new SimpleStringProperty("");
    /** The play date of each opening offered, to tell a slot that has started. */
    private final Map<Long, LocalDate> playDates = new HashMap<>();

    private boolean refreshing;

    public LiveRushViewModel(MonitorDesk monitor, OpeningDesk openings, UiTasks tasks, I18n i18n, Clock clock) {
        this.monitor = monitor;
        this.openings = openings;
        this.tasks = tasks;
        this.i18n = i18n;
        this.clock = clock;
        date.set(LocalDate.now(clock)); // the date picker starts on the gym's today
        date.addListener((obs, old, now) -> loadOpenings());
        opening.addListener((obs, old, now) -> {
            slots.clear();
            rates.clear();
            reasons.clear();
            summary.set("");
            timeAxis.set("");
            refresh();
        });
    }

    /** Openings of the chosen date (and the next day's, which usually open today). */
    public void loadOpenings() {
        tasks.run(i18n.t("rush.loadOpenings"), openingsAround(date.get()), this::showOpenings);
    }

    /**
     * Reads the chosen opening's live state and history; while none is chosen, looks for openings
     * again, so one created meanwhile (in another screen, over the staff API or on another node)
     * shows up by itself.
     */
    public void refresh() {
        OpeningChoice chosen = opening.get();
        if (refreshing) {
            return;
        }
        refreshing = true;
        if (chosen == null) {
            tasks.run(
                    i18n.t("rush.loadOpenings"),
                    openingsAround(date.get()),
                    found -> {
                        refreshing = false;
                        problem.set("");
                        showOpenings(found);
                    },
                    this::unavailable);
            return;
        }
        tasks.run(
                i18n.t("nav.rush"),
                () -> new Reading(monitor.rush(chosen.id()), monitor.history(chosen.id())),
                reading -> {
                    refreshing = false;
                    problem.set("");
                    if (opening.get() != null
                            && opening.get().id() == reading.rush().sessionId()) {
                        apply(reading.rush());
                        apply(reading.history());
                    }
                },
                this::unavailable);
    }

    /** What one refresh reads. */
    private record Reading(LiveRush rush, RushTimeline history) {}

    private void unavailable(Throwable error) {
        refreshing = false;
        problem.set(i18n.t("rush.unavailable", error.getMessage()));
    }

    private Callable<List<OpeningView>> openingsAround(LocalDate day) {
        return () -> {
            List<OpeningView> found = new ArrayList<>(openings.listByDate(day));
            found.addAll(openings.listByDate(day.plusDays(1)));
            return found;
        };
    }

    /** Shows the openings found, keeping the chosen one; the list is left alone when nothing changed. */
    private void showOpenings(List<OpeningView> found) {
        found.forEach(s -> playDates.put(s.id(), s.sessionDate()));
        List<OpeningChoice> now = found.stream()
                .map(s -> new OpeningChoice(
                        s.id(),
                        i18n.t(
                                "rush.openingLabel",
                                s.id(),
                                s.sessionDate(),
                                s.flashTime().toLocalTime())))
                .toList();
        if (now.equals(choices)) {
            return;
        }
        OpeningChoice keep = opening.get();
        choices.setAll(now);
        opening.set(choices.stream()
                .filter(c -> keep != null && c.id() == keep.id())
                .findFirst()
                .orElse(choices.isEmpty() ? null : choices.get(0)));
    }

    void apply(LiveRush rush) {
        LocalDate playDate = playDates.get(rush.sessionId());
        LocalDateTime sampled = LocalDateTime.ofInstant(Instant.ofEpochMilli(rush.sampledAt()), clock.getZone());
        slots.setAll(rush.slots().stream()
                .map(s -> SlotStockRow.of(
                        s, playDate != null && !playDate.atTime(s.startTime()).isAfter(sampled)))
                .toList());
        permitsLeft.set(rush.slots().stream()
                .filter(SlotStock::active)
                .mapToInt(s -> s.permitsLeft() == null ? 0 : s.permitsLeft())
                .sum());
        capacity.set(rush.slots().stream()
                .filter(SlotStock::active)
                .mapToInt(SlotStock::capacity)
                .sum());
        // before the warm-up Redis holds no places: "0 / 4" would read as sold out. Places Redis holds are warmed
        // up, whatever its marker says: the state and the places follow the same facts ("Not warmed up" was shown
        // beside places held in Redis)
        boolean warmed = rush.warm() || rush.slots().stream().anyMatch(s -> s.active() && s.permitsLeft() != null);
        stock.set(warmed ? permitsLeft.get() + " / " + capacity.get() : i18n.t("rush.stockCold", capacity.get()));
        if (!warmed) {
            gate.set(i18n.t("rush.cold"));
        } else if (rush.gateOpen()) {
            gate.set(i18n.t("rush.open"));
        } else if (rush.secondsToOpen() != null) {
            long s = rush.secondsToOpen();
            gate.set(i18n.t("rush.opensIn", String.format("%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)));
        } else {
            gate.set(i18n.t("rush.closed"));
        }
    }

    /**
     * The charts' points, in seconds from the opening time: from a few seconds before the first
     * attempt of the rush (attempts more than {@link #EARLY_SECONDS} before the opening do not count;
     * with none after that, the last attempt's) for up to {@link #CHART_SECONDS}, a second without
     * answers counted zero.
     */
    void apply(RushTimeline read) {
        long opensAt = Math.floorDiv(read.opensAtMs(), 1000);
        // a fair draw's places come in a second of their own, after the entries: on the chart too
        List<RushSecond> tried = read.seconds().stream()
                .filter(s -> s.attempts() > 0 || s.grants() > 0)
                .toList();
        // no axis title over an empty chart (it was drawn across the tick labels)
        timeAxis.set(
                tried.isEmpty()
                        ? ""
                        : i18n.t(
                                "rush.timeAxis",
                                CLOCK.format(
                                        Instant.ofEpochMilli(read.opensAtMs()).atZone(clock.getZone()))));
        List<RatePoint> points = new ArrayList<>();
        if (!tried.isEmpty()) {
            // attempts long before the opening (a student trying early) do not move the window off the opening
            long rushBegan = tried.stream()
                    .mapToLong(RushSecond::epochSecond)
                    .filter(second -> second >= opensAt - EARLY_SECONDS)
                    .min()
                    .orElse(tried.get(tried.size() - 1).epochSecond());
            long from = rushBegan - LEAD_SECONDS;
            long last = tried.get(tried.size() - 1).epochSecond();
            long to = Math.min(Math.max(last, from + LEAD_SECONDS), from + CHART_SECONDS);
            Map<Long, RushSecond> bySecond = new HashMap<>();
            tried.forEach(second -> bySecond.put(second.epochSecond(), second));
            for (long second = from; second <= to; second++) {
                RushSecond at = bySecond.get(second);
                Map<Outcome, Double> refused = new EnumMap<>(Outcome.class);
                if (at != null) {
                    at.refusals().forEach((outcome, n) -> refused.put(outcome, n.doubleValue()));
                }
                points.add(new RatePoint(
                        second - opensAt, at == null ? 0 : at.attempts(), at == null ? 0 : at.grants(), refused));
            }
        }
        RushSummary total = read.summary();
        List<Outcome> seen = new ArrayList<>(
                REFUSALS.stream().filter(total.refusals()::containsKey).toList());
        total.refusals().keySet().stream()
                .filter(outcome -> !seen.contains(outcome))
                .forEach(seen::add);
        if (!seen.equals(reasons)) {
            reasons.setAll(seen);
        }
        rates.setAll(points);
        summary.set(RushSummaryText.of(total, reasons, i18n));
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public ObservableList<OpeningChoice> choices() {
        return choices;
    }

    public ObjectProperty<OpeningChoice> openingProperty() {
        return opening;
    }

    public ObservableList<SlotStockRow> slots() {
        return slots;
    }

    public StringProperty gateProperty() {
        return gate;
    }

    public StringProperty problemProperty() {
        return problem;
    }

    /** The places left as the screen says them: "3 / 4", or before the warm-up how many there will be. */
    public javafx.beans.property.StringProperty stockProperty() {
        return stock;
    }

    public IntegerProperty permitsLeftProperty() {
        return permitsLeft;
    }

    public IntegerProperty capacityProperty() {
        return capacity;
    }

    /** Per second from the opening time: attempts, grants, refusals by reason. */
    public ObservableList<RatePoint> rates() {
        return rates;
    }

    /** The refusal reasons the rush met, in the charts' order. */
    public ObservableList<Outcome> reasons() {
        return reasons;
    }

    public StringProperty timeAxisProperty() {
        return timeAxis;
    }

    /** What the rush came to, in one paragraph. */
    public StringProperty summaryProperty() {
        return summary;
    }

    /** An opening to watch. */
    public record OpeningChoice(long id, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    /**
     * A slot's live stock; {@code permitsLeft} null when Redis does not hold it; {@code started} once its play time
     * has begun (no longer on sale, whatever places are left).
     */
    public record SlotStockRow(
            long slotId,
            String courtName,
            LocalTime start,
            LocalTime end,
            int capacity,
            Integer permitsLeft,
            int dedupSize,
            boolean active,
            boolean started) {
        static SlotStockRow of(SlotStock s, boolean started) {
            return new SlotStockRow(
                    s.slotId(),
                    s.courtName(),
                    s.startTime(),
                    s.endTime(),
                    s.capacity(),
                    s.permitsLeft(),
                    s.dedupSize(),
                    s.active(),
                    started);
        }

        public boolean soldOut() {
            return active && permitsLeft != null && permitsLeft == 0;
        }
    }
}
