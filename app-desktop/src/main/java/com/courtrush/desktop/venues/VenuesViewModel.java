package com.courtrush.desktop.venues;

import com.courtrush.account.api.Caller;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import com.courtrush.closure.desk.ClosureDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.venue.api.SportForm;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueForm;
import com.courtrush.venue.api.VenueView;
import com.courtrush.venue.desk.VenueDesk;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The sports centre's venues, sports and closures (SPEC §21): every staff member sees them; managers add a venue, open
 * or close one for good, set a sport's own day's share, close a venue for some days with a reason (its bookings then
 * cancelled or refunded, asked first) and lift a closure. Each change audited as the staff member at the console.
 */
public final class VenuesViewModel {

    private final VenueDesk venues;
    private final ClosureDesk closures;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final ObservableList<VenueRow> venueRows = FXCollections.observableArrayList();
    private final ObservableList<SportRow> sportRows = FXCollections.observableArrayList();
    private final ObservableList<ClosureRow> closureRows = FXCollections.observableArrayList();
    private final StringProperty nameZh = new SimpleStringProperty("");
    private final StringProperty nameEn = new SimpleStringProperty("");
    private final StringProperty location = new SimpleStringProperty("");
    private final ObjectProperty<VenueRow> closeVenue = new SimpleObjectProperty<>();
    private final ObjectProperty<LocalDate> closeFrom = new SimpleObjectProperty<>();
    private final ObjectProperty<LocalDate> closeUntil = new SimpleObjectProperty<>();
    private final StringProperty closeReason = new SimpleStringProperty("");

    public VenuesViewModel(
            VenueDesk venues, ClosureDesk closures, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.venues = venues;
        this.closures = closures;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    public void refresh() {
        tasks.run(
                i18n.t("venues.load"), () -> new Loaded(venues.list(), venues.sports(), closures.recent()), loaded -> {
                    Map<Long, VenueView> byId =
                            loaded.venues().stream().collect(Collectors.toMap(VenueView::id, v -> v));
                    venueRows.setAll(loaded.venues().stream().map(this::row).toList());
                    sportRows.setAll(loaded.sports().stream().map(this::row).toList());
                    closureRows.setAll(loaded.closures().stream()
                            .map(closure -> row(closure, byId.get(closure.venueId())))
                            .toList());
                    if (closeVenue.get() == null && !venueRows.isEmpty()) {
                        closeVenue.set(venueRows.get(0));
                    }
                });
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

    /** Sets a sport's own day's share: a number, or blank for the gym's. */
    public void setDayShare(SportRow row, String answer) {
        tasks.run(
                i18n.t("venues.dayShare"),
                () -> {
                    Integer perDay = answer.isBlank() ? null : number(answer);
                    SportView sport = row.sport();
                    return venues.saveSport(
                            staff,
                            sport.code(),
                            new SportForm(
                                    sport.nameZh(),
                                    sport.nameEn(),
                                    sport.slotMinutes(),
                                    sport.placesPerCourt(),
                                    perDay,
                                    sport.perWeek()));
                },
                saved -> refresh());
    }

    /**
     * Closes the venue chosen from the first day to the last (whole days), with the reason; asks first, saying that its
     * bookings are cancelled or refunded and their students told.
     */
    public void close() {
        VenueRow venue = closeVenue.get();
        LocalDate from = closeFrom.get();
        LocalDate until = closeUntil.get() == null ? from : closeUntil.get();
        if (venue == null || from == null) {
            notices.failed(i18n.t("venues.closeDays"), new InputRefused(i18n.t("venues.pickDays")));
            return;
        }
        notices.confirm(Destructive.of(
                        i18n.t("venues.closeDays"),
                        i18n.t("venues.closeTarget", venue.name(), from, until),
                        i18n.t("venues.closeConsequence")))
                .ifPresent(answer -> tasks.run(
                        i18n.t("venues.closeDays"),
                        () -> closures.close(
                                staff,
                                new NewClosure(
                                        null,
                                        venue.id(),
                                        null,
                                        from.atStartOfDay(),
                                        until.plusDays(1).atStartOfDay(),
                                        closeReason.get())),
                        done -> {
                            closeReason.set("");
                            notices.info(
                                    i18n.t("venues.closed", done.slotsClosed(), done.cancelled(), done.refunded()));
                            refresh();
                        }));
    }

    /** Lifts a closure now. */
    public void lift(ClosureRow row) {
        tasks.run(i18n.t("venues.lift"), () -> closures.lift(staff, row.id()), lifted -> refresh());
    }

    private Integer number(String answer) {
        try {
            return Integer.valueOf(answer.strip());
        } catch (NumberFormatException e) {
            throw new InputRefused(i18n.t("venues.notANumber", answer));
        }
    }

    private String name(String zh, String en) {
        return I18n.CHINESE.equals(i18n.locale()) ? zh : en;
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
                sport);
    }

    private ClosureRow row(ClosureView closure, VenueView venue) {
        String what = venue != null
                ? name(venue.nameZh(), venue.nameEn())
                : closure.courtId() != null ? i18n.t("venues.closedCourt", closure.courtId()) : closure.sport();
        return new ClosureRow(
                closure.id(),
                what,
                closure.from().toString().replace('T', ' ') + " – "
                        + closure.until().toString().replace('T', ' '),
                closure.reason(),
                i18n.t("venues.closedDid", closure.slotsClosed(), closure.cancelled(), closure.refunded()));
    }

    public ObservableList<VenueRow> venueRows() {
        return venueRows;
    }

    public ObservableList<SportRow> sportRows() {
        return sportRows;
    }

    public ObservableList<ClosureRow> closureRows() {
        return closureRows;
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

    public ObjectProperty<VenueRow> closeVenueProperty() {
        return closeVenue;
    }

    public ObjectProperty<LocalDate> closeFromProperty() {
        return closeFrom;
    }

    public ObjectProperty<LocalDate> closeUntilProperty() {
        return closeUntil;
    }

    public StringProperty closeReasonProperty() {
        return closeReason;
    }

    /** A venue as the table shows it. */
    public record VenueRow(long id, String name, String location, String hours, String sports, boolean active) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A sport as the table shows it; {@code dayShare} its own, or the gym's said in words. */
    public record SportRow(String name, String slot, String dayShare, SportView sport) {}

    /** A closure as the table shows it: what, when, why, what it did. */
    public record ClosureRow(long id, String what, String when, String reason, String did) {}

    private record Loaded(List<VenueView> venues, List<SportView> sports, List<ClosureView> closures) {}
}
