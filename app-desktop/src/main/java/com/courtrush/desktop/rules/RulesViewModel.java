package com.courtrush.desktop.rules;

import com.courtrush.account.api.Caller;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.template.OpeningTemplateForm;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.recurring.api.DateChange;
import com.courtrush.recurring.api.PlanDay;
import com.courtrush.recurring.api.RuleForm;
import com.courtrush.recurring.api.RuleView;
import com.courtrush.recurring.api.RunOutcome;
import com.courtrush.recurring.desk.RuleDesk;
import com.courtrush.slot.api.SlotTemplate;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
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
 * Recurring openings: the standing rules, a form to create or change one, what the selected rule
 * does on each of the next two weeks, closing a date (a holiday) or changing it once, and "make the
 * due openings now" (the engine does it by itself every minute and at start-up).
 */
public final class RulesViewModel {

    static final int PLAN_DAYS = 14;

    private final RuleDesk ruleDesk;
    private final CourtDesk courts;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final LocalDate today;
    private final IntSupplier defaultPriceCents;
    private final OpeningTemplateForm template;

    private final ObservableList<RuleView> rows = FXCollections.observableArrayList();
    private final ObjectProperty<RuleView> selected = new SimpleObjectProperty<>();
    private final ObservableList<PlanDay> plan = FXCollections.observableArrayList();

    private final StringProperty name = new SimpleStringProperty("");
    private final IntegerProperty daysAhead = new SimpleIntegerProperty(1);
    private final List<BooleanProperty> weekdays = IntStream.rangeClosed(1, 7)
            .mapToObj(d -> (BooleanProperty) new SimpleBooleanProperty(true))
            .toList();
    private final IntegerProperty flashDaysBefore = new SimpleIntegerProperty(1);

    private final ObjectProperty<LocalDate> changeDate = new SimpleObjectProperty<>();
    private final BooleanProperty changeClosed = new SimpleBooleanProperty(false); // a change, unless ticked
    private final StringProperty changeStart = new SimpleStringProperty("");
    private final StringProperty changeEnd = new SimpleStringProperty("");
    private final StringProperty changePrice = new SimpleStringProperty("");
    private final StringProperty changeNote = new SimpleStringProperty("");

    public RulesViewModel(
            RuleDesk ruleDesk,
            CourtDesk courts,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Caller staff,
            LocalDate today,
            IntSupplier defaultPriceCents) {
        this.ruleDesk = ruleDesk;
        this.courts = courts;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
        this.today = today;
        this.defaultPriceCents = defaultPriceCents;
        this.template = new OpeningTemplateForm(i18n);
        this.changeDate.set(today.plusDays(1));
        selected.addListener((obs, old, now) -> {
            if (now != null) {
                fill(now);
                loadPlan();
            } else {
                plan.clear();
            }
        });
    }

    public void load() {
        Long keep = selected.get() == null ? null : selected.get().id();
        tasks.run(
                i18n.t("rules.load"),
                () -> new Loaded(ruleDesk.list(), courts.list(staff), defaultPriceCents.getAsInt()),
                loaded -> {
                    template.courtsAre(loaded.courts());
                    template.defaultPriceIs(loaded.defaultPriceCents());
                    // a desk worker's rules are those of their venues' courts (SPEC §21): another's would be refused
                    Set<Long> ofTheDesk =
                            loaded.courts().stream().map(CourtView::id).collect(Collectors.toSet());
                    rows.setAll(loaded.rules().stream()
                            .filter(rule -> ofTheDesk.containsAll(rule.courtIds()))
                            .toList());
                    rows.stream()
                            .filter(r -> keep != null && r.id() == keep)
                            .findFirst()
                            .ifPresentOrElse(
                                    r -> {
                                        selected.set(null);
                                        selected.set(r);
                                    },
                                    () -> selected.set(null));
                });
    }

    private void loadPlan() {
        RuleView rule = selected.get();
        tasks.run(i18n.t("rules.loadPlan"), () -> ruleDesk.plan(rule.id(), today, PLAN_DAYS), plan::setAll);
    }

    /** A new rule from the form; it starts making openings at once. */
    public void create() {
        tasks.run(i18n.t("rules.create"), () -> ruleDesk.create(form(), staff), created -> {
            notices.info(i18n.t("rules.created", created.name()));
            selected.set(null);
            rows.add(created);
            selected.set(created);
            runNow(); // what is due now is made at once, not at the engine's next minute
        });
    }

    /** The selected rule takes the form's values. */
    public void save() {
        RuleView rule = selected.get();
        tasks.run(i18n.t("rules.save"), () -> ruleDesk.update(rule.id(), form(), staff), saved -> {
            notices.info(i18n.t("rules.saved", saved.name()));
            load();
        });
    }

    public void toggleActive() {
        RuleView rule = selected.get();
        tasks.run(i18n.t("rules.save"), () -> ruleDesk.setActive(rule.id(), !rule.active(), staff), saved -> load());
    }

    /** Makes the due openings now and says what was made. */
    public void runNow() {
        tasks.run(i18n.t("rules.run"), () -> ruleDesk.runDue(staff), results -> {
            long made = results.stream()
                    .filter(r -> r.outcome() == RunOutcome.CREATED)
                    .count();
            String failed = results.stream()
                    .filter(r -> r.outcome() == RunOutcome.FAILED)
                    .map(r -> r.why().in(i18n.locale()))
                    .collect(Collectors.joining("\n"));
            notices.info(i18n.t("rules.ran", made) + (failed.isEmpty() ? "" : "\n" + failed));
            if (selected.get() != null) {
                loadPlan();
            }
        });
    }

    /** Closes the chosen date of the selected rule, or changes it once (start, end, price). */
    public void applyDate() {
        RuleView rule = selected.get();
        LocalDate date = changeDate.get();
        boolean closed = changeClosed.get();
        String start = changeStart.get();
        String end = changeEnd.get();
        String priceText = changePrice.get();
        String note = changeNote.get();
        tasks.run(
                i18n.t("rules.applyDate"),
                () -> ruleDesk.setException(
                        rule.id(),
                        date,
                        new DateChange(
                                closed,
                                null,
                                closed ? null : optionalTime(start, "rules.changeStart"),
                                closed ? null : optionalTime(end, "rules.changeEnd"),
                                null,
                                closed ? null : Inputs.cents(i18n, priceText, i18n.t("rules.changePrice")),
                                null,
                                note),
                        staff),
                done -> {
                    notices.info(i18n.t(closed ? "rules.dateClosed" : "rules.dateChanged", date));
                    loadPlan();
                });
    }

    /** The chosen date follows the rule again. */
    public void restoreDate() {
        RuleView rule = selected.get();
        LocalDate date = changeDate.get();
        tasks.run(
                i18n.t("rules.applyDate"),
                () -> {
                    ruleDesk.removeException(rule.id(), date, staff);
                    return date;
                },
                done -> loadPlan());
    }

    private LocalTime optionalTime(String text, String label) {
        return text == null || text.isBlank() ? null : Inputs.time(i18n, text, i18n.t(label));
    }

    /** The form as a rule; a value that cannot be read is refused in words. */
    private RuleForm form() {
        List<Integer> days = new ArrayList<>();
        for (int d = 0; d < 7; d++) {
            if (weekdays.get(d).get()) {
                days.add(d + 1);
            }
        }
        SlotTemplate slots = template.slots();
        return new RuleForm(
                name.get(),
                daysAhead.get(),
                days,
                template.flashTime(),
                flashDaysBefore.get(),
                null,
                template.perUserLimit(),
                slots.courtIds(),
                slots.startTime(),
                slots.endTime(),
                slots.durationMinutes(),
                slots.capacity(),
                slots.priceCents());
    }

    private void fill(RuleView rule) {
        name.set(rule.name());
        daysAhead.set(rule.daysAhead());
        for (int d = 0; d < 7; d++) {
            weekdays.get(d).set(rule.weekdays().contains(d + 1));
        }
        flashDaysBefore.set(rule.flashDaysBefore());
        template.fill(
                rule.flashTime(),
                rule.perUserLimit(),
                rule.courtIds(),
                rule.startTime(),
                rule.endTime(),
                rule.durationMinutes(),
                rule.capacity(),
                rule.priceCents());
    }

    /** How a plan day reads in the list. */
    public String describe(PlanDay day) {
        String status = i18n.t("rules.status." + day.status().name());
        return switch (day.status()) {
                    case CREATED -> status + " #" + day.sessionId();
                    case FAILED ->
                        status + ": " + (day.why() == null ? "" : day.why().in(i18n.locale()));
                    case TO_COME -> i18n.t("rules.toCome", day.madeOn());
                    default -> status;
                }
                + (day.change() != null && !Boolean.TRUE.equals(day.change().closed())
                        ? " · " + i18n.t("rules.changed")
                        : "")
                + (day.change() != null && day.change().note() != null
                        ? " · " + day.change().note()
                        : "");
    }

    /** The rule's opening template: flash time, per-student limit, courts and the day's slots. */
    public OpeningTemplateForm template() {
        return template;
    }

    public ObservableList<RuleView> rows() {
        return rows;
    }

    public ObjectProperty<RuleView> selectedProperty() {
        return selected;
    }

    public ObservableList<PlanDay> plan() {
        return plan;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public IntegerProperty daysAheadProperty() {
        return daysAhead;
    }

    /** Monday (0) to Sunday (6). */
    public BooleanProperty weekday(int index) {
        return weekdays.get(index);
    }

    public IntegerProperty flashDaysBeforeProperty() {
        return flashDaysBefore;
    }

    public ObjectProperty<LocalDate> changeDateProperty() {
        return changeDate;
    }

    public BooleanProperty changeClosedProperty() {
        return changeClosed;
    }

    public StringProperty changeStartProperty() {
        return changeStart;
    }

    public StringProperty changeEndProperty() {
        return changeEnd;
    }

    public StringProperty changePriceProperty() {
        return changePrice;
    }

    public StringProperty changeNoteProperty() {
        return changeNote;
    }

    private record Loaded(List<RuleView> rules, List<CourtView> courts, int defaultPriceCents) {}
}
