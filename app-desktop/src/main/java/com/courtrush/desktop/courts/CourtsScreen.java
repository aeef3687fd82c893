package com.courtrush.desktop.courts;

import static com.courtrush.desktop.ui.Widgets.bar;
import static com.courtrush.desktop.ui.Widgets.button;
import static com.courtrush.desktop.ui.Widgets.column;
import static com.courtrush.desktop.ui.Widgets.screen;
import static com.courtrush.desktop.ui.Widgets.table;
import static com.courtrush.desktop.ui.Widgets.title;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.ConsoleContext;
import com.courtrush.desktop.ui.Questions;
import com.courtrush.desktop.ui.Screen;
import java.time.LocalDate;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;

/** Courts: create (in a venue, for a sport), rename, enable/disable. */
public final class CourtsScreen implements Screen {

    private final CourtsViewModel model;
    private final Node root;

    public CourtsScreen(ConsoleContext context) {
        I18n i18n = context.i18n();
        model = new CourtsViewModel(
                context.desks().courts(),
                context.desks().venues(),
                context.desks().slots(),
                context.tasks(),
                context.notices(),
                i18n,
                () -> LocalDate.now(context.desks().clock()),
                context.staff());

        TextField name = new TextField();
        name.setId("courtName");
        name.setPromptText(i18n.t("courts.namePrompt"));
        name.setPrefColumnCount(22); // its hint was cut short
        name.textProperty().bindBidirectional(model.newNameProperty());
        Button create = button(i18n.t("courts.create"), "createCourt", model::create);
        create.disableProperty().bind(model.canCreateProperty().not());
        name.setOnAction(event -> {
            if (model.canCreateProperty().get()) {
                model.create();
            }
        });

        ComboBox<CourtsViewModel.Place> place = new ComboBox<>(model.places());
        place.setId("courtPlace");
        place.valueProperty().bindBidirectional(model.placeProperty());
        place.setPromptText(i18n.t("courts.place"));

        TableView<CourtsViewModel.CourtRow> table = table("courtsTable", i18n.t("courts.empty"));
        table.getColumns().add(column(i18n.t("courts.id"), CourtsViewModel.CourtRow::id));
        table.getColumns().add(column(i18n.t("courts.name"), CourtsViewModel.CourtRow::name));
        table.getColumns().add(column(i18n.t("courts.where"), CourtsViewModel.CourtRow::where));
        table.getColumns()
                .add(column(i18n.t("courts.state"), row -> i18n.t(row.active() ? "courts.active" : "courts.inactive")));
        table.setItems(model.rows());

        Button rename = button(i18n.t("courts.rename"), "renameCourt", () -> {
            CourtsViewModel.CourtRow row = table.getSelectionModel().getSelectedItem();
            Questions.ask(
                            table.getScene().getWindow(),
                            i18n,
                            i18n.t("courts.rename"),
                            i18n.t("courts.renamePrompt", row.name()),
                            row.name())
                    .ifPresent(newName -> model.rename(row, newName));
        });
        Button toggle = button(i18n.t("courts.toggle"), "toggleCourt", () -> {
            CourtsViewModel.CourtRow row = table.getSelectionModel().getSelectedItem();
            model.toggle(row);
        });
        Button move = button(
                i18n.t("courts.move"),
                "moveCourt",
                () -> model.move(table.getSelectionModel().getSelectedItem()));
        move.disableProperty()
                .bind(table.getSelectionModel()
                        .selectedItemProperty()
                        .isNull()
                        .or(place.valueProperty().isNull()));
        rename.disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());
        toggle.disableProperty()
                .bind(table.getSelectionModel().selectedItemProperty().isNull());

        root = screen(title(i18n.t("nav.courts")), bar(name, place, create), table, bar(rename, toggle, move));
    }

    @Override
    public String titleKey() {
        return "nav.courts";
    }

    @Override
    public Node root() {
        return root;
    }

    @Override
    public void shown() {
        model.refresh();
    }

    public CourtsViewModel model() {
        return model;
    }
}
