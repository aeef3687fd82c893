package com.courtrush.desktop.courts;

import com.courtrush.account.api.Caller;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.slot.desk.SlotDesk;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Courts: list (with their venue and sport), create in a venue for a sport, rename, enable and disable; each change
 * audited as the staff member at the console.
 */
public final class CourtsViewModel {

    private final CourtDesk courts;
    private final SlotDesk slots;
    private final Supplier<LocalDate> today;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final ObservableList<CourtRow> rows = FXCollections.observableArrayList();
    private final StringProperty newName = new SimpleStringProperty("");
    private final BooleanBinding canCreate =
            Bindings.createBooleanBinding(() -> !newName.get().isBlank(), newName);
    private final ObservableList<Place> places = FXCollections.observableArrayList();
    private final ObjectProperty<Place> place = new SimpleObjectProperty<>();
    private final VenueDesk venues;

    public CourtsViewModel(
            CourtDesk courts,
            VenueDesk venues,
            SlotDesk slots,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Supplier<LocalDate> today,
            Caller staff) {
        this.courts = courts;
        this.venues = venues;
        this.staff = staff;
        this.slots = slots;
        this.today = today;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
    }

    public void refresh() {
        // a desk worker's venues' courts, and their venues to make or move one in (SPEC §21): another's would be
        // refused
        tasks.run(
                i18n.t("courts.load"),
                () -> new Loaded(
                        courts.list(staff),
                        venues.deskScope(staff).within(venues.list(), VenueView::id),
                        venues.sports()),
                loaded -> {
                    Map<Long, VenueView> venueById =
                            loaded.venues().stream().collect(Collectors.toMap(VenueView::id, v -> v));
                    Map<String, SportView> sportByCode =
                            loaded.sports().stream().collect(Collectors.toMap(SportView::code, sport -> sport));
                    rows.setAll(loaded.courts().stream()
                            .map(court -> new CourtRow(
                                    court.id(),
                                    court.courtName(),
                                    court.active(),
                                    where(venueById.get(court.venueId()), sportByCode.get(court.sport()))))
                            .toList());
                    Place before = place.get();
                    places.setAll(loaded.venues().stream()
                            .filter(VenueView::active)
                            .flatMap(venue -> loaded.sports().stream()
                                    .map(sport -> new Place(venue.id(), sport.code(), where(venue, sport))))
                            .toList());
                    place.set(places.contains(before) ? before : places.isEmpty() ? null : places.get(0));
                });
    }

    /** "East gym · Badminton", in the console's language; what the engine did not say, left out. */
    private String where(VenueView venue, SportView sport) {
        String venueName = venue == null ? "" : i18n.either(venue.nameZh(), venue.nameEn());
        String sportName = sport == null ? "" : i18n.either(sport.nameZh(), sport.nameEn());
        return venueName.isEmpty() || sportName.isEmpty() ? venueName + sportName : venueName + " · " + sportName;
    }

    public void create() {
        String name = newName.get().strip();
        Place in = place.get();
        tasks.run(
                i18n.t("courts.create"),
                () -> in == null
                        ? courts.create(name, CourtView.FIRST_VENUE, CourtView.FIRST_SPORT, staff)
                        : courts.create(name, in.venueId(), in.sport(), staff),
                court -> {
                    newName.set("");
                    notices.info(i18n.t("courts.created", court.courtName()));
                    refresh();
                });
    }

    /** Moves a court to the venue and sport chosen (refused while it has slots still to be played). */
    public void move(CourtRow row) {
        Place to = place.get();
        if (to == null) {
            return;
        }
        tasks.run(i18n.t("courts.move"), () -> courts.move(row.id(), to.venueId(), to.sport(), staff), court -> {
            notices.info(i18n.t("courts.moved", court.courtName(), to.label()));
            refresh();
        });
    }

    public void rename(CourtRow row, String name) {
        tasks.run(i18n.t("courts.rename"), () -> courts.rename(row.id(), name, staff), court -> refresh());
    }

    /**
     * Enables a disabled court; asks before disabling one, saying what of it stays on sale (its
     * slots from today on are not withdrawn by disabling it).
     */
    public void toggle(CourtRow row) {
        if (!row.active()) {
            setActive(row, true);
            return;
        }
        tasks.run(i18n.t("courts.disable"), () -> slots.onSale(row.id(), today.get()), onSale -> {
            String consequence = onSale.slots() == 0
                    ? i18n.t("courts.disableNothingOnSale")
                    : i18n.t("courts.disableOnSale", onSale.slots(), onSale.freePlaces(), onSale.bookedPlaces());
            notices.confirm(Destructive.of(i18n.t("courts.disable"), i18n.t("courts.target", row.name()), consequence))
                    .ifPresent(answer -> setActive(row, false));
        });
    }

    public void setActive(CourtRow row, boolean active) {
        tasks.run(
                i18n.t(active ? "courts.enable" : "courts.disable"),
                () -> courts.setActive(row.id(), active, staff),
                court -> refresh());
    }

    public ObservableList<CourtRow> rows() {
        return rows;
    }

    public StringProperty newNameProperty() {
        return newName;
    }

    public BooleanBinding canCreateProperty() {
        return canCreate;
    }

    public ObservableList<Place> places() {
        return places;
    }

    public ObjectProperty<Place> placeProperty() {
        return place;
    }

    /**
     * A court as the table shows it.
     *
     * @param where its venue and sport, in the console's language
     */
    public record CourtRow(long id, String name, boolean active, String where) {}

    /** A venue and sport a new court may be made in (SPEC §21). */
    public record Place(long venueId, String sport, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    private record Loaded(List<CourtView> courts, List<VenueView> venues, List<SportView> sports) {}
}
