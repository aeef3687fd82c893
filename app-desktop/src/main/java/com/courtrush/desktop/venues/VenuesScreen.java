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
import com.courtrush.desktop.ui.Screen;
import com.courtrush.desktop.ui.Widgets;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/** Venues, their prices, sports, closures and class and team blocks (SPEC §21): every staff member sees them; managers add and change them. */
public final class VenuesScreen implements Screen {

    /** A field's padding and caret beside its hint's text. */
    private static final double HINT_ROOM = 30;

    private final VenuesViewModel model;
    private final ClosuresViewModel closing;
    private final PricesViewModel prices;
    private final BlocksViewModel blocks;
    private final Node root;

    public VenuesScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new VenuesViewModel(
                context.desks().venues(), context.tasks(), context.notices(), i18n, context.staff());
        closing = new ClosuresViewModel(
                context.desks().courts(),
                context.desks().closures(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff());
        blocks = new BlocksViewModel(
                context.desks().courts(),
                context.desks().blocks(),
                context.tasks(),
                context.notices(),
                i18n,
                context.staff());
        model.whenLoaded((venuesRead, sportsRead) -> {
            closing.refresh(venuesRead, sportsRead);
            blocks.refresh(venuesRead);
        });
        prices = new PricesViewModel(
                context.desks().venues(), context.tasks(), context.notices(), i18n, context.staff());

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
        venues.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> prices.pick(row));

        TableView<VenuesViewModel.SportRow> sports = table("sportsTable", i18n.t("venues.none"));
        sports.getColumns().add(column(i18n.t("venues.sport"), VenuesViewModel.SportRow::name));
        sports.getColumns().add(column(i18n.t("venues.slot"), VenuesViewModel.SportRow::slot));
        sports.getColumns()
                .add(column(i18n.t("venues.places"), row -> row.sport().placesPerCourt()));
        sports.getColumns().add(column(i18n.t("venues.dayShare"), VenuesViewModel.SportRow::dayShare));
        sports.getColumns().add(column(i18n.t("venues.weekShare"), VenuesViewModel.SportRow::weekShare));
        sports.setItems(model.sportRows());
        sports.setPrefHeight(150);
        sports.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> model.pick(row));
        TextField code = field("sportCode", i18n.t("venues.codePrompt"), model.sportCodeProperty(), 9);
        TextField sportZh = field("sportNameZh", i18n.t("venues.nameZh"), model.sportZhProperty(), 8);
        TextField sportEn = field("sportNameEn", i18n.t("venues.nameEn"), model.sportEnProperty(), 10);
        TextField slot = field("sportSlot", i18n.t("venues.slotPrompt"), model.slotMinutesProperty(), 6);
        TextField places = field("sportPlaces", i18n.t("venues.placesPrompt"), model.placesProperty(), 6);
        TextField perDay = field("sportPerDay", i18n.t("venues.perDayPrompt"), model.perDayProperty(), 8);
        TextField perWeek = field("sportPerWeek", i18n.t("venues.perWeekPrompt"), model.perWeekProperty(), 8);
        Button saveSport = button(i18n.t("venues.saveSport"), "saveSport", model::saveSport);
        saveSport
                .disableProperty()
                .bind(model.sportCodeProperty()
                        .isEmpty()
                        .or(model.sportZhProperty().isEmpty())
                        .or(model.sportEnProperty().isEmpty()));

        TableView<ClosuresViewModel.ClosureRow> closures = table("closuresTable", i18n.t("venues.noClosure"));
        closures.getColumns().add(column(i18n.t("venues.what"), ClosuresViewModel.ClosureRow::what));
        closures.getColumns().add(column(i18n.t("venues.when"), ClosuresViewModel.ClosureRow::when));
        closures.getColumns().add(column(i18n.t("venues.reason"), ClosuresViewModel.ClosureRow::reason));
        closures.getColumns().add(column(i18n.t("venues.did"), ClosuresViewModel.ClosureRow::did));
        closures.setItems(closing.rows());
        closures.setPrefHeight(150);
        ComboBox<ClosuresViewModel.Target> which = new ComboBox<>(closing.targets());
        which.setId("closeWhat");
        which.valueProperty().bindBidirectional(closing.targetProperty());
        which.setPrefWidth(320);
        DatePicker from = datePicker("closeFrom");
        from.valueProperty().bindBidirectional(closing.fromProperty());
        TextField fromTime = field("closeFromTime", i18n.t("venues.fromTimePrompt"), closing.fromTimeProperty(), 6);
        DatePicker until = datePicker("closeUntil");
        until.valueProperty().bindBidirectional(closing.untilProperty());
        TextField untilTime = field("closeUntilTime", i18n.t("venues.untilTimePrompt"), closing.untilTimeProperty(), 6);
        TextField reason = field("closeReason", i18n.t("venues.reasonPrompt"), closing.reasonProperty(), 24);
        Button close = button(i18n.t("venues.closeDays"), "closeFor", closing::close);
        close.disableProperty()
                .bind(closing.reasonProperty()
                        .isEmpty()
                        .or(closing.fromProperty().isNull()));
        Button lift = button(
                i18n.t("venues.lift"),
                "liftClosure",
                () -> closing.lift(closures.getSelectionModel().getSelectedItem()));
        lift.disableProperty()
                .bind(closures.getSelectionModel().selectedItemProperty().isNull());

        ScrollPane page = new ScrollPane(screen(
                title(i18n.t("nav.venues")),
                venues,
                bar(zh, en, where, add, toggle),
                PricesPane.of(i18n, prices),
                new Label(i18n.t("venues.sportsTitle")),
                sports,
                bar(code, sportZh, sportEn, slot, places),
                bar(perDay, perWeek, saveSport),
                new Label(i18n.t("venues.closuresTitle")),
                closures,
                bar(which, from, fromTime, new Label(i18n.t("venues.to")), until, untilTime),
                bar(reason, close, lift),
                BlocksPane.of(i18n, blocks)));
        page.setFitToWidth(true);
        root = page;
    }

    static TextField field(String id, String prompt) {
        TextField field = new TextField();
        field.setId(id);
        field.setPromptText(prompt);
        return field;
    }

    /** A field bound to {@code value}, at least as wide as its hint (which says what to type in it). */
    static TextField field(String id, String prompt, StringProperty value, int columns) {
        TextField field = field(id, prompt);
        field.textProperty().bindBidirectional(value);
        field.setPrefColumnCount(columns);
        Text hint = new Text(prompt);
        hint.setFont(Font.font(Widgets.FONT_FAMILY, 13));
        field.setMinWidth(Math.ceil(hint.getLayoutBounds().getWidth()) + HINT_ROOM);
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
        model.refresh(); // and the closures with what it read
    }

    public VenuesViewModel model() {
        return model;
    }

    public ClosuresViewModel closing() {
        return closing;
    }

    public PricesViewModel prices() {
        return prices;
    }

    public BlocksViewModel blocks() {
        return blocks;
    }
}
