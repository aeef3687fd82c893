package com.courtrush.desktop.openings;

import com.courtrush.account.api.Caller;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.template.OpeningTemplateForm;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.opening.api.OpeningView;
import com.courtrush.opening.desk.OpeningDesk;
import com.courtrush.slot.api.GeneratedDay;
import com.courtrush.slot.api.SlotTemplate;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.staff.desk.StaffDesk;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Openings and their slots for a date: create an opening, generate a day's or a week's slots from a
 * template (with overlap checks), warm up / open / close / re-sync, edit, withdraw or re-enable a slot.
 */
public final class OpeningsViewModel {

    private final OpeningDesk openings;
    private final Clock clock;
    private final SlotDesk slotDesk;
    private final StaffDesk withdrawal;
    private final CourtDesk courts;
    private final VenueDesk venues;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final IntSupplier defaultPriceCents;
    private final OpeningTemplateForm template;

    private final ObjectProperty<LocalDate> date = new SimpleObjectProperty<>();
    private final ObservableList<OpeningRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<OpeningRow> selected = new SimpleObjectProperty<>();
    private final ObservableList<SlotRow> slots = FXCollections.observableArrayList();

    private final ObjectProperty<LocalDate> flashDate = new SimpleObjectProperty<>();
    private final IntegerProperty warmupLead = new SimpleIntegerProperty(NewOpening.DEFAULT_WARMUP_LEAD_MINUTES);
    /** Off unless staff turn it on, as through the API (SPEC: a booking pass is off by default). */
    private final BooleanProperty bookingPass = new SimpleBooleanProperty(false);
    /** Off unless staff turn it on (the gym decides whether the first seconds are a draw). */
    private final BooleanProperty fairDraw = new SimpleBooleanProperty(false);

    private final IntegerProperty drawWindowMs = new SimpleIntegerProperty(NewOpening.DEFAULT_DRAW_WINDOW_MS);

    private final IntegerProperty days = new SimpleIntegerProperty(1);
    private final BooleanProperty flashDayBefore = new SimpleBooleanProperty(true);
    private final StringProperty lastResult = new SimpleStringProperty("");

    public OpeningsViewModel(
            OpeningDesk openings,
            SlotDesk slotDesk,
            StaffDesk withdrawal,
            CourtDesk courts,
            VenueDesk venues,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Clock clock,
            Caller staff,
            IntSupplier defaultPriceCents) {
        this.clock = clock;
        LocalDate today = LocalDate.now(clock);
        this.openings = openings;
        this.slotDesk = slotDesk;
        this.withdrawal = withdrawal;
        this.courts = courts;
        this.venues = venues;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
        this.defaultPriceCents = defaultPriceCents;
        this.template = new OpeningTemplateForm(i18n);
        date.set(today.plusDays(1));
        flashDate.set(today);
        date.addListener((obs, old, now) -> refresh());
        selected.addListener((obs, old, now) -> loadSlots());
    }

    public void refresh() {
        refresh(selected.get() == null ? null : selected.get().id());
    }

    /** Lists the play date's openings and selects {@code keep} (else the first). */
    private void refresh(Long keep) {
        LocalDate day = date.get();
        tasks.run(i18n.t("openings.load"), () -> new Listed(openings.listByDate(day, staff), venues.list()), listed -> {
            Map<Long, String> names = listed.venues().stream()
                    .collect(Collectors.toMap(VenueView::id, v -> i18n.either(v.nameZh(), v.nameEn())));
            rows.setAll(listed.openings().stream()
                    .map(o -> OpeningRow.of(o, names.getOrDefault(o.venueId(), String.valueOf(o.venueId()))))
                    .toList());
            OpeningRow next = rows.stream()
                    .filter(r -> keep != null && r.id() == keep)
                    .findFirst()
                    .orElse(rows.isEmpty() ? null : rows.get(0));
            boolean changes = !java.util.Objects.equals(selected.get(), next);
            selected.set(next);
            if (!changes) {
                loadSlots(); // the selection listener reloads them when the selection changes
            }
        });
        tasks.run(
                i18n.t("courts.load"),
                () -> new FormChoices(courts.list(staff), defaultPriceCents.getAsInt()),
                choices -> {
                    template.courtsAre(choices.courts());
                    template.defaultPriceIs(choices.defaultPriceCents());
                });
    }

    void loadSlots() {
        OpeningRow opening = selected.get();
        if (opening == null) {
            slots.clear();
            return;
        }
        tasks.run(
                i18n.t("openings.loadSlots"),
                () -> slotDesk.slotsOf(opening.id()),
                list -> slots.setAll(list.stream().map(SlotRow::of).toList()));
    }

    /**
     * Creates the opening, in its chosen courts' venue. A flash time already past would open it the moment it is
     * created: the staff are asked first (an opening 8 hours in the past was once accepted without a word).
     */
    public void createOpening() {
        LocalDate day = date.get();
        LocalDateTime flash;
        try {
            flash = flashDate.get().atTime(template.flashTime());
        } catch (InputRefused refused) {
            notices.failed(i18n.t("openings.create"), refused);
            return;
        }
        LocalDateTime now = LocalDateTime.now(clock);
        if (flash.isBefore(now)
                && !notices.confirm(i18n.t(
                        "openings.flashPassed",
                        flash.toLocalDate(),
                        flash.toLocalTime(),
                        Duration.between(flash, now).toHours(),
                        Duration.between(flash, now).toMinutesPart()))) {
            return;
        }
        tasks.run(
                i18n.t("openings.create"),
                () -> openings.create(
                        new NewOpening(
                                        day,
                                        flash,
                                        template.perUserLimit(),
                                        warmupLead.get(),
                                        bookingPass.get(),
                                        fairDraw.get() ? drawWindowMs.get() : 0)
                                .inVenue(template.venue()),
                        staff),
                created -> {
                    notices.info(i18n.t("openings.created", created.id()));
                    refresh(created.id()); // the new opening is the one staff go on with (it was not selected)
                });
    }

    /** Generates the template's slots: into the selected opening (1 day), or a run of days. */
    public void generate() {
        OpeningRow opening = selected.get();
        int dayCount = days.get();
        LocalDate first = date.get();
        tasks.run(
                i18n.t("openings.generate"),
                () -> {
                    SlotTemplate slots = template.slots();
                    if (dayCount <= 1) {
                        if (opening == null) {
                            throw new InputRefused(i18n.t("openings.pickOpening"));
                        }
                        return i18n.t(
                                "openings.generated",
                                slotDesk.generate(opening.id(), slots, staff).size());
                    }
                    List<GeneratedDay> results = slotDesk.generateDays(
                            first,
                            dayCount,
                            template.flashTime(),
                            flashDayBefore.get(),
                            template.perUserLimit(),
                            slots,
                            staff);
                    return results.stream()
                            .map(r -> r.error() == null
                                    ? i18n.t("openings.dayDone", r.date(), r.slotsCreated())
                                    : i18n.t(
                                                    "openings.dayFailed",
                                                    r.date(),
                                                    r.error().in(i18n.locale()))
                                            + r.conflicts().stream()
                                                    .map(clash -> "\n  • " + clash.in(i18n.locale()))
                                                    .collect(Collectors.joining()))
                            .collect(Collectors.joining("\n"));
                },
                summary -> {
                    lastResult.set(summary);
                    notices.info(summary.lines().findFirst().orElse(summary));
                    refresh();
                });
    }

    public void warmUp() {
        onSelected("openings.warmUp", id -> openings.warmUp(id, staff));
    }

    public void openNow() {
        onSelected("openings.openNow", id -> openings.openNow(id, staff));
    }

    /** Asks — naming the opening and what stays unsold — then closes it. */
    public void close() {
        OpeningRow opening = selected.get();
        if (opening == null) {
            return;
        }
        int free = slots.stream()
                .filter(SlotRow::active)
                .mapToInt(slot -> Math.max(0, slot.capacity() - slot.booked()))
                .sum();
        notices.confirm(Destructive.of(
                        i18n.t("openings.close"), openingName(opening), i18n.t("openings.closeConsequence", free)))
                .ifPresent(answer -> onSelected("openings.close", id -> openings.close(id, staff)));
    }

    /** An opening as staff see it: number, play date and opening time. */
    String openingName(OpeningRow opening) {
        return i18n.t(
                "openings.target",
                opening.id(),
                opening.sessionDate(),
                opening.flashTime().toLocalDate(),
                opening.flashTime().toLocalTime());
    }

    public void resync() {
        onSelected("openings.resync", id -> openings.resync(id, staff));
    }

    private void onSelected(String key, java.util.function.LongFunction<Object> action) {
        OpeningRow opening = selected.get();
        if (opening == null) {
            return;
        }
        tasks.run(i18n.t(key), () -> action.apply(opening.id()), done -> {
            notices.info(i18n.t("openings.done", i18n.t(key), opening.id()));
            refresh();
        });
    }

    public void editSlot(SlotRow slot, String newCapacity, String newPrice) {
        run(
                "openings.editSlot",
                () -> slotDesk.update(
                        slot.slotId(),
                        Inputs.number(i18n, newCapacity, 1, 1000, i18n.t("openings.capacity")),
                        Inputs.cents(i18n, newPrice, i18n.t("openings.price")),
                        staff));
    }

    /** Asks — naming the slot, saying how many bookings it would cancel and refund, with a reason — then withdraws. */
    public void askWithdraw(SlotRow slot) {
        tasks.run(i18n.t("openings.withdraw"), () -> withdrawal.impact(slot.slotId()), impact -> {
            String consequence = impact.unpaid() + impact.paid() == 0
                    ? i18n.t("openings.withdrawEmpty")
                    : i18n.t("openings.withdrawImpact", impact.unpaid(), impact.paid());
            notices.confirm(Destructive.of(i18n.t("openings.withdraw"), slotName(slot), consequence)
                            .withReason())
                    .ifPresent(answer -> withdraw(slot, answer.reason()));
        });
    }

    /** A slot as staff see it: court, date and time. */
    String slotName(SlotRow slot) {
        OpeningRow opening = selected.get();
        return i18n.t(
                "openings.slotTarget",
                slot.courtName(),
                opening == null ? "" : opening.sessionDate(),
                slot.start(),
                slot.end());
    }

    /** Withdraws a slot, then says which and what it did to its bookings (not just "saved"). */
    public void withdraw(SlotRow slot, String reason) {
        tasks.run(i18n.t("openings.withdraw"), () -> withdrawal.withdraw(slot.slotId(), reason, staff), done -> {
            notices.info(i18n.t("openings.withdrawnDone", slotName(slot), done.unpaid(), done.paid()));
            loadSlots();
        });
    }

    public void enableSlot(SlotRow slot) {
        run("openings.enableSlot", () -> slotDesk.setActive(slot.slotId(), true, staff));
    }

    private void run(String key, Callable<?> work) {
        tasks.run(i18n.t(key), work, done -> {
            notices.info(i18n.t("openings.saved"));
            loadSlots();
        });
    }

    public ObjectProperty<LocalDate> dateProperty() {
        return date;
    }

    public ObservableList<OpeningRow> rows() {
        return rows;
    }

    public ObjectProperty<OpeningRow> selectedProperty() {
        return selected;
    }

    public ObservableList<SlotRow> slots() {
        return slots;
    }

    public ObjectProperty<LocalDate> flashDateProperty() {
        return flashDate;
    }

    public BooleanProperty bookingPassProperty() {
        return bookingPass;
    }

    public BooleanProperty fairDrawProperty() {
        return fairDraw;
    }

    public IntegerProperty drawWindowMsProperty() {
        return drawWindowMs;
    }

    public IntegerProperty warmupLeadProperty() {
        return warmupLead;
    }

    public IntegerProperty daysProperty() {
        return days;
    }

    public BooleanProperty flashDayBeforeProperty() {
        return flashDayBefore;
    }

    public StringProperty lastResultProperty() {
        return lastResult;
    }

    /** The opening's template: flash time, per-student limit, courts and the day's slots. */
    public OpeningTemplateForm template() {
        return template;
    }

    private record FormChoices(List<CourtView> courts, int defaultPriceCents) {}

    private record Listed(List<OpeningView> openings, List<VenueView> venues) {}
}
