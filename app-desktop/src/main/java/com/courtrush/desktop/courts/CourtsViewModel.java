package com.courtrush.desktop.courts;

import com.courtrush.account.api.Caller;
import com.courtrush.court.api.CourtView;
import com.courtrush.court.desk.CourtDesk;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Destructive;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.slot.desk.SlotDesk;
import java.time.LocalDate;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** Courts: list, create, rename, enable and disable; each change audited as the staff member at the console. */
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

    public CourtsViewModel(
            CourtDesk courts,
            SlotDesk slots,
            UiTasks tasks,
            Notices notices,
            I18n i18n,
            Supplier<LocalDate> today,
            Caller staff) {
        this.courts = courts;
        this.staff = staff;
        this.slots = slots;
        this.today = today;
        this.tasks = tasks;
        this.notices = notices;
        this.i18n = i18n;
    }

    public void refresh() {
        tasks.run(
                i18n.t("courts.load"),
                courts::list,
                list -> rows.setAll(list.stream().map(CourtRow::of).toList()));
    }

    public void create() {
        String name = newName.get().strip();
        tasks.run(i18n.t("courts.create"), () -> courts.create(name, staff), court -> {
            newName.set("");
            notices.info(i18n.t("courts.created", court.courtName()));
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

    /** A court as the table shows it. */
    public record CourtRow(long id, String name, boolean active) {
        static CourtRow of(CourtView court) {
            return new CourtRow(court.id(), court.courtName(), court.active());
        }
    }
}
