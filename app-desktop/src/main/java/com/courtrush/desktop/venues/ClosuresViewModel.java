package com.courtrush.desktop.venues;

import com.courtrush.account.api.Caller;
import com.courtrush.closure.api.ClosureView;
import com.courtrush.closure.api.NewClosure;
import com.courtrush.closure.desk.ClosureDesk;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.venue.api.SportView;
import com.courtrush.venue.api.VenueView;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Closures (SPEC §21), on the Venues screen, with the venues and sports it has read: a manager closes a venue (or one sport of it), a sport everywhere or one court, from a day and
 * hour to a day and hour, with the reason students are told; asked first, as its bookings are cancelled or refunded.
 * The recent ones are listed with what they did, and one is lifted early.
 */
public final class ClosuresViewModel {

    private final CourtDesk courts;
    private final ClosureDesk closures;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final ObservableList<ClosureRow> rows = FXCollections.observableArrayList();
    private final ObservableList<Target> targets = FXCollections.observableArrayList();
    private final ObjectProperty<Target> target = new SimpleObjectProperty<>();
    private final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>();
    private final StringProperty fromTime = new SimpleStringProperty("");
    private final ObjectProperty<LocalDate> until = new SimpleObjectProperty<>();
    private final StringProperty untilTime = new SimpleStringProperty("");
    private final StringProperty reason = new SimpleStringProperty("");
    private List<VenueView> venues = List.of();
    private List<SportView> sports = List.of();

    public ClosuresViewModel(
            CourtDesk courts, ClosureDesk closures, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.courts = courts;
        this.closures = closures;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    /** The venues and sports as the Venues screen has just read them: the closures read again with them. */
    public void refresh(List<VenueView> venues, List<SportView> sports) {
        this.venues = List.copyOf(venues);
        this.sports = List.copyOf(sports);
        refresh();
    }

    /** The courts and closures read again, with the venues and sports last read. */
    public void refresh() {
        List<VenueView> venuesRead = venues;
        List<SportView> sportsRead = sports;
        tasks.run(
                i18n.t("venues.load"),
                () -> new Loaded(venuesRead, sportsRead, courts.list(), closures.recent()),
                loaded -> {
                    Names names = new Names(loaded);
                    Target before = target.get();
                    targets.setAll(targetsOf(loaded, names));
                    target.set(targets.contains(before) ? before : targets.isEmpty() ? null : targets.get(0));
                    rows.setAll(
                            loaded.closures().stream().map(c -> row(c, names)).toList());
                });
    }

    /** Every venue; each sport of a venue of several; each sport everywhere; each court, by its venue. */
    private List<Target> targetsOf(Loaded loaded, Names names) {
        List<Target> all = new ArrayList<>();
        for (VenueView venue : loaded.venues()) {
            all.add(new Target(names.venue(venue.id()), null, venue.id(), null));
            if (venue.sports().size() > 1) {
                venue.sports()
                        .forEach(sport -> all.add(new Target(
                                names.venue(venue.id()) + " · " + names.sport(sport.code()),
                                null,
                                venue.id(),
                                sport.code())));
            }
        }
        loaded.sports()
                .forEach(sport -> all.add(
                        new Target(i18n.t("venues.everywhere", names.sport(sport.code())), null, null, sport.code())));
        loaded.courts().stream()
                .filter(CourtView::active)
                .forEach(court -> all.add(new Target(names.court(court.id()), court.id(), null, null)));
        return all;
    }

    /**
     * Closes what is chosen from the first day's hour (blank: its start) to the last day's (blank: its end), with the
     * reason; asks first, saying that its bookings are cancelled or refunded and their students told.
     */
    public void close() {
        Target what = target.get();
        LocalDateTime start;
        LocalDateTime end;
        try {
            if (what == null || from.get() == null) {
                throw new InputRefused(i18n.t("venues.pickDays"));
            }
            start = from.get().atTime(hour(fromTime.get()));
            LocalDate last = until.get() == null ? from.get() : until.get();
            end = untilTime.get().isBlank() ? last.plusDays(1).atStartOfDay() : last.atTime(hour(untilTime.get()));
        } catch (InputRefused refused) {
            notices.failed(i18n.t("venues.closeDays"), refused);
            return;
        }
        notices.confirm(Destructive.of(
                        i18n.t("venues.closeDays"),
                        i18n.t("venues.closeTarget", what.label(), when(start, end)),
                        i18n.t("venues.closeConsequence")))
                .ifPresent(answer -> tasks.run(
                        i18n.t("venues.closeDays"),
                        () -> closures.close(
                                staff,
                                new NewClosure(what.courtId(), what.venueId(), what.sport(), start, end, reason.get())),
                        done -> {
                            reason.set("");
                            notices.info(
                                    i18n.t("venues.closed", done.slotsClosed(), done.cancelled(), done.refunded()));
                            refresh();
                        }));
    }

    /** Lifts a closure now. */
    public void lift(ClosureRow row) {
        tasks.run(i18n.t("venues.lift"), () -> closures.lift(staff, row.id()), lifted -> refresh());
    }

    private LocalTime hour(String text) {
        return text == null || text.isBlank() ? LocalTime.MIDNIGHT : Inputs.time(i18n, text, i18n.t("venues.when"));
    }

    private static String when(LocalDateTime start, LocalDateTime end) {
        return start.toString().replace('T', ' ') + " – " + end.toString().replace('T', ' ');
    }

    private ClosureRow row(ClosureView closure, Names names) {
        String what;
        if (closure.courtId() != null) {
            what = names.court(closure.courtId());
        } else if (closure.venueId() == null) {
            what = i18n.t("venues.everywhere", names.sport(closure.sport()));
        } else {
            what = names.venue(closure.venueId())
                    + (closure.sport() == null ? "" : " · " + names.sport(closure.sport()));
        }
        return new ClosureRow(
                closure.id(),
                what,
                when(closure.from(), closure.until()),
                closure.reason(),
                i18n.t("venues.closedDid", closure.slotsClosed(), closure.cancelled(), closure.refunded()));
    }

    public ObservableList<ClosureRow> rows() {
        return rows;
    }

    public ObservableList<Target> targets() {
        return targets;
    }

    public ObjectProperty<Target> targetProperty() {
        return target;
    }

    public ObjectProperty<LocalDate> fromProperty() {
        return from;
    }

    public StringProperty fromTimeProperty() {
        return fromTime;
    }

    public ObjectProperty<LocalDate> untilProperty() {
        return until;
    }

    public StringProperty untilTimeProperty() {
        return untilTime;
    }

    public StringProperty reasonProperty() {
        return reason;
    }

    /** What a closure covers, as the list offers it: a court; a venue, with a sport or not; a sport everywhere. */
    public record Target(String label, Long courtId, Long venueId, String sport) {
        @Override
        public String toString() {
            return label;
        }
    }

    /** A closure as the table shows it: what, when, why, what it did. */
    public record ClosureRow(long id, String what, String when, String reason, String did) {}

    private record Loaded(
            List<VenueView> venues, List<SportView> sports, List<CourtView> courts, List<ClosureView> closures) {}

    /** Venues', sports' and courts' names in the console's language; an unknown one by its id or code. */
    private final class Names {
        private final Map<Long, VenueView> venues;
        private final Map<String, SportView> sports;
        private final Map<Long, CourtView> courts;

        Names(Loaded loaded) {
            venues = loaded.venues().stream().collect(Collectors.toMap(VenueView::id, Function.identity()));
            sports = loaded.sports().stream().collect(Collectors.toMap(SportView::code, Function.identity()));
            courts = loaded.courts().stream().collect(Collectors.toMap(CourtView::id, Function.identity()));
        }

        String venue(long id) {
            VenueView venue = venues.get(id);
            return venue == null ? String.valueOf(id) : i18n.either(venue.nameZh(), venue.nameEn());
        }

        String sport(String code) {
            SportView sport = sports.get(code);
            return sport == null ? code : i18n.either(sport.nameZh(), sport.nameEn());
        }

        String court(long id) {
            CourtView court = courts.get(id);
            return court == null
                    ? i18n.t("venues.closedCourt", id)
                    : i18n.t("venues.courtIn", venue(court.venueId()), court.courtName());
        }
    }
}
