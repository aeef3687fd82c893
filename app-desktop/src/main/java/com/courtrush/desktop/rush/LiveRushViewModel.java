package com.courtrush.desktop.rush;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.monitor.RushMonitor;
import com.courtrush.opening.OpeningService;
import com.courtrush.opening.ReserveSession;
import com.courtrush.reserve.grant.ReserveMetrics;
import com.courtrush.web.Outcome;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.EnumMap;
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
 * The live rush of one opening: per slot permits left of capacity and dedup size; the gate and its
 * countdown; decisions, grants and refusals per second over the last two minutes. Refreshed by
 * the screen once a second; every refresh is one batched Redis read.
 */
public final class LiveRushViewModel {

    public static final int HISTORY_SECONDS = 120;
    public static final List<Outcome> REFUSALS = List.of(Outcome.UNGATED, Outcome.DUP_REQ, Outcome.QUOTA_EXCEEDED,
            Outcome.OUT_OF_STOCK, Outcome.TOO_MANY_REQUESTS, Outcome.PARAM_ERROR, Outcome.FAILED);

    private final RushMonitor monitor;
    private final OpeningService openings;
    private final UiTasks tasks;
    private final I18n i18n;

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>();
    private final ObservableList<OpeningChoice> choices = FXCollections.observableArrayList();
    private final ObjectProperty<OpeningChoice> opening = new SimpleObjectProperty<>();
    private final ObservableList<SlotStockRow> slots = FXCollections.observableArrayList();
    private final StringProperty gate = new SimpleStringProperty("");
    private final StringProperty problem = new SimpleStringProperty("");
    private final IntegerProperty permitsLeft = new SimpleIntegerProperty();
    private final IntegerProperty capacity = new SimpleIntegerProperty();
    private final ObservableList<RatePoint> rates = FXCollections.observableArrayList();
    private ReserveMetrics.Totals lastTotals;
    private long lastSample;
    private boolean refreshing;

    public LiveRushViewModel(RushMonitor monitor, OpeningService openings, UiTasks tasks, I18n i18n, LocalDate today) {
        this.monitor = monitor;
        this.openings = openings;
        this.tasks = tasks;
        this.i18n = i18n;
        date.set(today);
        date.addListener((obs, old, now) -> loadOpenings());
        opening.addListener((obs, old, now) -> {
            slots.clear();
            rates.clear();
            lastTotals = null;
            refresh();
        });
    }

    /** Openings of the chosen date (and the next day's, which usually open today). */
    public void loadOpenings() {
        tasks.run(i18n.t("rush.loadOpenings"), openingsAround(date.get()), this::showOpenings);
    }

    /**
     * Reads the chosen opening's live state; while none is chosen, looks for openings again, so one
     * created meanwhile (in another screen, over the staff API or on another node) shows up by itself.
     */
    public void refresh() {
        OpeningChoice chosen = opening.get();
        if (refreshing) {
            return;
        }
        refreshing = true;
        if (chosen == null) {
            tasks.run(i18n.t("rush.loadOpenings"), openingsAround(date.get()), found -> {
                refreshing = false;
                problem.set("");
                showOpenings(found);
            }, this::unavailable);
            return;
        }
        tasks.run(i18n.t("nav.rush"), () -> monitor.rush(chosen.id()), rush -> {
            refreshing = false;
            problem.set("");
            if (opening.get() != null && opening.get().id() == rush.sessionId()) {
                apply(rush);
            }
        }, this::unavailable);
    }

    private void unavailable(Throwable error) {
        refreshing = false;
        problem.set(i18n.t("rush.unavailable", error.getMessage()));
    }

    private Callable<List<ReserveSession>> openingsAround(LocalDate day) {
        return () -> {
            List<ReserveSession> found = new ArrayList<>(openings.listByDate(day));
            found.addAll(openings.listByDate(day.plusDays(1)));
            return found;
        };
    }

    /** Shows the openings found, keeping the chosen one; the list is left alone when nothing changed. */
    private void showOpenings(List<ReserveSession> found) {
        List<OpeningChoice> now = found.stream().map(s -> new OpeningChoice(s.getId(), i18n.t("rush.openingLabel",
                s.getId(), s.getSessionDate(), s.getFlashTime().toLocalTime()))).toList();
        if (now.equals(choices)) {
            return;
        }
        OpeningChoice keep = opening.get();
        choices.setAll(now);
        opening.set(choices.stream().filter(c -> keep != null && c.id() == keep.id()).findFirst()
                .orElse(choices.isEmpty() ? null : choices.get(0)));
    }

    void apply(RushMonitor.Rush rush) {
        slots.setAll(rush.slots().stream().map(SlotStockRow::of).toList());
        permitsLeft.set(rush.slots().stream().filter(RushMonitor.SlotStock::active)
                .mapToInt(s -> s.permitsLeft() == null ? 0 : s.permitsLeft()).sum());
        capacity.set(rush.slots().stream().filter(RushMonitor.SlotStock::active)
                .mapToInt(RushMonitor.SlotStock::capacity).sum());
        if (!rush.warm()) {
            gate.set(i18n.t("rush.cold"));
        } else if (rush.gateOpen()) {
            gate.set(i18n.t("rush.open"));
        } else if (rush.secondsToOpen() != null) {
            long s = rush.secondsToOpen();
            gate.set(i18n.t("rush.opensIn", String.format("%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)));
        } else {
            gate.set(i18n.t("rush.closed"));
        }
        if (lastTotals != null && rush.sampledAt() > lastSample) {
            double seconds = (rush.sampledAt() - lastSample) / 1000.0;
            Map<Outcome, Double> rejects = new EnumMap<>(Outcome.class);
            for (Outcome outcome : REFUSALS) {
                rejects.put(outcome, delta(rush.totals(), lastTotals, outcome) / seconds);
            }
            rates.add(new RatePoint(rush.sampledAt() / 1000,
                    (rush.totals().attempts() - lastTotals.attempts()) / seconds,
                    (rush.totals().accepted() - lastTotals.accepted()) / seconds, rejects));
            if (rates.size() > HISTORY_SECONDS) {
                rates.remove(0, rates.size() - HISTORY_SECONDS);
            }
        }
        lastTotals = rush.totals();
        lastSample = rush.sampledAt();
    }

    private static double delta(ReserveMetrics.Totals now, ReserveMetrics.Totals before, Outcome outcome) {
        return now.requests().getOrDefault(outcome, 0L) - before.requests().getOrDefault(outcome, 0L);
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

    public IntegerProperty permitsLeftProperty() {
        return permitsLeft;
    }

    public IntegerProperty capacityProperty() {
        return capacity;
    }

    public ObservableList<RatePoint> rates() {
        return rates;
    }

    /** An opening to watch. */
    public record OpeningChoice(long id, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    /** A slot's live stock; {@code permitsLeft} null when Redis does not hold it. */
    public record SlotStockRow(long slotId, String courtName, LocalTime start, LocalTime end, int capacity,
            Integer permitsLeft, int dedupSize, boolean active) {
        static SlotStockRow of(RushMonitor.SlotStock s) {
            return new SlotStockRow(s.slotId(), s.courtName(), s.startTime(), s.endTime(), s.capacity(),
                    s.permitsLeft(), s.dedupSize(), s.active());
        }

        public boolean soldOut() {
            return active && permitsLeft != null && permitsLeft == 0;
        }
    }
}
