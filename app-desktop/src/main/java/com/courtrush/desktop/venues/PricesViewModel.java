package com.courtrush.desktop.venues;

import com.courtrush.account.api.Caller;
import com.courtrush.account.api.Category;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.venue.api.PriceBandForm;
import com.courtrush.venue.api.PriceDays;
import com.courtrush.venue.api.VenuePrices;
import com.courtrush.venue.desk.VenueDesk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * One venue's prices (SPEC §21): who may book it, and its bands by sport, category, days and hours — read when a venue
 * is picked, edited here, saved whole by a manager. What was granted keeps its price.
 */
public final class PricesViewModel {

    private final VenueDesk venues;
    private final UiTasks tasks;
    private final Notices notices;
    private final I18n i18n;
    private final Caller staff;
    private final ObservableList<BandRow> rows = FXCollections.observableArrayList();
    private final ObjectProperty<VenuesViewModel.VenueRow> venue = new SimpleObjectProperty<>();
    private final BooleanProperty students = new SimpleBooleanProperty(true);
    private final BooleanProperty faculty = new SimpleBooleanProperty(true);
    private final StringProperty sport = new SimpleStringProperty("");
    private final ObjectProperty<Category> category = new SimpleObjectProperty<>(Category.STUDENT);
    private final ObjectProperty<PriceDays> days = new SimpleObjectProperty<>(PriceDays.ALL);
    private final StringProperty starts = new SimpleStringProperty("");
    private final StringProperty ends = new SimpleStringProperty("");
    private final StringProperty price = new SimpleStringProperty("");

    public PricesViewModel(VenueDesk venues, UiTasks tasks, Notices notices, I18n i18n, Caller staff) {
        this.venues = venues;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
        this.staff = staff;
    }

    /** Reads the picked venue's prices; none picked: nothing shown. */
    public void pick(VenuesViewModel.VenueRow row) {
        venue.set(row);
        rows.clear();
        if (row == null) {
            return;
        }
        tasks.run(i18n.t("prices.title"), () -> venues.prices(row.id()), this::show);
    }

    private void show(VenuePrices prices) {
        students.set(prices.categories().contains(Category.STUDENT));
        faculty.set(prices.categories().contains(Category.FACULTY));
        rows.setAll(prices.bands().stream().map(this::row).toList());
    }

    /** Adds the band the fields describe to the list (saved with the rest). */
    public void add() {
        try {
            PriceBandForm band = new PriceBandForm(
                    sport.get() == null || sport.get().isBlank()
                            ? null
                            : sport.get().strip().toUpperCase(Locale.ROOT),
                    category.get(),
                    days.get(),
                    Inputs.time(i18n, starts.get(), i18n.t("prices.starts")),
                    Inputs.time(i18n, ends.get(), i18n.t("prices.ends")),
                    requiredCents(price.get()));
            rows.add(row(band));
            rows.sort(Comparator.comparing((BandRow each) -> each.band().starts()));
            starts.set("");
            ends.set("");
            price.set("");
        } catch (RuntimeException refused) {
            notices.failed(i18n.t("prices.add"), refused);
        }
    }

    private Integer requiredCents(String yuan) {
        Integer cents = Inputs.cents(i18n, yuan, i18n.t("prices.price"));
        if (cents == null) {
            throw new IllegalArgumentException(i18n.t("prices.badPrice"));
        }
        return cents;
    }

    public void remove(BandRow row) {
        rows.remove(row);
    }

    /** Saves who may book the venue and its bands, replacing those it had (managers). */
    public void save() {
        VenuesViewModel.VenueRow picked = venue.get();
        if (picked == null) {
            return;
        }
        List<Category> categories = new ArrayList<>();
        if (students.get()) {
            categories.add(Category.STUDENT);
        }
        if (faculty.get()) {
            categories.add(Category.FACULTY);
        }
        List<PriceBandForm> bands = rows.stream().map(BandRow::band).toList();
        tasks.run(
                i18n.t("prices.save"),
                () -> venues.setPrices(staff, picked.id(), new VenuePrices(categories, bands)),
                saved -> {
                    notices.info(
                            i18n.t("prices.saved", picked.name(), saved.bands().size()));
                    show(saved);
                });
    }

    private BandRow row(PriceBandForm band) {
        return new BandRow(
                band,
                band.sport() == null ? "*" : band.sport(),
                i18n.of(band.category()),
                i18n.of(band.days()),
                band.starts() + "–" + band.ends(),
                "¥" + Inputs.yuan(band.priceCents()));
    }

    /** A band as the table shows it. */
    public record BandRow(PriceBandForm band, String sport, String who, String days, String hours, String price) {}

    public ObservableList<BandRow> rows() {
        return rows;
    }

    public ObjectProperty<VenuesViewModel.VenueRow> venueProperty() {
        return venue;
    }

    public BooleanProperty studentsProperty() {
        return students;
    }

    public BooleanProperty facultyProperty() {
        return faculty;
    }

    public StringProperty sportProperty() {
        return sport;
    }

    public ObjectProperty<Category> categoryProperty() {
        return category;
    }

    public ObjectProperty<PriceDays> daysProperty() {
        return days;
    }

    public StringProperty startsProperty() {
        return starts;
    }

    public StringProperty endsProperty() {
        return ends;
    }

    public StringProperty priceProperty() {
        return price;
    }
}
