package com.courtrush.desktop.venues;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.datePicker;
import static com.courtrush.desktop.ui.Widgets.table;

import com.courtrush.desktop.i18n.I18n;
import java.time.DayOfWeek;
import java.time.format.TextStyle;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The Venues screen's class and team blocks (SPEC §21): the blocks, a block to make, a date to skip, an end. */
final class BlocksPane {

    private BlocksPane() {}

    static Node of(I18n i18n, BlocksViewModel model) {
        TableView<BlocksViewModel.BlockRow> blocks = table("blocksTable", i18n.t("blocks.none"));
        blocks.getColumns().add(column(i18n.t("blocks.court"), BlocksViewModel.BlockRow::court));
        blocks.getColumns().add(column(i18n.t("blocks.hours"), BlocksViewModel.BlockRow::hours));
        blocks.getColumns().add(column(i18n.t("blocks.term"), BlocksViewModel.BlockRow::term));
        blocks.getColumns().add(column(i18n.t("blocks.label"), BlocksViewModel.BlockRow::label));
        blocks.getColumns().add(column(i18n.t("blocks.skips"), BlocksViewModel.BlockRow::skips));
        blocks.getColumns().add(column(i18n.t("venues.did"), BlocksViewModel.BlockRow::did));
        blocks.setItems(model.rows());
        blocks.setPrefHeight(150);

        ComboBox<BlocksViewModel.CourtChoice> court = new ComboBox<>(model.courtChoices());
        court.setId("blockCourt");
        court.valueProperty().bindBidirectional(model.courtProperty());
        court.setMinWidth(Region.USE_PREF_SIZE); // as wide as the court's name with its venue's, never cut
        ComboBox<DayOfWeek> weekday = new ComboBox<>();
        weekday.setId("blockWeekday");
        weekday.getItems().setAll(DayOfWeek.values());
        weekday.setConverter(new StringConverter<>() {
            @Override
            public String toString(DayOfWeek day) {
                return day == null ? "" : day.getDisplayName(TextStyle.FULL, i18n.locale());
            }

            @Override
            public DayOfWeek fromString(String text) {
                return null;
            }
        });
        weekday.valueProperty().bindBidirectional(model.weekdayProperty());
        TextField starts = VenuesScreen.field("blockStarts", i18n.t("blocks.starts"), model.startsProperty(), 5);
        TextField ends = VenuesScreen.field("blockEnds", i18n.t("blocks.ends"), model.endsProperty(), 5);
        DatePicker first = datePicker("blockFirstDay");
        first.valueProperty().bindBidirectional(model.firstDayProperty());
        DatePicker last = datePicker("blockLastDay");
        last.valueProperty().bindBidirectional(model.lastDayProperty());
        TextField label = VenuesScreen.field("blockLabel", i18n.t("blocks.labelPrompt"), model.labelProperty(), 18);
        Button hold = button(i18n.t("blocks.hold"), "holdCourt", model::hold);
        hold.disableProperty()
                .bind(model.labelProperty().isEmpty().or(model.courtProperty().isNull()));

        DatePicker skipDay = datePicker("blockSkipDay");
        skipDay.valueProperty().bindBidirectional(model.skipDayProperty());
        Button skip = button(
                i18n.t("blocks.skip"),
                "skipBlockDay",
                () -> model.skip(blocks.getSelectionModel().getSelectedItem()));
        skip.disableProperty()
                .bind(blocks.getSelectionModel()
                        .selectedItemProperty()
                        .isNull()
                        .or(model.skipDayProperty().isNull()));
        Button end = button(
                i18n.t("blocks.end"),
                "endBlock",
                () -> model.end(blocks.getSelectionModel().getSelectedItem()));
        end.disableProperty()
                .bind(blocks.getSelectionModel().selectedItemProperty().isNull());
        Label hint = new Label(i18n.t("blocks.hint"));
        hint.setWrapText(true);
        return new VBox(
                8,
                new Label(i18n.t("blocks.title")),
                blocks,
                bar(court, weekday, starts, ends),
                bar(first, new Label(i18n.t("venues.to")), last, label, hold),
                bar(new Label(i18n.t("blocks.skipLabel")), skipDay, skip, end),
                hint);
    }
}
