package com.courtrush.desktop.venues;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.table;

import com.courtrush.account.api.Category;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.venue.api.PriceDays;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The Venues screen's prices of the picked venue (SPEC §21): who may book it, its bands, a band to add. */
final class PricesPane {

    private PricesPane() {}

    static Node of(I18n i18n, PricesViewModel model) {
        Label title = new Label();
        title.textProperty()
                .bind(model.venueProperty()
                        .map(venue -> i18n.t("prices.title") + " · " + venue.name())
                        .orElse(i18n.t("prices.title")));
        CheckBox students = new CheckBox(i18n.of(Category.STUDENT));
        students.setId("pricesStudents");
        students.selectedProperty().bindBidirectional(model.studentsProperty());
        CheckBox faculty = new CheckBox(i18n.of(Category.FACULTY));
        faculty.setId("pricesFaculty");
        faculty.selectedProperty().bindBidirectional(model.facultyProperty());

        TableView<PricesViewModel.BandRow> bands = table("pricesTable", i18n.t("prices.empty"));
        bands.getColumns().add(column(i18n.t("prices.sport"), PricesViewModel.BandRow::sport));
        bands.getColumns().add(column(i18n.t("prices.category"), PricesViewModel.BandRow::who));
        bands.getColumns().add(column(i18n.t("prices.days"), PricesViewModel.BandRow::days));
        bands.getColumns().add(column(i18n.t("prices.starts"), PricesViewModel.BandRow::hours));
        bands.getColumns().add(column(i18n.t("prices.price"), PricesViewModel.BandRow::price));
        bands.setItems(model.rows());
        bands.setPrefHeight(150);

        TextField sport = VenuesScreen.field("priceSport", i18n.t("prices.sport"), model.sportProperty(), 10);
        ComboBox<Category> who = choice("priceCategory", i18n, Category.values());
        who.valueProperty().bindBidirectional(model.categoryProperty());
        ComboBox<PriceDays> days = choice("priceDays", i18n, PriceDays.values());
        days.valueProperty().bindBidirectional(model.daysProperty());
        TextField starts = VenuesScreen.field("priceStarts", i18n.t("prices.starts"), model.startsProperty(), 5);
        TextField ends = VenuesScreen.field("priceEnds", i18n.t("prices.ends"), model.endsProperty(), 5);
        TextField price = VenuesScreen.field("pricePrice", i18n.t("prices.price"), model.priceProperty(), 6);
        Button add = button(i18n.t("prices.add"), "addPriceBand", model::add);
        add.disableProperty().bind(model.venueProperty().isNull());
        Button remove = button(
                i18n.t("prices.remove"),
                "removePriceBand",
                () -> model.remove(bands.getSelectionModel().getSelectedItem()));
        remove.disableProperty()
                .bind(bands.getSelectionModel().selectedItemProperty().isNull());
        Button save = button(i18n.t("prices.save"), "savePrices", model::save);
        save.disableProperty().bind(model.venueProperty().isNull());
        Label hint = new Label(i18n.t("prices.hint"));
        hint.setWrapText(true);
        return new VBox(
                8,
                title,
                bar(new Label(i18n.t("prices.categories")), students, faculty),
                bands,
                bar(sport, who, days, starts, ends, price, add),
                bar(remove, save),
                hint);
    }

    private static <E extends Enum<E>> ComboBox<E> choice(String id, I18n i18n, E[] values) {
        ComboBox<E> box = new ComboBox<>();
        box.getItems().setAll(values);
        box.setId(id);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(E value) {
                return i18n.of(value);
            }

            @Override
            public E fromString(String text) {
                return null;
            }
        });
        return box;
    }
}
