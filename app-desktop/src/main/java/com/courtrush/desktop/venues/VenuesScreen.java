package com.courtrush.desktop.venues;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.datePicker;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Questions;
import com.courtrush.desktop.ui.Screen;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;

/** Venues, sports and closures (SPEC §21): see them; managers add and change them. */
public final class VenuesScreen implements Screen {

    private final VenuesViewModel model;
    private final Node root;

    public VenuesScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new VenuesViewModel(
                context.desks().venues(),
                context.desks().closures(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff());

        TableView<VenuesViewModel.VenueRow> venues = table("venuesTable", i18n.t("venues.none"));
        venues.getColumns().add(column(i18n.t("venues.name"), VenuesViewModel.VenueRow::name));
        venues.getColumns().add(column(i18n.t("venues.location"), VenuesViewModel.VenueRow::location));
        venues.getColumns().add(column(i18n.t("venues.hours"), VenuesViewModel.VenueRow::hours));
        venues.getColumns().add(column(i18n.t("venues.sports"), VenuesViewModel.VenueRow::sports));
        venues.getColumns()
                .add(column(
                        i18n.t("venues.state"), row -> i18n.t(row.active() ? "venues.open" : "venues.closedForGood")));
        venues.setItems(model.venueRows());
        venues.setPrefHeight(170);
        TextField zh = field("venueNameZh", i18n.t("venues.nameZh"));
        zh.textProperty().bindBidirectional(model.nameZhProperty());
        TextField en = field("venueNameEn", i18n.t("venues.nameEn"));
        en.textProperty().bindBidirectional(model.nameEnProperty());
        TextField where = field("venueLocation", i18n.t("venues.locationPrompt"));
        where.textProperty().bindBidirectional(model.locationProperty());
        Button add = button(i18n.t("venues.add"), "addVenue", model::add);
        add.disableProperty()
                .bind(model.nameZhProperty().isEmpty().or(model.nameEnProperty().isEmpty()));
        Button toggle = button(
                i18n.t("venues.toggle"),
                "toggleVenue",
                () -> model.toggle(venues.getSelectionModel().getSelectedItem()));
        toggle.disableProperty()
                .bind(venues.getSelectionModel().selectedItemProperty().isNull());

        TableView<VenuesViewModel.SportRow> sports = table("sportsTable", i18n.t("venues.none"));
        sports.getColumns().add(column(i18n.t("venues.sport"), VenuesViewModel.SportRow::name));
        sports.getColumns().add(column(i18n.t("venues.slot"), VenuesViewModel.SportRow::slot));
        sports.getColumns().add(column(i18n.t("venues.dayShare"), VenuesViewModel.SportRow::dayShare));
        sports.setItems(model.sportRows());
        sports.setPrefHeight(150);
        Button share = button(i18n.t("venues.setDayShare"), "setDayShare", () -> {
            VenuesViewModel.SportRow row = sports.getSelectionModel().getSelectedItem();
            Questions.ask(
                            sports.getScene().getWindow(),
                            i18n,
                            i18n.t("venues.dayShare"),
                            i18n.t("venues.daySharePrompt", row.name()),
                            row.sport().perDay() == null
                                    ? ""
                                    : String.valueOf(row.sport().perDay()))
                    .ifPresent(answer -> model.setDayShare(row, answer));
        });
        share.disableProperty()
                .bind(sports.getSelectionModel().selectedItemProperty().isNull());

        TableView<VenuesViewModel.ClosureRow> closures = table("closuresTable", i18n.t("venues.noClosure"));
        closures.getColumns().add(column(i18n.t("venues.what"), VenuesViewModel.ClosureRow::what));
        closures.getColumns().add(column(i18n.t("venues.when"), VenuesViewModel.ClosureRow::when));
        closures.getColumns().add(column(i18n.t("venues.reason"), VenuesViewModel.ClosureRow::reason));
        closures.getColumns().add(column(i18n.t("venues.did"), VenuesViewModel.ClosureRow::did));
        closures.setItems(model.closureRows());
        closures.setPrefHeight(150);
        ComboBox<VenuesViewModel.VenueRow> which = new ComboBox<>(model.venueRows());
        which.setId("closeVenue");
        which.valueProperty().bindBidirectional(model.closeVenueProperty());
        which.setPrefWidth(320);
        DatePicker from = datePicker("closeFrom");
        from.valueProperty().bindBidirectional(model.closeFromProperty());
        DatePicker until = datePicker("closeUntil");
        until.valueProperty().bindBidirectional(model.closeUntilProperty());
        TextField reason = field("closeReason", i18n.t("venues.reasonPrompt"));
        reason.textProperty().bindBidirectional(model.closeReasonProperty());
        reason.setPrefColumnCount(24);
        Button close = button(i18n.t("venues.closeDays"), "closeVenueDays", model::close);
        close.disableProperty()
                .bind(model.closeReasonProperty()
                        .isEmpty()
                        .or(model.closeFromProperty().isNull()));
        Button lift = button(
                i18n.t("venues.lift"),
                "liftClosure",
                () -> model.lift(closures.getSelectionModel().getSelectedItem()));
        lift.disableProperty()
                .bind(closures.getSelectionModel().selectedItemProperty().isNull());

        ScrollPane page = new ScrollPane(screen(
                title(i18n.t("nav.venues")),
                venues,
                bar(zh, en, where, add, toggle),
                new Label(i18n.t("venues.sportsTitle")),
                sports,
                bar(share),
                new Label(i18n.t("venues.closuresTitle")),
                closures,
                bar(which, from, new Label(i18n.t("venues.to")), until),
                bar(reason, close, lift)));
        page.setFitToWidth(true);
        root = page;
    }

    private static TextField field(String id, String prompt) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        return field;
    }

    @Override
    public String titleKey() {
        return "nav.venues";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.refresh();
    }

    public VenuesViewModel model() {
        return model;
    }
}
