package com.courtrush.desktop.template;

import com.courtrush.court.api.CourtView;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.opening.api.NewOpening;
import com.courtrush.slot.api.SlotTemplate;
import java.time.LocalTime;
import java.util.List;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What an opening is made of, as staff fill it in — the same form for a one-off opening (Openings)
 * and a standing rule (Rules): the flash time, the per-student limit, the courts and the day's slots
 * (hours, length, places, price). Its defaults are SPEC's: a per-student limit of
 * {@value NewOpening#DEFAULT_PER_USER_LIMIT}, the price of the default-price setting.
 */
public final class OpeningTemplateForm {

    private final I18n i18n;

    private final StringProperty flashTime = new SimpleStringProperty("13:00");
    private final IntegerProperty perUserLimit = new SimpleIntegerProperty(NewOpening.DEFAULT_PER_USER_LIMIT);
    private final ObservableList<CourtChoice> activeCourts = FXCollections.observableArrayList();
    private final ObservableList<CourtChoice> chosenCourts = FXCollections.observableArrayList();
    private final StringProperty startTime = new SimpleStringProperty("08:00");
    private final StringProperty endTime = new SimpleStringProperty("22:00");
    private final IntegerProperty duration = new SimpleIntegerProperty(60);
    private final IntegerProperty capacity = new SimpleIntegerProperty(1);
    private final StringProperty price = new SimpleStringProperty("");
    /** The default price the form last showed: a price staff typed is never replaced by a new default. */
    private String shownDefault = "";

    public OpeningTemplateForm(I18n i18n) {
        this.i18n = i18n;
    }

    /** The courts that can be chosen now (active ones); ticks on courts still there stay. */
    public void courtsAre(List<CourtView> courts) {
        List<CourtChoice> active =
                courts.stream().filter(c -> c.active()).map(CourtChoice::of).toList();
        // what stays ticked is decided before the list changes (the view clears ticks on a new list)
        List<CourtChoice> stillTicked =
                active.stream().filter(chosenCourts::contains).toList();
        activeCourts.setAll(active);
        chosenCourts.setAll(stillTicked);
    }

    /** The default-price setting: shown as the price unless staff typed one. */
    public void defaultPriceIs(int cents) {
        if (price.get().equals(shownDefault)) {
            price.set(Inputs.yuan(cents));
        }
        shownDefault = Inputs.yuan(cents);
    }

    /** Fills the form from what exists (a rule being edited). */
    public void fill(
            LocalTime flash,
            int limit,
            List<Long> courtIds,
            LocalTime start,
            LocalTime end,
            int minutes,
            int places,
            Integer priceCents) {
        flashTime.set(flash.toString());
        perUserLimit.set(limit);
        chosenCourts.setAll(
                activeCourts.stream().filter(c -> courtIds.contains(c.id())).toList());
        startTime.set(start.toString());
        endTime.set(end.toString());
        duration.set(minutes);
        capacity.set(places);
        price.set(priceCents == null ? shownDefault : Inputs.yuan(priceCents));
    }

    /** The flash time of day; refused in words when it cannot be read. */
    public LocalTime flashTime() {
        return Inputs.time(i18n, flashTime.get(), i18n.t("openings.flashTime"));
    }

    public int perUserLimit() {
        return perUserLimit.get();
    }

    /** The chosen courts' ids; refused in words when none is chosen. */
    public List<Long> courtIds() {
        if (chosenCourts.isEmpty()) {
            throw new InputRefused(i18n.t("openings.pickCourts"));
        }
        return chosenCourts.stream().map(CourtChoice::id).toList();
    }

    /** The day's slots as the engine makes them; a value that cannot be read is refused in words. */
    public SlotTemplate slots() {
        return new SlotTemplate(
                courtIds(),
                Inputs.time(i18n, startTime.get(), i18n.t("openings.start")),
                Inputs.time(i18n, endTime.get(), i18n.t("openings.end")),
                duration.get(),
                capacity.get(),
                Inputs.cents(i18n, price.get(), i18n.t("openings.price")));
    }

    public StringProperty flashTimeProperty() {
        return flashTime;
    }

    public IntegerProperty perUserLimitProperty() {
        return perUserLimit;
    }

    public ObservableList<CourtChoice> activeCourts() {
        return activeCourts;
    }

    public ObservableList<CourtChoice> chosenCourts() {
        return chosenCourts;
    }

    public StringProperty startTimeProperty() {
        return startTime;
    }

    public StringProperty endTimeProperty() {
        return endTime;
    }

    public IntegerProperty durationProperty() {
        return duration;
    }

    public IntegerProperty capacityProperty() {
        return capacity;
    }

    public StringProperty priceProperty() {
        return price;
    }

    /**
     * The venue of the chosen courts, which a new opening sells (SPEC §21): the first venue while none is chosen; the
     * engine refuses courts of several venues in one opening, in words.
     */
    public long venue() {
        return chosenCourts.stream().mapToLong(CourtChoice::venueId).min().orElse(CourtView.FIRST_VENUE);
    }

    /** A court as the form lists it, with its venue. */
    public record CourtChoice(long id, String name, long venueId) {

        /** A court of the first venue. */
        public CourtChoice(long id, String name) {
            this(id, name, CourtView.FIRST_VENUE);
        }

        static CourtChoice of(CourtView court) {
            return new CourtChoice(court.id(), court.courtName(), court.venueId());
        }

        @Override
        public String toString() {
            return name;
        }
    }
}
