package com.courtrush.desktop.venues;

import com.courtrush.account.api.Caller;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.venue.api.SportForm;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueForm;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The sports centre's venues and sports (SPEC §21): every staff member sees them; managers add a venue, open or close
 * one for good, name a sport and set each one's slot length, places per court and own share. Each change audited as
 * the staff member at the console. Closures: {@link ClosuresViewModel}.
 */
public final class VenuesViewModel {

    private final VenueDesk venues;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final ObservableList<VenueRow> venueRows = FXCollections.observableArrayList();
    private final ObservableList<SportRow> sportRows = FXCollections.observableArrayList();
    private final StringProperty nameZh = new SimpleStringProperty("");
    private final StringProperty nameEn = new SimpleStringProperty("");
    private final StringProperty location = new SimpleStringProperty("");
    private final StringProperty sportCode = new SimpleStringProperty("");
    private final StringProperty sportZh = new SimpleStringProperty("");
    private final StringProperty sportEn = new SimpleStringProperty("");
    private final StringProperty slotMinutes = new SimpleStringProperty("");
    private final StringProperty places = new SimpleStringProperty("");
    private final StringProperty perDay = new SimpleStringProperty("");
    private final StringProperty perWeek = new SimpleStringProperty("");
    private BiConsumer<List<VenueView>, List<SportView>> whenLoaded = (venuesRead, sportsRead) -> {};

    public VenuesViewModel(VenueDesk venues, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.venues = venues;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    public void refresh() {
        tasks.run(i18n.t("venues.load"), () -> new Loaded(venues.list(), venues.sports()), loaded -> {
            venueRows.setAll(loaded.venues().stream().map(this::row).toList());
            sportRows.setAll(loaded.sports().stream().map(this::row).toList());
            whenLoaded.accept(loaded.venues(), loaded.sports());
        });
    }

    /** What else shows the venues and sports (the closures' choices): given them each time they are read. */
    public void whenLoaded(BiConsumer<List<VenueView>, List<SportView>> then) {
        whenLoaded = then;
    }

    /** Adds a venue with both names (and where to find it). */
    public void add() {
        VenueForm form = new VenueForm(nameZh.get(), nameEn.get(), location.get(), null, null, null);
        tasks.run(i18n.t("venues.add"), () -> venues.create(staff, form), made -> {
            nameZh.set("");
            nameEn.set("");
            location.set("");
            notices.info(i18n.t("venues.added", name(made.nameZh(), made.nameEn())));
            refresh();
        });
    }

    /** Takes a venue off the students' page, or puts it back. */
    public void toggle(VenueRow row) {
        tasks.run(
                i18n.t(row.active() ? "venues.close" : "venues.open"),
                () -> venues.update(staff, row.id(), new VenueForm(null, null, null, null, null, !row.active())),
                changed -> refresh());
    }

    /** Puts a sport's values in the form, to change them. */
    public void pick(SportRow row) {
        if (row == null) {
            return;
        }
        SportView sport = row.sport();
        sportCode.set(sport.code());
        sportZh.set(sport.nameZh());
        sportEn.set(sport.nameEn());
        slotMinutes.set(String.valueOf(sport.slotMinutes()));
        places.set(String.valueOf(sport.placesPerCourt()));
        perDay.set(sport.perDay() == null ? "" : String.valueOf(sport.perDay()));
        perWeek.set(sport.perWeek() == null ? "" : String.valueOf(sport.perWeek()));
    }

    /**
     * Saves the form's sport: a code not yet known names a new sport; a known one's names, slot length, places per
     * court and share change (a blank share: the gym's).
     */
    public void saveSport() {
        tasks.run(
                i18n.t("venues.saveSport"),
                () -> venues.saveSport(
                        staff,
                        sportCode.get().strip().toUpperCase(java.util.Locale.ROOT),
                        new SportForm(
                                sportZh.get().strip(),
                                sportEn.get().strip(),
                                Inputs.number(i18n, slotMinutes.get(), 5, 720, i18n.t("venues.slot")),
                                Inputs.number(i18n, places.get(), 1, 1000, i18n.t("venues.places")),
                                orGyms(perDay.get(), 1, 20, i18n.t("venues.dayShare")),
                                orGyms(perWeek.get(), 0, 100, i18n.t("venues.weekShare")))),
                saved -> {
                    notices.info(i18n.t("venues.sportSaved", name(saved.nameZh(), saved.nameEn())));
                    refresh();
                });
    }

    private Integer orGyms(String text, int min, int max, String what) {
        return text == null || text.isBlank() ? null : Inputs.number(i18n, text, min, max, what);
    }

    private String name(String zh, String en) {
        return i18n.either(zh, en);
    }

    private VenueRow row(VenueView venue) {
        return new VenueRow(
                venue.id(),
                name(venue.nameZh(), venue.nameEn()),
                venue.location() == null ? "" : venue.location(),
                venue.opens() + "–" + venue.closes(),
                venue.sports().stream()
                        .map(sport -> name(sport.nameZh(), sport.nameEn()))
                        .collect(Collectors.joining(i18n.t("venues.join"))),
                venue.active());
    }

    private SportRow row(SportView sport) {
        return new SportRow(
                name(sport.nameZh(), sport.nameEn()),
                i18n.t("venues.minutes", sport.slotMinutes()),
                sport.perDay() == null ? i18n.t("venues.gymsShare") : String.valueOf(sport.perDay()),
                sport.perWeek() == null ? i18n.t("venues.gymsShare") : String.valueOf(sport.perWeek()),
                sport);
    }

    public ObservableList<VenueRow> venueRows() {
        return venueRows;
    }

    public ObservableList<SportRow> sportRows() {
        return sportRows;
    }

    public StringProperty nameZhProperty() {
        return nameZh;
    }

    public StringProperty nameEnProperty() {
        return nameEn;
    }

    public StringProperty locationProperty() {
        return location;
    }

    public StringProperty sportCodeProperty() {
        return sportCode;
    }

    public StringProperty sportZhProperty() {
        return sportZh;
    }

    public StringProperty sportEnProperty() {
        return sportEn;
    }

    public StringProperty slotMinutesProperty() {
        return slotMinutes;
    }

    public StringProperty placesProperty() {
        return places;
    }

    public StringProperty perDayProperty() {
        return perDay;
    }

    public StringProperty perWeekProperty() {
        return perWeek;
    }

    /** A venue as the table shows it. */
    public record VenueRow(long id, String name, String location, String hours, String sports, boolean active) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A sport as the table shows it; a share its own, or the gym's said in words. */
    public record SportRow(String name, String slot, String dayShare, String weekShare, SportView sport) {}

    private record Loaded(List<VenueView> venues, List<SportView> sports) {}
}
