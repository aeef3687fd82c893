package com.courtrush.desktop.venues;

import com.courtrush.account.api.Caller;
import com.courtrush.closure.api.BlockView;
import com.courtrush.closure.api.NewBlock;
import com.courtrush.closure.desk.BlockDesk;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.InputRefused;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.venue.api.VenueView;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.TextStyle;
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
 * Class and team blocks (SPEC §21), on the Venues screen: a manager holds a court every week, from an hour to an hour,
 * for a term, with the label the board and the page show — asked first, as the bookings already in it are cancelled or
 * refunded; skips one date of a block (that week's slot goes on sale) or ends one.
 */
public final class BlocksViewModel {

    private final CourtDesk courts;
    private final BlockDesk blocks;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final ObservableList<BlockRow> rows = FXCollections.observableArrayList();
    private final ObservableList<CourtChoice> courtChoices = FXCollections.observableArrayList();
    private final ObjectProperty<CourtChoice> court = new SimpleObjectProperty<>();
    private final ObjectProperty<DayOfWeek> weekday = new SimpleObjectProperty<>(DayOfWeek.MONDAY);
    private final StringProperty starts = new SimpleStringProperty("");
    private final StringProperty ends = new SimpleStringProperty("");
    private final ObjectProperty<LocalDate> firstDay = new SimpleObjectProperty<>();
    private final ObjectProperty<LocalDate> lastDay = new SimpleObjectProperty<>();
    private final StringProperty label = new SimpleStringProperty("");
    private final ObjectProperty<LocalDate> skipDay = new SimpleObjectProperty<>();
    private List<VenueView> venues = List.of();

    public BlocksViewModel(
            CourtDesk courts, BlockDesk blocks, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.courts = courts;
        this.blocks = blocks;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    /** The venues as the Venues screen has just read them: the courts and blocks read again with them. */
    public void refresh(List<VenueView> venuesRead) {
        this.venues = List.copyOf(venuesRead);
        refresh();
    }

    /** The courts and blocks read again. */
    public void refresh() {
        List<VenueView> venuesRead = venues;
        tasks.run(i18n.t("blocks.load"), () -> new Loaded(courts.list(), blocks.recent()), loaded -> {
            Map<Long, String> names = names(venuesRead, loaded.courts());
            CourtChoice before = court.get();
            courtChoices.setAll(loaded.courts().stream()
                    .filter(CourtView::active)
                    .map(c -> new CourtChoice(c.id(), names.get(c.id())))
                    .toList());
            court.set(courtChoices.contains(before) ? before : courtChoices.isEmpty() ? null : courtChoices.get(0));
            rows.setAll(loaded.blocks().stream().map(b -> row(b, names)).toList());
        });
    }

    /** Holds the court chosen every week for the term; asks first, saying what happens to bookings already in it. */
    public void hold() {
        CourtChoice what = court.get();
        NewBlock block;
        try {
            if (what == null || firstDay.get() == null || lastDay.get() == null) {
                throw new InputRefused(i18n.t("blocks.pickTerm"));
            }
            LocalTime from = Inputs.time(i18n, starts.get(), i18n.t("blocks.starts"));
            LocalTime until = Inputs.time(i18n, ends.get(), i18n.t("blocks.ends"));
            block = new NewBlock(
                    what.courtId(), weekday.get().getValue(), from, until, firstDay.get(), lastDay.get(), label.get());
        } catch (InputRefused refused) {
            notices.failed(i18n.t("blocks.hold"), refused);
            return;
        }
        notices.confirm(Destructive.of(
                        i18n.t("blocks.hold"),
                        i18n.t("blocks.holdTarget", what.label(), when(block)),
                        i18n.t("blocks.holdConsequence")))
                .ifPresent(answer -> tasks.run(i18n.t("blocks.hold"), () -> blocks.hold(staff, block), done -> {
                    label.set("");
                    notices.info(i18n.t("blocks.held", done.slotsHeld(), done.cancelled(), done.refunded()));
                    refresh();
                }));
    }

    /** Lets the picked date of a block go: that week's slot goes on sale. */
    public void skip(BlockRow row) {
        LocalDate day = skipDay.get();
        if (row == null || day == null) {
            notices.failed(i18n.t("blocks.skip"), new InputRefused(i18n.t("blocks.pickSkip")));
            return;
        }
        tasks.run(i18n.t("blocks.skip"), () -> blocks.skip(staff, row.id(), day), done -> {
            notices.info(i18n.t("blocks.skipped", done.label(), day));
            refresh();
        });
    }

    /** Ends a block now: its slots not yet begun go on sale. */
    public void end(BlockRow row) {
        tasks.run(i18n.t("blocks.end"), () -> blocks.end(staff, row.id()), ended -> refresh());
    }

    private String when(NewBlock block) {
        return i18n.t(
                "blocks.when", day(block.weekday()), block.starts(), block.ends(), block.firstDay(), block.lastDay());
    }

    private String day(int weekday) {
        return DayOfWeek.of(weekday).getDisplayName(TextStyle.FULL, i18n.locale());
    }

    private BlockRow row(BlockView block, Map<Long, String> names) {
        return new BlockRow(
                block.id(),
                names.getOrDefault(block.courtId(), String.valueOf(block.courtId())),
                day(block.weekday()) + " " + block.starts() + "–" + block.ends(),
                block.firstDay() + " – " + block.lastDay(),
                block.label(),
                block.skips().stream().map(LocalDate::toString).collect(Collectors.joining(", ")),
                i18n.t("blocks.did", block.slotsHeld(), block.cancelled(), block.refunded()));
    }

    /** Each court's name with its venue's, as staff tell courts of several venues apart. */
    private Map<Long, String> names(List<VenueView> venuesRead, List<CourtView> courtsRead) {
        Map<Long, VenueView> byId = venuesRead.stream().collect(Collectors.toMap(VenueView::id, Function.identity()));
        return courtsRead.stream().collect(Collectors.toMap(CourtView::id, c -> {
            VenueView venue = byId.get(c.venueId());
            return venue == null
                    ? c.courtName()
                    : i18n.t("venues.courtIn", i18n.either(venue.nameZh(), venue.nameEn()), c.courtName());
        }));
    }

    public ObservableList<BlockRow> rows() {
        return rows;
    }

    public ObservableList<CourtChoice> courtChoices() {
        return courtChoices;
    }

    public ObjectProperty<CourtChoice> courtProperty() {
        return court;
    }

    public ObjectProperty<DayOfWeek> weekdayProperty() {
        return weekday;
    }

    public StringProperty startsProperty() {
        return starts;
    }

    public StringProperty endsProperty() {
        return ends;
    }

    public ObjectProperty<LocalDate> firstDayProperty() {
        return firstDay;
    }

    public ObjectProperty<LocalDate> lastDayProperty() {
        return lastDay;
    }

    public StringProperty labelProperty() {
        return label;
    }

    public ObjectProperty<LocalDate> skipDayProperty() {
        return skipDay;
    }

    /** A court as the list offers it. */
    public record CourtChoice(long courtId, String label) {
        @Override
        public String toString() {
            return label;
        }
    }

    /** A block as the table shows it: the court, its day and hours, its term, label, skipped dates, what it did. */
    public record BlockRow(long id, String court, String hours, String term, String label, String skips, String did) {}

    private record Loaded(List<CourtView> courts, List<BlockView> blocks) {}
}
